// SPDX-License-Identifier: GPL-2.0
/*
 * What the rx-mixed load's receivers and sender share: the counters in
 * shared memory, each flow's address, and CPU pinning.
 */
#include <arpa/inet.h>
#include <sched.h>

#include "rx_flows.h"

void pin_to(const cpu_set_t *set)
{
	sched_setaffinity(0, sizeof(*set), set);
}

void pin_to_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	pin_to(&set);
}

/* TCP: one listening port per tenant; UDP: one bound port per flow. */
struct sockaddr_in flow_addr(const struct rx_load *l, int t, int f)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	int port = RX_BASE_PORT + t + (l->proto == RX_PROTO_UDP ? f * RX_MAX_TENANTS : 0);

	a.sin_port = htons((unsigned short)port);
	if (l->topology == RX_TOPO_VIRTIO)
		a.sin_addr = nic_pair_rx_addr(&l->nics, t);
	else
		a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

int socket_type(const struct rx_load *l)
{
	return l->proto == RX_PROTO_UDP ? SOCK_DGRAM : SOCK_STREAM;
}

/* Flows of one tenant: flows on each receive CPU. */
int tenant_flows(const struct rx_load *l)
{
	return l->flows * l->rx_cpus;
}
