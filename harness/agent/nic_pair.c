// SPDX-License-Identifier: GPL-2.0
#include <arpa/inet.h>
#include <errno.h>
#include <libgen.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../common/nic_pair.h"
#include "iface_config.h"
#include "netlink_link.h"
#include "nic_pair.h"

/* a private /24 that exists only on the QEMU-internal wire */
#define RX_ADDR "10.77.0.1"
#define TX_ADDR "10.77.0.2"
#define PREFIX_LEN 24

/* "virtio0" for an interface whose device is /sys/bus/virtio/devices/virtio0 */
static int virtio_dev_of(const char *ifname, char *dev, size_t cap)
{
	char path[300], target[512];
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/class/net/%s/device", ifname);
	n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return -1;
	target[n] = '\0';
	snprintf(dev, cap, "%s", basename(target));
	return 0;
}

static int find_nic(const char *mac, const char *role, char *ifname, char *dev,
		    size_t devcap, char *err, size_t errlen)
{
	if (iface_by_mac(mac, ifname, IF_NAMESIZE) < 0) {
		snprintf(err, errlen, "no %s NIC with MAC %s: was the guest booted "
			 "with the virtio NIC pair (topology=virtio)?", role, mac);
		return -1;
	}
	if (virtio_dev_of(ifname, dev, devcap) < 0) {
		snprintf(err, errlen, "%s NIC %s has no virtio device link", role,
			 ifname);
		return -1;
	}
	return 0;
}

int nic_pair_setup(struct nic_pair *p, int mtu, int rx_cpu, int tx_cpu,
		   char *err, size_t errlen)
{
	struct iface_settings rx = { .prefix_len = PREFIX_LEN, .mtu = mtu,
				     .gro_off = 1 };
	int shared;

	memset(p, 0, sizeof(*p));
	p->mtu = mtu;
	inet_pton(AF_INET, RX_ADDR, &p->rx_addr);
	inet_pton(AF_INET, TX_ADDR, &p->tx_addr);
	if (find_nic(NIC_PAIR_RX_MAC, "receiving", p->rx_if, p->rx_dev,
		     sizeof(p->rx_dev), err, errlen) < 0 ||
	    find_nic(NIC_PAIR_TX_MAC, "sending", p->tx_if, p->tx_dev,
		     sizeof(p->tx_dev), err, errlen) < 0)
		return -1;
	/* MSI-X names the queue ("-input.0"); legacy INTx only the device */
	p->n_rx_irqs = irq_find(p->rx_dev, "-input", p->rx_irqs, IRQ_MAX_FOUND,
				&p->irq_shared);
	p->n_tx_irqs = irq_find(p->tx_dev, "-", p->tx_irqs, IRQ_MAX_FOUND, &shared);
	if (p->n_rx_irqs == 0) {
		snprintf(err, errlen, "no IRQ of %s (%s) in /proc/interrupts",
			 p->rx_if, p->rx_dev);
		return -1;
	}
	/* the sender's interrupts first, so a shared line ends on rx_cpu */
	for (int i = 0; i < p->n_tx_irqs; i++)
		if (irq_pin_to_cpu(p->tx_irqs[i], tx_cpu, err, errlen) < 0)
			return -1;
	for (int i = 0; i < p->n_rx_irqs; i++)
		if (irq_pin_to_cpu(p->rx_irqs[i], rx_cpu, err, errlen) < 0)
			return -1;
	rx.addr = p->rx_addr;
	return iface_configure(p->rx_if, &rx, err, errlen);
}

int nic_pair_enter_sender_netns(const struct nic_pair *p, char *err,
				size_t errlen)
{
	struct iface_settings tx = { .addr = p->tx_addr, .prefix_len = PREFIX_LEN,
				     .mtu = p->mtu, .tso_gso_off = 1 };
	int ifindex = (int)if_nametoindex(p->tx_if);
	int nl, rc;

	if (ifindex == 0) {
		snprintf(err, errlen, "sending NIC %s: %s", p->tx_if, strerror(errno));
		return -1;
	}
	/* opened before unshare: this socket still sees the initial namespace */
	nl = netlink_route_open(err, errlen);
	if (nl < 0)
		return -1;
	if (unshare(CLONE_NEWNET) < 0) {
		snprintf(err, errlen, "unshare(CLONE_NEWNET): %s", strerror(errno));
		close(nl);
		return -1;
	}
	rc = netlink_link_to_netns(nl, ifindex, getpid(), err, errlen);
	close(nl);
	if (rc < 0)
		return -1;
	return iface_configure(p->tx_if, &tx, err, errlen);
}

static json_t *irq_list(const int *irqs, int n, int cpu)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++) {
		long long c = irq_count_on_cpu(irqs[i], cpu);

		json_array_append_new(a, json_pack("{s:i, s:o}", "irq", irqs[i],
						   "count_on_rx_cpu",
						   c < 0 ? json_null() : json_integer(c)));
	}
	return a;
}

void nic_pair_describe(const struct nic_pair *p, int rx_cpu, json_t *metrics)
{
	json_object_set_new(metrics, "nic_pair", json_pack(
		"{s:s, s:s, s:s, s:s, s:o, s:o, s:b}",
		"rx_if", p->rx_if, "rx_dev", p->rx_dev,
		"tx_if", p->tx_if, "tx_dev", p->tx_dev,
		"rx_irqs", irq_list(p->rx_irqs, p->n_rx_irqs, rx_cpu),
		"tx_irqs", irq_list(p->tx_irqs, p->n_tx_irqs, rx_cpu),
		"irq_shared", p->irq_shared));
}
