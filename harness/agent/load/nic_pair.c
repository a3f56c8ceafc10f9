// SPDX-License-Identifier: GPL-2.0
#include <arpa/inet.h>
#include <errno.h>
#include <libgen.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "guest_files.h"
#include "iface_config.h"
#include "netlink_link.h"
#include "nic_pair.h"

/* private /24s (10.77.k.0/24, pair k) that exist only on the QEMU-internal wires */
#define ADDR_FMT "10.77.%d.%d"
#define RX_HOST 1
#define TX_HOST 2
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

static int find_nic(int k, int which, const char *role, char *ifname, char *dev,
		    size_t devcap, char *err, size_t errlen)
{
	char mac[48];

	snprintf(mac, sizeof(mac), NIC_PAIR_MAC_FMT, k, which);
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

static void link_addr(struct in_addr *a, int k, int host)
{
	char text[20];

	snprintf(text, sizeof(text), ADDR_FMT, k, host);
	inet_pton(AF_INET, text, a);
}

/* Pair k's NICs, addresses and IRQs. */
static int find_link(struct nic_link *l, int k, char *err, size_t errlen)
{
	int shared;

	link_addr(&l->rx_addr, k, RX_HOST);
	link_addr(&l->tx_addr, k, TX_HOST);
	if (find_nic(k, NIC_PAIR_MAC_RX, "receiving", l->rx_if, l->rx_dev,
		     sizeof(l->rx_dev), err, errlen) < 0 ||
	    find_nic(k, NIC_PAIR_MAC_TX, "sending", l->tx_if, l->tx_dev,
		     sizeof(l->tx_dev), err, errlen) < 0)
		return -1;
	/* MSI-X names the queue ("-input.0"); legacy INTx only the device */
	l->n_rx_irqs = irq_find(l->rx_dev, "-input", l->rx_irqs, IRQ_MAX_FOUND,
				&shared);
	l->n_tx_irqs = irq_find(l->tx_dev, "-", l->tx_irqs, IRQ_MAX_FOUND, &shared);
	if (l->n_rx_irqs == 0) {
		snprintf(err, errlen, "no IRQ of %s (%s) in /proc/interrupts",
			 l->rx_if, l->rx_dev);
		return -1;
	}
	return 0;
}

/* whether a receiving NIC's IRQ is also a sending NIC's (ACKs on rx_cpu) */
static int rx_irq_shared_with_tx(const struct nic_pair *p)
{
	for (int a = 0; a < p->count; a++)
		for (int i = 0; i < p->link[a].n_rx_irqs; i++)
			for (int b = 0; b < p->count; b++)
				for (int j = 0; j < p->link[b].n_tx_irqs; j++)
					if (p->link[a].rx_irqs[i] == p->link[b].tx_irqs[j])
						return 1;
	return 0;
}

int nic_pair_setup(struct nic_pair *p, int count, int mtu, int rx_cpu,
		   int tx_cpu, char *err, size_t errlen)
{
	struct iface_settings rx = { .prefix_len = PREFIX_LEN, .mtu = mtu,
				     .gro_off = 1 };

	memset(p, 0, sizeof(*p));
	if (count < 1 || count > NIC_PAIR_MAX) {
		snprintf(err, errlen, "rx_nics=%d: 1 to %d NIC pairs", count,
			 NIC_PAIR_MAX);
		return -1;
	}
	p->count = count;
	p->mtu = mtu;
	for (int k = 0; k < count; k++)
		if (find_link(&p->link[k], k, err, errlen) < 0)
			return -1;
	p->irq_shared = rx_irq_shared_with_tx(p);
	/* the sender's interrupts first, so a shared line ends on rx_cpu */
	for (int k = 0; k < count; k++)
		for (int i = 0; i < p->link[k].n_tx_irqs; i++)
			if (irq_pin_to_cpu(p->link[k].tx_irqs[i], tx_cpu, err, errlen) < 0)
				return -1;
	for (int k = 0; k < count; k++)
		for (int i = 0; i < p->link[k].n_rx_irqs; i++)
			if (irq_pin_to_cpu(p->link[k].rx_irqs[i], rx_cpu, err, errlen) < 0)
				return -1;
	for (int k = 0; k < count; k++) {
		rx.addr = p->link[k].rx_addr;
		if (iface_configure(p->link[k].rx_if, &rx, err, errlen) < 0)
			return -1;
	}
	return 0;
}

struct in_addr nic_pair_rx_addr(const struct nic_pair *p, int t)
{
	return p->link[p->count > 1 ? t % p->count : 0].rx_addr;
}

int nic_pair_enter_sender_netns(const struct nic_pair *p, char *err,
				size_t errlen)
{
	struct iface_settings tx = { .prefix_len = PREFIX_LEN, .mtu = p->mtu,
				     .tso_gso_off = 1 };
	int ifindex[NIC_PAIR_MAX];
	int nl;

	for (int k = 0; k < p->count; k++) {
		ifindex[k] = (int)if_nametoindex(p->link[k].tx_if);
		if (ifindex[k] == 0) {
			snprintf(err, errlen, "sending NIC %s: %s", p->link[k].tx_if,
				 strerror(errno));
			return -1;
		}
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
	for (int k = 0; k < p->count; k++) {
		if (netlink_link_to_netns(nl, ifindex[k], getpid(), err, errlen) < 0) {
			close(nl);
			return -1;
		}
	}
	close(nl);
	for (int k = 0; k < p->count; k++) {
		tx.addr = p->link[k].tx_addr;
		if (iface_configure(p->link[k].tx_if, &tx, err, errlen) < 0)
			return -1;
	}
	return 0;
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

/* packets the receiving NIC took since boot (it is in this namespace) */
static json_t *rx_packets(const char *ifname)
{
	char path[300];

	snprintf(path, sizeof(path), "/sys/class/net/%s/statistics/rx_packets", ifname);
	return json_integer(read_number_file(path));
}

static json_t *link_describe(const struct nic_link *l, int rx_cpu)
{
	char rx_addr[INET_ADDRSTRLEN], tx_addr[INET_ADDRSTRLEN];

	inet_ntop(AF_INET, &l->rx_addr, rx_addr, sizeof(rx_addr));
	inet_ntop(AF_INET, &l->tx_addr, tx_addr, sizeof(tx_addr));
	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:o, s:o, s:o}",
			 "rx_if", l->rx_if, "rx_dev", l->rx_dev, "rx_addr", rx_addr,
			 "tx_if", l->tx_if, "tx_dev", l->tx_dev, "tx_addr", tx_addr,
			 "rx_irqs", irq_list(l->rx_irqs, l->n_rx_irqs, rx_cpu),
			 "tx_irqs", irq_list(l->tx_irqs, l->n_tx_irqs, rx_cpu),
			 "rx_packets", rx_packets(l->rx_if));
}

void nic_pair_describe(const struct nic_pair *p, int rx_cpu, json_t *metrics)
{
	json_t *pairs = json_array(), *first;

	for (int k = 0; k < p->count; k++)
		json_array_append_new(pairs, link_describe(&p->link[k], rx_cpu));
	/* pair 0 at the top, as with one pair: the same counts, read once */
	first = json_array_get(pairs, 0);
	json_object_set_new(metrics, "nic_pair", json_pack(
		"{s:O, s:O, s:O, s:O, s:O, s:O, s:b, s:i, s:o}",
		"rx_if", json_object_get(first, "rx_if"),
		"rx_dev", json_object_get(first, "rx_dev"),
		"tx_if", json_object_get(first, "tx_if"),
		"tx_dev", json_object_get(first, "tx_dev"),
		"rx_irqs", json_object_get(first, "rx_irqs"),
		"tx_irqs", json_object_get(first, "tx_irqs"),
		"irq_shared", p->irq_shared, "count", p->count, "pairs", pairs));
	json_object_set_new(metrics, "rx_nics", json_integer(p->count));
}
