/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_IPERF3_RUN_H
#define MMX_IPERF3_RUN_H

#include <sched.h>
#include <stddef.h>
#include <sys/types.h>

/* where the host puts iperf3 (with its libraries) in the guest image */
#define IPERF3_PATH "/usr/bin/iperf3"
#define IPERF3_MAX_TENANTS 32

/*
 * One one-shot iperf3 server per tenant, bound to 127.0.0.1, in the
 * tenant's memcg, and one client per server in the root cgroup.  Client t
 * writes its JSON report to the path iperf3_report_path(t) gives.
 */
struct iperf3_set {
	int tenants;
	pid_t servers[IPERF3_MAX_TENANTS];
	pid_t clients[IPERF3_MAX_TENANTS];
};

/* Starts the servers on cpus; returns once each one listens. */
int iperf3_servers_start(struct iperf3_set *s, int tenants,
			 const cpu_set_t *cpus, char *err, size_t errlen);
/* Starts every client on cpu: omit_s warm-up seconds, then duration_s. */
int iperf3_clients_start(struct iperf3_set *s, int duration_s, int omit_s,
			 int msg_size, int cpu, char *err, size_t errlen);
/*
 * Waits for the clients (then the servers, which end after their one
 * test) up to timeout_s; kills what is left.  -1 with err naming a client
 * that failed or did not finish.
 */
int iperf3_wait(struct iperf3_set *s, double timeout_s, char *err,
		size_t errlen);
void iperf3_report_path(int t, char *buf, size_t cap);

#endif
