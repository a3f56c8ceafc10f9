/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RX_LOAD_H
#define MMX_RX_LOAD_H

#include <stddef.h>
#include <sys/types.h>

#define RX_MAX_TENANTS 64
#define RX_MAX_FLOWS 16
/* CPU layout (needs at least 3 CPUs): CPU 1 receives, CPU 2 sends. */
#define RX_CPU 1
#define SENDER_CPU 2

/*
 * The rx-mixed load on topology lo-rps: one receiver process per tenant in
 * that tenant's memcg, one sender in the root cgroup writing to every flow
 * in turn, RPS steering all loopback packets to RX_CPU, which runs no task
 * of the load, so its net_rx_action charges every tenant interleaved.
 */
struct rx_load {
	int tenants, flows;
	pid_t pids[RX_MAX_TENANTS + 1];	/* receivers, then the sender */
	struct rx_shared *shared;
};

/* Sets up loopback, RPS and the tenant cgroups, starts receivers and sender. */
int rx_load_start(struct rx_load *l, int tenants, int flows, int msg_size,
		  int mtu, char *err, size_t errlen);
/* Bytes tenant t has received so far. */
unsigned long long rx_load_bytes(const struct rx_load *l, int t);
/* Stops the sender, lets receivers see EOF and exit, reaps everything. */
void rx_load_stop(struct rx_load *l);

#endif
