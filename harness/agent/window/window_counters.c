// SPDX-License-Identifier: GPL-2.0
/*
 * The window's perf counters: software and hardware counters, tracepoint
 * counts and kprobes on the charge path, per CPU, opened, read at the
 * window's edges, closed, and reported.
 */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "../../common/cost_window.h"
#include "measure_window.h"
#include "window_counters.h"

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
	/*
	 * the receive scope's entries (the cost plugin's scope functions):
	 * counted here too, so the plugin's scope is checked against them
	 */
	"net_rx_action",
	"__napi_poll",
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

void window_counters_open(struct measure_window *w)
{
	open_software(w);
	open_hardware(w);
	for (int i = 0; i < WINDOW_TRACEPOINTS; i++)
		tracepoint_counter_open(&w->tracepoints[i], window_tracepoints[i].event,
					window_tracepoints[i].filter, w->ncpus);
	w->nkprobes = (int)NKPROBES;
	for (int i = 0; i < w->nkprobes; i++)
		kprobe_counter_open(&w->kprobes[i], window_kprobes[i], w->ncpus);
	kprobe_missed_open(&w->kprobes_missed, window_kprobes, w->nkprobes);
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

void close_counters(struct measure_window *w)
{
	struct perf_counter *pc[WINDOW_COUNTERS];
	int n = window_counters(w, pc);

	for (int i = 0; i < n; i++)
		perf_counter_close(pc[i]);
	kprobe_missed_close(&w->kprobes_missed);
}

/*
 * Reads every counter, each CPU's events from that CPU: a read of another
 * CPU's event is an IPI, and a hundred of them took 0.5 s under TCG on a
 * loaded host, which stretched every counter's window past the measured
 * one.  Starting on the CPU the caller is on saves one migration, and
 * widening the affinity back afterwards costs none.  The task counter of
 * the load (its read visits every child) is read outside the CPU passes.
 */
void snapshot_counters(struct measure_window *w, int at_end)
{
	void (*fn)(struct perf_counter *, int) = at_end ? perf_counter_stop_cpu :
						       perf_counter_start_cpu;
	struct perf_counter *pc[WINDOW_COUNTERS];
	int n = window_counters(w, pc), first = sched_getcpu();
	cpu_set_t saved, one;
	int pinned = sched_getaffinity(0, sizeof(saved), &saved) == 0;

	kprobe_missed_read(&w->kprobes_missed,
			   at_end ? MISSED_INNER_END : MISSED_OUTER_BEGIN);
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
	kprobe_missed_read(&w->kprobes_missed,
			   at_end ? MISSED_OUTER_END : MISSED_INNER_BEGIN);
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

void report_kprobes(const struct measure_window *w, json_t *metrics)
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
	kprobe_missed_report(&w->kprobes_missed, metrics);
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

void report_perf(const struct measure_window *w, json_t *metrics)
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
