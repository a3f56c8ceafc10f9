// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../common/cost_window.h"
#include "cpu_split.h"
#include "ftrace_profile.h"
#include "guest_time.h"
#include "measure_window.h"
#include "perf_profile.h"
#include "rx_load.h"

/*
 * Kernel functions whose calls are counted.  Static ones may be inlined
 * and a variant may remove or add some: those the running kernel lacks are
 * reported null and listed in kprobes_absent, never 0.
 */
static const char *const window_kprobes[] = {
	/* the shared page counters: a charge that missed the per-CPU stock */
	"page_counter_try_charge",
	"page_counter_charge",
	"page_counter_uncharge",
	"try_charge_memcg",
	"mem_cgroup_charge_skmem",
	"mem_cgroup_uncharge_skmem",
	/* the per-CPU charge stock */
	"consume_stock",
	"refill_stock",
	"__refill_stock",
	"drain_stock",
	"drain_local_stock",
	/* net-batch, split-stock, atomics-only: the stock's uncharge */
	"memcg_uncharge",
	/* multi-slot */
	"memcg_uncharge_direct",
	"drain_stock_slot",
	"memcg_stock_victim",
	/* net-batch: one net_rx_action's batch, opened and flushed */
	"__mem_cgroup_batch_charge_skmem_begin",
	"__mem_cgroup_batch_charge_skmem_end",
	"consume_skmem_batch",
	"refill_skmem_batch",
	/* objcg-locallock */
	"refill_obj_stock_slow",
};
#define NKPROBES (sizeof(window_kprobes) / sizeof(window_kprobes[0]))
_Static_assert(NKPROBES <= WINDOW_MAX_KPROBES, "raise WINDOW_MAX_KPROBES");
enum { K_TRY_CHARGE, K_CHARGE, K_UNCHARGE };

/* tracepoint counts: name in metrics, event, ftrace filter */
static const struct {
	const char *metric, *event, *filter;
} window_tracepoints[WINDOW_TRACEPOINTS] = {
	{ "net_rx_softirq_entries", "irq:softirq_entry", "vec == 3" }, /* NET_RX_SOFTIRQ */
	{ "napi_polls", "napi:napi_poll", NULL },
	{ "netif_receive_skbs", "net:netif_receive_skb", NULL },
};

static long long optional_int(json_t *params, const char *key)
{
	json_t *v = json_object_get(params, key);

	return json_is_number(v) ? (long long)json_number_value(v) : 0;
}

static void open_software(struct measure_window *w)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	perf_counter_open_cpus(&w->cpu_clock, "cpu-clock", &attr, w->ncpus);
	attr.config = PERF_COUNT_SW_CONTEXT_SWITCHES;
	perf_counter_open_cpus(&w->context_switches, "context-switches", &attr,
			       w->ncpus);
	/* the load's own CPU time: this process and what it forks from now */
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	perf_counter_open_task(&w->task_clock, "task-clock", &attr);
}

static void open_hardware(struct measure_window *w)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	perf_counter_open_cpus(&w->hw_cycles, "cycles", &attr, w->ncpus);
	attr.config = PERF_COUNT_HW_INSTRUCTIONS;
	perf_counter_open_cpus(&w->hw_instructions, "instructions", &attr,
			       w->ncpus);
}

/* perf starts before the load: its start-up is not part of the window */
static void open_profile(struct measure_window *w)
{
	if (perf_record_start(&w->perf, w->profile_cpu, WINDOW_PROFILE_HZ,
			      w->profile_error, sizeof(w->profile_error)) < 0)
		perf_record_close(&w->perf);
}

