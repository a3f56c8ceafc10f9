/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CLIENT_PAIRS_H
#define MMX_CLIENT_PAIRS_H

#include <jansson.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * Upstream's benchmark shape (f735eebe55f8: netperf TCP_SENDFILE over
 * loopback, one client per cgroup): client i, in tenant i's memcg,
 * sendfile()s msg_size chunks of a memfd of its own to server i over TCP on
 * 127.0.0.1.  Loopback has no RPS here, so each packet is received in the
 * NET_RX softirq of the CPU that sent it: every CPU running a client is a
 * receive CPU, and its net_rx_action charges the server's memcg between
 * the client's own charges.  The servers are in one shared cgroup
 * (TENANT_PARENT/server: a netserver daemon forks its children in its own)
 * or, server_shared=0, each in its client's tenant.  No task is pinned:
 * the scheduler places them, as netperf's were.
 */
#define CLIENT_PAIRS_MAX 64
#define CLIENT_PAIRS_PORT 21000
#define CLIENT_PAIRS_FILE_BYTES (1 << 20)

struct client_pairs_shared {
	atomic_ullong bytes[CLIENT_PAIRS_MAX];	/* received by server i */
	atomic_int ready;			/* servers listening */
	atomic_int failed;			/* a child's step that failed, 0: none */
};

struct client_pairs {
	int n, msg_size, server_shared;
	pid_t servers[CLIENT_PAIRS_MAX], clients[CLIENT_PAIRS_MAX];
	struct client_pairs_shared *shared;
};

/*
 * Starts n servers and, once all listen, n clients (tenants 0..n-1 must
 * exist); -1 with err naming the step that failed.
 */
int client_pairs_start(struct client_pairs *p, int n, int msg_size, int server_shared,
		       char *err, size_t errlen);
unsigned long long client_pairs_bytes(const struct client_pairs *p, int i);
/* A child's failure since the start, as text; NULL when none. */
const char *client_pairs_failure(const struct client_pairs *p);
void client_pairs_describe(const struct client_pairs *p, json_t *metrics);
/* Kills every child and waits for them. */
void client_pairs_stop(struct client_pairs *p);

#endif
