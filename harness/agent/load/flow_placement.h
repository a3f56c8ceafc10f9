/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_FLOW_PLACEMENT_H
#define MMX_FLOW_PLACEMENT_H

#include <jansson.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

#include "rx_load.h"

/*
 * Flow placement for the rx load with several receive CPUs.  RPS over
 * CPUs RX_CPU..rx_cpus picks a flow's CPU from its hash, which is random
 * per connection, so which tenant lands where would change from boot to
 * boot.  Placement makes it deterministic: flow j of every tenant must be
 * received on CPU RX_CPU + j % rx_cpus.  The sender connects each flow,
 * sends a byte, and waits for the tenant's receiver to read
 * SO_INCOMING_CPU (the CPU that processed the flow's last packet) on its
 * end; a flow on the wrong CPU is closed and connected again from a new
 * source port (a new hash), at most PLACEMENT_MAX_TRIES times.  Sender and
 * receivers meet in a struct placement in shared memory.
 *
 * Sender sockets have SO_TXREHASH off: TCP picks a new hash after a
 * retransmission timeout, which would move the flow.
 */

/* a flow misses with odds (rx_cpus - 1) / rx_cpus per try: 1e-10 at 6 */
#define PLACEMENT_MAX_TRIES 128

struct placement;

/* Maps it for tenants x flows (per tenant); before fork, in the root cgroup. */
struct placement *placement_create(int tenants, int flows, int rx_cpus,
				   char *err, size_t errlen);
/* Every flow placed: the load runs. */
bool placement_done(const struct placement *p);

/* The sender's destination of flow j of tenant t. */
typedef struct sockaddr_in (*placement_addr_fn)(const void *ctx, int t, int j);

/*
 * Sender: connects every flow (fds[j * tenants + t], SOCK_STREAM or
 * SOCK_DGRAM, non-blocking) and places it; 0, or -1 with err naming the
 * flow that could not be placed.
 */
int placement_connect_all(struct placement *p, int type, placement_addr_fn addr,
			  const void *ctx, int *fds, char *err, size_t errlen);

/* A receiver's own view of its flows. */
struct placement_rx {
	struct placement *p;
	int t;
	int gen[RX_MAX_TENANT_FLOWS];		/* the sender's try it has */
	int reported[RX_MAX_TENANT_FLOWS];	/* the try it reported */
};

void placement_rx_init(struct placement_rx *r, struct placement *p, int t);
/* TCP: the flow an accepted connection belongs to (its source port), or -1. */
int placement_rx_accepted(struct placement_rx *r, int fd);
/* UDP: connects each flow's socket to the sender's current one. */
void placement_rx_follow(struct placement_rx *r, const struct pollfd *flows);
/* After flow j carried bytes: reports where, once per try. */
void placement_rx_received(struct placement_rx *r, int j, int fd);
/* Answers placement_describe's question when it is asked. */
void placement_rx_answer(struct placement_rx *r, const struct pollfd *flows);

/*
 * Parent, while the load runs: flow_placement_tries, flows_per_rx_cpu and
 * flows_off_target_at_end into metrics (asks the receivers, waits <= 3 s).
 */
void placement_describe(struct placement *p, json_t *metrics);

#endif