int window_open(struct measure_window *w, json_t *params, char *err,
		size_t errlen)
{
	char ferr[sizeof(w->rx_action_error)];

	memset(w, 0, sizeof(*w));
	w->ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (w->ncpus < 1) {
		snprintf(err, errlen, "online CPUs: %s", strerror(errno));
		return -1;
	}
	if (w->ncpus > PROBE_MAX_CPUS)
		w->ncpus = PROBE_MAX_CPUS;
	w->profile_cpu = RX_CPU < w->ncpus ? RX_CPU : 0;
	w->rx_cpus = 1;
	w->profile = optional_int(params, "profile") > 0;
	w->stats_reader_hz = (int)optional_int(params, "stats_reader_hz");
	w->stats_reader_tenants = (int)optional_int(params, "tenants");

	open_software(w);
	open_hardware(w);
	for (int i = 0; i < WINDOW_TRACEPOINTS; i++)
		tracepoint_counter_open(&w->tracepoints[i], window_tracepoints[i].event,
					window_tracepoints[i].filter, w->ncpus);
	w->nkprobes = (int)NKPROBES;
	for (int i = 0; i < w->nkprobes; i++)
		kprobe_counter_open(&w->kprobes[i], window_kprobes[i], w->ncpus);
	if (w->profile) {
		/*
		 * The profiler is a function_graph tracer: a sample landing in
		 * its return trampoline makes the ORC unwinder warn on the
		 * console ("stack going in the wrong direction? at
		 * return_to_handler"), which fails the run.
		 */
		snprintf(w->rx_action_error, sizeof(w->rx_action_error),
			 "not measured with profile=1 (function_graph breaks callchain unwinding)");
		open_profile(w);
	} else {
		w->have_rx_action = ftrace_profile_enable("net_rx_action __napi_poll",
							  ferr, sizeof(ferr)) == 0;
		if (!w->have_rx_action)
			snprintf(w->rx_action_error, sizeof(w->rx_action_error),
				 "%s", ferr);
	}
	net_rx_threads_open(&w->rx_threads, w->ncpus);
	return 0;
}

/* Every per-CPU counter of the window, then the task counter. */
static int window_counters(struct measure_window *w, struct perf_counter **out)
{
	int n = 0;

	out[n++] = &w->cpu_clock;
	out[n++] = &w->context_switches;
	out[n++] = &w->hw_cycles;
	out[n++] = &w->hw_instructions;
	for (int i = 0; i < WINDOW_TRACEPOINTS; i++)
		out[n++] = &w->tracepoints[i];
	for (int i = 0; i < w->nkprobes; i++)
		out[n++] = &w->kprobes[i];
	out[n++] = &w->task_clock;
	return n;
}
#define WINDOW_COUNTERS (5 + WINDOW_TRACEPOINTS + WINDOW_MAX_KPROBES)

static void close_counters(struct measure_window *w)
{
	struct perf_counter *pc[WINDOW_COUNTERS];
	int n = window_counters(w, pc);

	for (int i = 0; i < n; i++)
		perf_counter_close(pc[i]);
}

/*
 * Reads every counter, each CPU's events from that CPU: a read of another
 * CPU's event is an IPI, and a hundred of them took 0.5 s under TCG on a
 * loaded host, which stretched every counter's window past the measured
 * one.  Starting on the CPU the caller is on saves one migration, and
 * widening the affinity back afterwards costs none.  The task counter of
 * the load (its read visits every child) is read outside the CPU passes.
 */
static void snapshot_counters(struct measure_window *w, int at_end)
{
	void (*fn)(struct perf_counter *, int) = at_end ? perf_counter_stop_cpu :
						       perf_counter_start_cpu;
	struct perf_counter *pc[WINDOW_COUNTERS];
	int n = window_counters(w, pc), first = sched_getcpu();
	cpu_set_t saved, one;
	int pinned = sched_getaffinity(0, sizeof(saved), &saved) == 0;

	if (!at_end)
		perf_counter_start(&w->task_clock);
	if (first < 0 || first >= w->ncpus)
		first = 0;
	for (int k = 0; k < w->ncpus; k++) {
		int c = (first + k) % w->ncpus;

		CPU_ZERO(&one);
		CPU_SET(c, &one);
		if (pinned)
			sched_setaffinity(0, sizeof(one), &one);
		/* the cost plugin's window of this vCPU nests in the counters' */
		if (at_end && pinned)
			cost_window_mark_end();
		for (int i = 0; i < n; i++)
			fn(pc[i], c);
		if (!at_end && pinned)
			cost_window_mark_begin();
	}
	if (pinned)
		sched_setaffinity(0, sizeof(saved), &saved);
	if (at_end)
		perf_counter_stop(&w->task_clock);
}

