/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PERF_PROBES_H
#define MMX_PERF_PROBES_H

#include <linux/perf_event.h>
#include <stdint.h>
#include <sys/types.h>

#define PROBE_MAX_CPUS 128

/*
 * One perf_event_open counter read as a window delta: either one event per
 * CPU (system-wide, pid -1) or one event on this process and every child it
 * forks later (inherit).  A counter the kernel refuses (unknown kprobe
 * symbol, missing tracepoint, no PMU) is "absent" with the errno kept: a
 * report must keep that apart from a count of zero.
 */
struct perf_counter {
	const char *name;
	int absent;
	int open_errno;
	int ncpus;		/* number of fds: CPUs 0..ncpus-1, or 1 for a task counter */
	int task;		/* opened by perf_counter_open_task */
	int fds[PROBE_MAX_CPUS];
	uint64_t start[PROBE_MAX_CPUS];
	uint64_t delta[PROBE_MAX_CPUS];
};

/* One counting event per CPU 0..ncpus-1. */
void perf_counter_open_cpus(struct perf_counter *pc, const char *name,
			    struct perf_event_attr *attr, int ncpus);
/* One counting event on the caller and the children it forks afterwards. */
void perf_counter_open_task(struct perf_counter *pc, const char *name,
			    struct perf_event_attr *attr);
/* One counting event on one existing thread (a kernel thread, say), alone. */
void perf_counter_open_thread(struct perf_counter *pc, const char *name,
			      struct perf_event_attr *attr, pid_t tid);
/* Calls of kernel function symbol on every CPU, through the kprobe PMU. */
void kprobe_counter_open(struct perf_counter *pc, const char *symbol, int ncpus);
/*
 * Hits of tracepoint "system:event" on every CPU; filter (ftrace filter
 * syntax, e.g. "vec == 3") may be NULL.  The id comes from tracefs.
 */
void tracepoint_counter_open(struct perf_counter *pc, const char *event,
			     const char *filter, int ncpus);

void perf_counter_start(struct perf_counter *pc);
void perf_counter_stop(struct perf_counter *pc);
/*
 * The same for one CPU's event of a per-CPU counter.  Reading an event of
 * another CPU costs an IPI (milliseconds under TCG): a caller reading many
 * counters runs on each CPU in turn and reads that CPU's events there.
 */
void perf_counter_start_cpu(struct perf_counter *pc, int cpu);
void perf_counter_stop_cpu(struct perf_counter *pc, int cpu);
uint64_t perf_counter_total(const struct perf_counter *pc);
void perf_counter_close(struct perf_counter *pc);

#endif
