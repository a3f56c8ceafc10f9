// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "guest_files.h"
#include "iface_config.h"

/* EOPNOTSUPP: a device without the feature (virtio-net with no vnet header has no TSO) */
static int ethtool_off(int fd, const char *ifname, unsigned int cmd)
{
	struct ethtool_value ev = { .cmd = cmd, .data = 0 };
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_data = (char *)&ev;
	if (ioctl(fd, SIOCETHTOOL, &ifr) < 0 && errno != EOPNOTSUPP)
		return -1;
	return 0;
}

static void set_inet(struct sockaddr *sa, in_addr_t addr)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };

	sin.sin_addr.s_addr = addr;
	memcpy(sa, &sin, sizeof(sin));
}

int iface_configure(const char *ifname, const struct iface_settings *s,
		    char *err, size_t errlen)
{
	in_addr_t mask = s->prefix_len ? htonl(~0U << (32 - s->prefix_len)) : 0;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	const char *step = NULL;
	char path[128];
	struct ifreq ifr;

	if (fd < 0) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	/* best effort: only quiets IPv6 autoconfiguration traffic */
	snprintf(path, sizeof(path), "/proc/sys/net/ipv6/conf/%s/disable_ipv6", ifname);
	write_file(path, "1");
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_mtu = s->mtu;
	if (ioctl(fd, SIOCSIFMTU, &ifr) < 0)
		step = "set mtu";
	set_inet(&ifr.ifr_addr, s->addr.s_addr);
	if (!step && ioctl(fd, SIOCSIFADDR, &ifr) < 0)
		step = "set address";
	set_inet(&ifr.ifr_netmask, mask);
	if (!step && ioctl(fd, SIOCSIFNETMASK, &ifr) < 0)
		step = "set netmask";
	if (!step && s->gro_off && ethtool_off(fd, ifname, ETHTOOL_SGRO) < 0)
		step = "turn GRO off";
	if (!step && s->tso_gso_off && (ethtool_off(fd, ifname, ETHTOOL_STSO) < 0 ||
					ethtool_off(fd, ifname, ETHTOOL_SGSO) < 0))
		step = "turn TSO/GSO off";
	if (!step && ioctl(fd, SIOCGIFFLAGS, &ifr) < 0)
		step = "get flags";
	ifr.ifr_flags |= IFF_UP;
	if (!step && ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
		step = "bring up";
	if (step)
		snprintf(err, errlen, "%s: %s (mtu %d): %s", ifname, step, s->mtu,
			 strerror(errno));
	close(fd);
	return step ? -1 : 0;
}

int iface_by_mac(const char *mac, char *name, size_t cap)
{
	DIR *d = opendir("/sys/class/net");
	struct dirent *e;
	int found = -1;

	if (!d)
		return -1;
	while (found < 0 && (e = readdir(d))) {
		char path[300], addr[64];

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/class/net/%s/address", e->d_name);
		if (read_file(path, addr, sizeof(addr)) < 0)
			continue;
		addr[strcspn(addr, "\n")] = '\0';
		if (strcasecmp(addr, mac) == 0) {
			snprintf(name, cap, "%s", e->d_name);
			found = 0;
		}
	}
	closedir(d);
	return found;
}