static void read_rx_action(struct measure_window *w, int which)
{
	for (int c = 0; c < w->ncpus && w->have_rx_action; c++)
		if (ftrace_profile_read("net_rx_action", c, &w->rx_action_ns[which][c],
					&w->rx_action_hits[which][c]) < 0 ||
		    ftrace_profile_read("__napi_poll", c, &w->napi_poll_ns[which][c],
					&w->napi_poll_hits[which][c]) < 0)
			w->rx_action_unreadable = 1;
}

static void begin_profile(struct measure_window *w)
{
	if (w->profile && !w->profile_error[0])
		perf_record_enable(&w->perf, w->profile_error,
				   sizeof(w->profile_error));
}

void window_begin(struct measure_window *w)
{
	char err[200];

	if (w->stats_reader_hz > 0) {
		w->stats_reader = stats_reader_start(w->stats_reader_hz,
						     w->stats_reader_tenants,
						     err, sizeof(err));
		if (!w->stats_reader) {
			w->stats_metrics = json_object();
			json_object_set_new(w->stats_metrics, "stats_reader", json_null());
			json_object_set_new(w->stats_metrics, "stats_reader_error",
					    json_string(err));
		}
	}
	begin_profile(w);
	proc_counters_read(&w->proc[0]);
	read_rx_action(w, 0);
	net_rx_threads_begin(&w->rx_threads);
	w->read_s[0] = now_s();
	snapshot_counters(w, 0);
	w->t_begin = now_s();
	w->read_s[0] = w->t_begin - w->read_s[0];
}

void window_end(struct measure_window *w)
{
	w->t_end = now_s();
	snapshot_counters(w, 1);
	w->read_s[1] = now_s() - w->t_end;
	read_rx_action(w, 1);
	net_rx_threads_end(&w->rx_threads);
	proc_counters_read(&w->proc[1]);
	if (w->profile && !w->profile_error[0])
		perf_record_disable(&w->perf, w->profile_error,
				    sizeof(w->profile_error));
	if (w->stats_reader) {
		w->stats_metrics = json_object();
		stats_reader_stop(w->stats_reader, w->stats_metrics);
		w->stats_reader = NULL;
	}
}

double window_seconds(const struct measure_window *w)
{
	return w->t_end - w->t_begin;
}

static json_t *total_or_null(const struct perf_counter *pc)
{
	return pc->absent ? json_null() :
	       json_integer((json_int_t)perf_counter_total(pc));
}

static json_t *per_cpu_or_null(const struct perf_counter *pc)
{
	json_t *a;

	if (pc->absent)
		return json_null();
	a = json_array();
	for (int c = 0; c < pc->ncpus; c++)
		json_array_append_new(a, json_integer((json_int_t)pc->delta[c]));
	return a;
}

/* charges (try_charge + charge) and uncharges of the page counters per CPU */
static void report_charges_per_cpu(const struct measure_window *w, json_t *metrics)
{
	const struct perf_counter *k = w->kprobes;
	json_t *charges = json_array();

	for (int c = 0; c < w->ncpus; c++)
		json_array_append_new(charges, json_integer((json_int_t)(
			k[K_TRY_CHARGE].delta[c] + k[K_CHARGE].delta[c])));
	if (k[K_TRY_CHARGE].absent || k[K_CHARGE].absent) {
		json_decref(charges);
		charges = json_null();
	}
	json_object_set_new(metrics, "page_counter_charges_per_cpu", charges);
	json_object_set_new(metrics, "page_counter_uncharges_per_cpu",
			    per_cpu_or_null(&k[K_UNCHARGE]));
}

