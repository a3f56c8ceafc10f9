/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_NIC_PAIR_H
#define MMX_NIC_PAIR_H

#include <jansson.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stddef.h>

#include "../../common/nic_pair.h"
#include "irq_affinity.h"

/*
 * Topology "virtio": the receiving NIC stays in the initial namespace,
 * where the tenants' receivers live; the sending NIC moves into the
 * sender's own namespace, so every packet crosses the (QEMU-internal)
 * wire and arrives through the receiving NIC's NAPI poll.  That NIC's
 * interrupt is pinned to the receive CPU, so one CPU's net_rx_action
 * handles all tenants from one queue.
 *
 * rx_nics=K: K such pairs, pair k on 10.77.k.0/24, tenant t's flows on
 * pair t mod K.  Every receiving NIC's interrupt goes to the receive CPU,
 * so one net_rx_action pass polls several NAPI instances, as a
 * multiqueue NIC with all its receive IRQs on one CPU would (QEMU's
 * datagram backends have one queue pair: no real multiqueue here).
 */
struct nic_link {
	char rx_if[IF_NAMESIZE], tx_if[IF_NAMESIZE];
	char rx_dev[32], tx_dev[32];	/* virtio bus names, as in /proc/interrupts */
	int rx_irqs[IRQ_MAX_FOUND], n_rx_irqs;
	int tx_irqs[IRQ_MAX_FOUND], n_tx_irqs;
	struct in_addr rx_addr, tx_addr;
};

struct nic_pair {
	int count;		/* pairs, rx_nics */
	int irq_shared;		/* a receiving NIC's IRQ line is a sending NIC's too */
	int mtu;
	struct nic_link link[NIC_PAIR_MAX];
};

/* Finds every NIC, configures the receiving ones, pins the IRQs. */
int nic_pair_setup(struct nic_pair *p, int count, int mtu, int rx_cpu,
		   int tx_cpu, char *err, size_t errlen);

/* The receiving address of tenant t's flows: pair t mod count's. */
struct in_addr nic_pair_rx_addr(const struct nic_pair *p, int t);

/*
 * In the sender process: moves the calling process into a new network
 * namespace holding only the sending NICs, and configures them.  The
 * namespace, and the NICs' stay in it, end with the process.
 */
int nic_pair_enter_sender_netns(const struct nic_pair *p, char *err,
				size_t errlen);

/*
 * Names, IRQs and per-CPU IRQ counts into metrics, under "nic_pair":
 * pair 0 at the top level, every pair under "pairs".
 */
void nic_pair_describe(const struct nic_pair *p, int rx_cpu, json_t *metrics);

#endif
