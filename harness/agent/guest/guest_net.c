// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "guest_files.h"
#include "guest_net.h"

static int ethtool_set(int fd, struct ifreq *ifr, unsigned int cmd,
		       unsigned int value)
{
	struct ethtool_value ev = { .cmd = cmd, .data = value };

	ifr->ifr_data = (char *)&ev;
	return ioctl(fd, SIOCETHTOOL, ifr);
}

int loopback_up(char *err, size_t errlen)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), rc;

	if (fd < 0) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	rc = ioctl(fd, SIOCGIFFLAGS, &ifr);
	ifr.ifr_flags |= IFF_UP;
	if (rc == 0)
		rc = ioctl(fd, SIOCSIFFLAGS, &ifr);
	if (rc < 0)
		snprintf(err, errlen, "bring lo up: %s", strerror(errno));
	close(fd);
	return rc;
}

int loopback_setup(int mtu, char *err, size_t errlen)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	const char *step = NULL;

	if (fd < 0) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0)
		step = "get lo flags";
	ifr.ifr_flags |= IFF_UP;
	if (!step && ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
		step = "bring lo up";
	ifr.ifr_mtu = mtu;
	if (!step && ioctl(fd, SIOCSIFMTU, &ifr) < 0)
		step = "set lo mtu";
	if (!step && ethtool_set(fd, &ifr, ETHTOOL_STSO, 0) < 0)
		step = "turn lo TSO off";
	if (!step && ethtool_set(fd, &ifr, ETHTOOL_SGSO, 0) < 0)
		step = "turn lo GSO off";
	if (step)
		snprintf(err, errlen, "%s (mtu %d): %s", step, mtu,
			 strerror(errno));
	close(fd);
	return step ? -1 : 0;
}

int loopback_rps_to_cpu(int cpu, char *err, size_t errlen)
{
	return loopback_rps_to_cpus(cpu, 1, err, errlen);
}

int loopback_rps_to_cpus(int first, int n, char *err, size_t errlen)
{
	char mask[32];

	snprintf(mask, sizeof(mask), "%llx", ((1ULL << n) - 1) << first);
	if (write_file("/sys/class/net/lo/queues/rx-0/rps_cpus", mask) < 0) {
		snprintf(err, errlen, "set lo rps_cpus to %s: %s", mask,
			 strerror(errno));
		return -1;
	}
	return 0;
}