static void report_kprobes(const struct measure_window *w, json_t *metrics)
{
	json_t *counts = json_object(), *absent = json_array();
	json_t *errors = json_object();
	const struct perf_counter *k = w->kprobes;

	for (int i = 0; i < w->nkprobes; i++) {
		json_object_set_new(counts, window_kprobes[i], total_or_null(&k[i]));
		if (!k[i].absent)
			continue;
		json_array_append_new(absent, json_string(window_kprobes[i]));
		json_object_set_new(errors, window_kprobes[i],
				    json_string(strerror(k[i].open_errno)));
	}
	json_object_set_new(metrics, "kprobe_counts", counts);
	json_object_set_new(metrics, "kprobes_absent", absent);
	json_object_set_new(metrics, "kprobe_open_errors", errors);
	if (k[K_TRY_CHARGE].absent || k[K_CHARGE].absent)
		json_object_set_new(metrics, "page_counter_charges", json_null());
	else
		json_object_set_new(metrics, "page_counter_charges",
				    json_integer((json_int_t)(perf_counter_total(&k[K_TRY_CHARGE]) +
							      perf_counter_total(&k[K_CHARGE]))));
	json_object_set_new(metrics, "page_counter_uncharges",
			    total_or_null(&k[K_UNCHARGE]));
	report_charges_per_cpu(w, metrics);
}

static void report_perf(const struct measure_window *w, json_t *metrics)
{
	json_t *absent = json_array();
	char status[160];

	json_object_set_new(metrics, "cpu_clock_ns", total_or_null(&w->cpu_clock));
	json_object_set_new(metrics, "context_switches",
			    total_or_null(&w->context_switches));
	json_object_set_new(metrics, "context_switches_per_cpu",
			    per_cpu_or_null(&w->context_switches));
	json_object_set_new(metrics, "task_clock_ns", total_or_null(&w->task_clock));
	/* no PMU (TCG): say so, never estimate */
	if (w->hw_cycles.absent)
		snprintf(status, sizeof(status), "unavailable: %s",
			 strerror(w->hw_cycles.open_errno));
	else
		snprintf(status, sizeof(status), "available");
	json_object_set_new(metrics, "hw_counters", json_string(status));
	json_object_set_new(metrics, "hw_cycles", total_or_null(&w->hw_cycles));
	json_object_set_new(metrics, "hw_instructions",
			    total_or_null(&w->hw_instructions));
	for (int i = 0; i < WINDOW_TRACEPOINTS; i++) {
		const struct perf_counter *tp = &w->tracepoints[i];
		char key[96];

		json_object_set_new(metrics, window_tracepoints[i].metric,
				    total_or_null(tp));
		snprintf(key, sizeof(key), "%s_per_cpu", window_tracepoints[i].metric);
		json_object_set_new(metrics, key, per_cpu_or_null(tp));
		if (tp->absent)
			json_array_append_new(absent, json_string(window_tracepoints[i].event));
	}
	json_object_set_new(metrics, "tracepoints_absent", absent);
}

/* name, name_per_cpu and calls from the profiler's begin/end readings */
static void report_profiled(const struct measure_window *w, json_t *metrics,
			    const char *name, const char *calls,
			    const double (*ns)[PROBE_MAX_CPUS],
			    const long long (*hits)[PROBE_MAX_CPUS])
{
	json_t *per_cpu = json_array();
	double total = 0;
	long long n = 0;
	char key[64];

	for (int c = 0; c < w->ncpus; c++) {
		double d = ns[1][c] - ns[0][c];

		json_array_append_new(per_cpu, json_real(d));
		total += d;
		n += hits[1][c] - hits[0][c];
	}
	snprintf(key, sizeof(key), "%s_per_cpu", name);
	json_object_set_new(metrics, name, json_real(total));
	json_object_set_new(metrics, key, per_cpu);
	json_object_set_new(metrics, calls, json_integer(n));
}

