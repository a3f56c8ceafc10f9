/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_MEASURE_WINDOW_H
#define MMX_MEASURE_WINDOW_H

#include <jansson.h>
#include <stddef.h>

#include "kprobe_missed.h"
#include "net_rx_threads.h"
#include "perf_probes.h"
#include "perf_record.h"
#include "proc_counters.h"
#include "stats_reader.h"

/*
 * The measured window every workload puts around its load, so that all
 * loads report the same counters under the same names (README, "Metrics
 * reference"):
 *
 *	struct measure_window w;
 *
 *	window_open(&w, params, err, errlen);	// before the load starts
 *	start the load, warm up
 *	window_begin(&w);
 *	... the measured seconds; count the work done in units ...
 *	window_end(&w);
 *	stop the load
 *	window_report(&w, metrics, units, "mb");	// or "fault", ...
 *	window_close(&w);
 *
 * window_open arms everything that patches kernel text (kprobes, the ftrace
 * profiler), which is unsafe while traffic flows, so it runs first.  Counters
 * are per CPU on every online CPU, read as deltas between begin and end:
 * software (cpu-clock, context switches; task-clock of this process and the
 * load it forks after window_open), hardware cycles and instructions (null
 * with "hw_counters": "unavailable: ..." without a PMU, as under TCG),
 * tracepoints (NET_RX softirq entries, napi polls, netif_receive_skb),
 * kprobes on the charge path, the inclusive on-CPU time of net_rx_action
 * (the NET_RX softirq) and of __napi_poll (every NAPI poll, in the softirq
 * or in a thread, as on PREEMPT_RT), the CPU time of the NAPI threads and
 * ksoftirqd (net_rx_threads.h), and
 * /proc/stat, /proc/softirqs, /proc/net/softnet_stat.
 *
 * Parameters read from params when present (0 when not declared):
 *	profile=1		perf record of profile_cpu's kernel with
 *				callchains (perf_record.h, perf_profile.h);
 *				net_rx_action's time is then not measured
 *				(see window_open)
 *	stats_reader_hz=N	memory.stat reader during the window
 *				(stats_reader.h) over tenants 0..tenants-1
 */
#define WINDOW_MAX_KPROBES 24
#define WINDOW_TRACEPOINTS 3
#define WINDOW_PROFILE_HZ 1000

struct measure_window {
	int ncpus;
	/*
	 * The CPU profile=1 records: RX_CPU, where window_open starts perf
	 * (-1 would be all).
	 */
	int profile_cpu;
	/* tenants the stats reader reads: params "tenants", or set it */
	int stats_reader_tenants;
	/*
	 * The workload's hot CPUs, RX_CPU.. RX_CPU + rx_cpus - 1 (1 from
	 * window_open; rx-mixed sets its receive CPUs): the charge counters
	 * are split between them and the others.
	 */
	int rx_cpus;

	int profile, stats_reader_hz;
	double t_begin, t_end;
	double read_s[2];	/* reading the counters at begin, at end */
	struct perf_counter cpu_clock, context_switches, task_clock;
	struct perf_counter hw_cycles, hw_instructions;
	struct perf_counter tracepoints[WINDOW_TRACEPOINTS];
	struct perf_counter kprobes[WINDOW_MAX_KPROBES];
	int nkprobes;
	struct kprobe_missed kprobes_missed;
	int have_rx_action, rx_action_unreadable;
	char rx_action_error[200];
	double rx_action_ns[2][PROBE_MAX_CPUS];
	long long rx_action_hits[2][PROBE_MAX_CPUS];
	double napi_poll_ns[2][PROBE_MAX_CPUS];	/* __napi_poll, same profiler */
	long long napi_poll_hits[2][PROBE_MAX_CPUS];
	struct net_rx_threads rx_threads;
	struct proc_counters proc[2];
	struct perf_record perf;
	char profile_error[256], profile_files_error[256];
	json_t *profile_report;
	struct stats_reader *stats_reader;
	json_t *stats_metrics;
};

/* Arms every counter; 0, or -1 with err when nothing can be measured. */
int window_open(struct measure_window *w, json_t *params, char *err,
		size_t errlen);
void window_begin(struct measure_window *w);
void window_end(struct measure_window *w);
/* Seconds between window_begin and window_end (guest monotonic clock). */
double window_seconds(const struct measure_window *w);
/*
 * Adds every counter to metrics and, when units > 0, <counter>_per_<unit>
 * for the natural ones (charges, uncharges, softirq ns, ...): units is the
 * work done in the window (MB received, faults, ...), unit_name its name.
 * Call before window_close.
 */
void window_report(struct measure_window *w, json_t *metrics, double units,
		   const char *unit_name);
/* Disarms everything; safe after a failed window_open. */
void window_close(struct measure_window *w);

#endif
