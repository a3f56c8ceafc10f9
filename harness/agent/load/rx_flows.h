/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RX_FLOWS_H
#define MMX_RX_FLOWS_H

#include <netinet/in.h>
#include <sched.h>

#include "rx_load.h"

/* What the rx-mixed load's processes share (rx_flows.c). */

/* in shared memory: written by receivers and sender, read by the agent */
struct rx_shared {
	_Atomic unsigned long long bytes[RX_MAX_TENANTS];
	_Atomic unsigned long long sent[RX_MAX_TENANTS];
	/* the CPUs each receiver may run on (bit c: CPU c), once pinned */
	_Atomic unsigned long long cpu_mask[RX_MAX_TENANTS];
};

void pin_to(const cpu_set_t *set);
void pin_to_cpu(int cpu);
/* TCP: one listening port per tenant; UDP: one bound port per flow. */
struct sockaddr_in flow_addr(const struct rx_load *l, int t, int f);
int socket_type(const struct rx_load *l);
/* Flows of one tenant: flows on each receive CPU. */
int tenant_flows(const struct rx_load *l);

#endif