static void report_rx_action(const struct measure_window *w, json_t *metrics)
{
	static const char *const keys[] = {
		"net_rx_softirq_ns", "net_rx_softirq_ns_per_cpu", "net_rx_action_calls",
		"napi_poll_ns", "napi_poll_ns_per_cpu", "napi_poll_calls",
	};

	if (!w->have_rx_action || w->rx_action_unreadable) {
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			json_object_set_new(metrics, keys[i], json_null());
		json_object_set_new(metrics, "net_rx_softirq_error", json_string(
			w->rx_action_unreadable ? "trace_stat unreadable" :
			w->rx_action_error));
		return;
	}
	report_profiled(w, metrics, keys[0], keys[2], w->rx_action_ns,
			w->rx_action_hits);
	report_profiled(w, metrics, keys[3], keys[5], w->napi_poll_ns,
			w->napi_poll_hits);
	/*
	 * polls the tracepoint saw but the profiler did not: __napi_poll is
	 * inlined (PREEMPT_RT builds fold it into napi_threaded_poll_loop)
	 */
	if (json_integer_value(json_object_get(metrics, keys[5])) == 0 &&
	    !w->tracepoints[1].absent && perf_counter_total(&w->tracepoints[1]) > 0) {
		json_object_set_new(metrics, keys[3], json_null());
		json_object_set_new(metrics, keys[4], json_null());
		json_object_set_new(metrics, keys[5], json_null());
		json_object_set_new(metrics, "napi_poll_error", json_string(
			"__napi_poll not traced (inlined in this kernel, as on PREEMPT_RT); "
			"net_rx_thread_ns has the NAPI threads' time"));
	}
}

/* Sets name (sum) and name_per_cpu from per-CPU deltas of a /proc counter. */
static void set_proc_counter(json_t *metrics, const char *name, int valid,
			     int ncpus, const uint64_t *before, const uint64_t *after,
			     size_t stride, double scale)
{
	char key[96];
	json_t *a;
	double sum = 0;

	snprintf(key, sizeof(key), "%s_per_cpu", name);
	if (!valid) {
		json_object_set_new(metrics, name, json_null());
		json_object_set_new(metrics, key, json_null());
		return;
	}
	a = json_array();
	for (int c = 0; c < ncpus; c++) {
		double d = (double)(after[c * stride] - before[c * stride]) * scale;

		json_array_append_new(a, scale == 1 ? json_integer((json_int_t)d) :
				      json_real(d));
		sum += d;
	}
	json_object_set_new(metrics, name, scale == 1 ?
			    json_integer((json_int_t)sum) : json_real(sum));
	json_object_set_new(metrics, key, a);
}

static void report_proc(const struct measure_window *w, json_t *metrics)
{
	const struct proc_counters *b = &w->proc[0], *e = &w->proc[1];
	size_t row = sizeof(struct softnet_row) / sizeof(uint64_t);
	double ns_per_tick = 1e9 / (double)sysconf(_SC_CLK_TCK);

	set_proc_counter(metrics, "softirq_ns_procstat", b->valid_stat && e->valid_stat,
			 w->ncpus, b->softirq_ticks, e->softirq_ticks, 1, ns_per_tick);
	set_proc_counter(metrics, "net_rx_softirqs",
			 b->valid_softirqs && e->valid_softirqs, w->ncpus,
			 b->net_rx_softirqs, e->net_rx_softirqs, 1, 1);
	set_proc_counter(metrics, "softnet_processed",
			 b->valid_softnet && e->valid_softnet, w->ncpus,
			 &b->softnet[0].processed, &e->softnet[0].processed, row, 1);
	set_proc_counter(metrics, "softnet_dropped",
			 b->valid_softnet && e->valid_softnet, w->ncpus,
			 &b->softnet[0].dropped, &e->softnet[0].dropped, row, 1);
	set_proc_counter(metrics, "softnet_time_squeeze",
			 b->valid_softnet && e->valid_softnet, w->ncpus,
			 &b->softnet[0].time_squeeze, &e->softnet[0].time_squeeze, row, 1);
}

/* derived <per_name>_per_<unit> from an already reported metric */
static const struct {
	const char *metric, *per_name;
} per_unit_metrics[] = {
	{ "page_counter_charges", "charges" },
	{ "page_counter_uncharges", "uncharges" },
	{ "net_rx_softirq_ns", "net_rx_softirq_ns" },
	{ "napi_poll_ns", "napi_poll_ns" },
	{ "net_rx_thread_ns", "net_rx_thread_ns" },
	{ "ksoftirqd_ns", "ksoftirqd_ns" },
	{ "softirq_ns_procstat", "softirq_ns_procstat" },
	{ "task_clock_ns", "task_clock_ns" },
	{ "context_switches", "context_switches" },
	{ "hw_cycles", "hw_cycles" },
	{ "hw_instructions", "hw_instructions" },
	{ "net_rx_softirq_entries", "net_rx_softirq_entries" },
	{ "napi_polls", "napi_polls" },
	{ "softnet_processed", "softnet_processed" },
};

