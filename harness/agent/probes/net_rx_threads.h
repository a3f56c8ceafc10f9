/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_NET_RX_THREADS_H
#define MMX_NET_RX_THREADS_H

#include <jansson.h>

#include "perf_probes.h"

/*
 * Where NET_RX work runs outside the softirq.  PREEMPT_RT polls each CPU's
 * backlog in its "backlog_napi/N" thread (so does thread_backlog_napi on
 * other kernels), threaded NAPI polls in "napi/DEV-ID", and "ksoftirqd/N"
 * runs the softirqs deferred to a thread.  The ftrace profile of
 * net_rx_action sees neither of the first two: on RT it read 0 in every
 * run.  This says where the work ran, one task-clock counter (ns) per
 * thread, as a delta over the window (the poll time itself, wherever it
 * ran, is __napi_poll's in measure_window):
 *
 *	net_rx_thread_ns	the backlog_napi/N and napi/DEV-ID threads: NET_RX
 *				processing done in threads
 *	ksoftirqd_ns		every softirq ksoftirqd ran (net_rx_action's
 *				share of it is in net_rx_softirq_ns already)
 *
 * each with a _per_cpu array (a thread's CPU: N in its name, else the CPU it
 * last ran on), null with net_rx_threads_error when the counters cannot be
 * opened.  A kernel without such threads reports 0: nothing ran there.
 */
#define NET_RX_MAX_THREADS 160

enum net_rx_thread_kind {
	NET_RX_THREAD_NONE,
	NET_RX_THREAD_BACKLOG,		/* backlog_napi/N */
	NET_RX_THREAD_NAPI,		/* napi/DEV-ID */
	NET_RX_THREAD_KSOFTIRQD,	/* ksoftirqd/N */
};

struct net_rx_threads {
	int ncpus, n, open_errno;
	char failed_comm[32];
	struct {
		pid_t tid;
		enum net_rx_thread_kind kind;
		int cpu;		/* from the name, or -1: read at the end */
		struct perf_counter clock;
	} t[NET_RX_MAX_THREADS];
};

/*
 * The kind of a thread by its comm; *cpu is N of "backlog_napi/N" and
 * "ksoftirqd/N", -1 otherwise.
 */
enum net_rx_thread_kind net_rx_thread_kind(const char *comm, int *cpu);
/* Finds the threads and opens their counters (before the load starts). */
void net_rx_threads_open(struct net_rx_threads *s, int ncpus);
void net_rx_threads_begin(struct net_rx_threads *s);
void net_rx_threads_end(struct net_rx_threads *s);
/* Adds the metrics above. */
void net_rx_threads_report(const struct net_rx_threads *s, json_t *metrics);
void net_rx_threads_close(struct net_rx_threads *s);

#endif
