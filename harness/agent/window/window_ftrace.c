// SPDX-License-Identifier: GPL-2.0
/*
 * The inclusive on-CPU time of net_rx_action (the NET_RX softirq) and of
 * __napi_poll, from the ftrace function profiler window_open enables:
 * read at the window's edges and reported.
 */
#include <stdio.h>

#include "ftrace_profile.h"
#include "measure_window.h"
#include "window_ftrace.h"

void read_rx_action(struct measure_window *w, int which)
{
	for (int c = 0; c < w->ncpus && w->have_rx_action; c++)
		if (ftrace_profile_read("net_rx_action", c, &w->rx_action_ns[which][c],
					&w->rx_action_hits[which][c]) < 0 ||
		    ftrace_profile_read("__napi_poll", c, &w->napi_poll_ns[which][c],
					&w->napi_poll_hits[which][c]) < 0)
			w->rx_action_unreadable = 1;
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

void report_rx_action(const struct measure_window *w, json_t *metrics)
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