static json_t *divided(json_t *value, double units)
{
	return json_is_number(value) && units > 0 ?
	       json_real(json_number_value(value) / units) : json_null();
}

static void report_per_unit(json_t *metrics, double units, const char *unit)
{
	json_t *counts = json_object_get(metrics, "kprobe_counts");
	json_t *per = json_object(), *v;
	const char *sym;
	char key[128];

	for (size_t i = 0; i < sizeof(per_unit_metrics) / sizeof(per_unit_metrics[0]); i++) {
		snprintf(key, sizeof(key), "%s_per_%s", per_unit_metrics[i].per_name, unit);
		json_object_set_new(metrics, key,
				    divided(json_object_get(metrics, per_unit_metrics[i].metric),
					    units));
	}
	json_object_foreach(counts, sym, v)
		json_object_set_new(per, sym, divided(v, units));
	snprintf(key, sizeof(key), "kprobe_counts_per_%s", unit);
	json_object_set_new(metrics, key, per);
}

/* the hot CPUs' share of the charge counters, against the other CPUs' */
static void report_cpu_split(const struct measure_window *w, json_t *metrics,
			     double units, const char *unit)
{
	json_t *set = json_array();

	for (int c = RX_CPU; c < RX_CPU + w->rx_cpus; c++)
		json_array_append_new(set, json_integer(c));
	json_object_set_new(metrics, "rx_cpu_set", set);
	cpu_split_report(metrics, "page_counter_charges_per_cpu", "charges", RX_CPU,
			 w->rx_cpus, units, unit);
	cpu_split_report(metrics, "page_counter_uncharges_per_cpu", "uncharges",
			 RX_CPU, w->rx_cpus, units, unit);
}

void window_report(struct measure_window *w, json_t *metrics, double units,
		   const char *unit_name)
{
	json_object_set_new(metrics, "window_s", json_real(window_seconds(w)));
	json_object_set_new(metrics, "online_cpus", json_integer(w->ncpus));
	json_object_set_new(metrics, "counter_read_s", json_pack("[f, f]",
			    w->read_s[0], w->read_s[1]));

	report_perf(w, metrics);
	report_kprobes(w, metrics);
	report_rx_action(w, metrics);
	net_rx_threads_report(&w->rx_threads, metrics);
	report_proc(w, metrics);
	if (unit_name) {
		json_object_set_new(metrics, "unit", json_string(unit_name));
		json_object_set_new(metrics, "units", json_real(units));
		report_per_unit(metrics, units, unit_name);
		report_cpu_split(w, metrics, units, unit_name);
	}
	if (w->profile && !w->profile_error[0])
		w->profile_report = perf_profile_collect(&w->perf, w->profile_error,
				sizeof(w->profile_error), w->profile_files_error,
				sizeof(w->profile_files_error));
	if (w->profile) {
		if (w->profile_files_error[0])
			json_object_set_new(metrics, "profile_files_error",
					    json_string(w->profile_files_error));
		json_object_set_new(metrics, "profile", w->profile_report ?
				    json_incref(w->profile_report) : json_null());
		if (w->profile_error[0])
			json_object_set_new(metrics, "profile_error",
					    json_string(w->profile_error));
	}
	if (w->stats_metrics)
		json_object_update(metrics, w->stats_metrics);
}

void window_close(struct measure_window *w)
{
	if (w->stats_reader) {
		/* window_end never ran: reap the reader, drop its numbers */
		json_t *discard = json_object();

		stats_reader_stop(w->stats_reader, discard);
		json_decref(discard);
		w->stats_reader = NULL;
	}
	perf_record_close(&w->perf);
	close_counters(w);
	net_rx_threads_close(&w->rx_threads);
	if (w->have_rx_action)
		ftrace_profile_disable();
	w->have_rx_action = 0;
	json_decref(w->profile_report);
	w->profile_report = NULL;
	json_decref(w->stats_metrics);
	w->stats_metrics = NULL;
}
