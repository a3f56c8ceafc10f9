/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_NIC_PAIR_H
#define MMX_NIC_PAIR_H

#include <jansson.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stddef.h>

#include "irq_affinity.h"

/*
 * Topology "virtio": the receiving NIC stays in the initial namespace,
 * where the tenants' receivers live; the sending NIC moves into the
 * sender's own namespace, so every packet crosses the (QEMU-internal)
 * wire and arrives through the receiving NIC's NAPI poll.  That NIC's
 * interrupt is pinned to the receive CPU, so one CPU's net_rx_action
 * handles all tenants from one queue.
 */
struct nic_pair {
	char rx_if[IF_NAMESIZE], tx_if[IF_NAMESIZE];
	char rx_dev[32], tx_dev[32];	/* virtio bus names, as in /proc/interrupts */
	int rx_irqs[IRQ_MAX_FOUND], n_rx_irqs;
	int tx_irqs[IRQ_MAX_FOUND], n_tx_irqs;
	int irq_shared;		/* both NICs on one INTx line */
	int mtu;
	struct in_addr rx_addr, tx_addr;
};

/* Finds both NICs, configures the receiving one, pins the IRQs. */
int nic_pair_setup(struct nic_pair *p, int mtu, int rx_cpu, int tx_cpu,
		   char *err, size_t errlen);

/*
 * In the sender process: moves the calling process into a new network
 * namespace holding only the sending NIC, and configures that NIC.  The
 * namespace, and the NIC's stay in it, end with the process.
 */
int nic_pair_enter_sender_netns(const struct nic_pair *p, char *err,
				size_t errlen);

/* Names, IRQs and per-CPU IRQ counts into metrics, under "nic_pair". */
void nic_pair_describe(const struct nic_pair *p, int rx_cpu, json_t *metrics);

#endif
