// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ftrace_profile.h"
#include "guest_time.h"
#include "measure_window.h"
#include "perf_profile.h"
#include "rx_load.h"
#include "window_counters.h"
#include "window_ftrace.h"
#include "window_per_unit.h"
#include "window_proc.h"

static long long optional_int(json_t *params, const char *key)
{
	json_t *v = json_object_get(params, key);

	return json_is_number(v) ? (long long)json_number_value(v) : 0;
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

	window_counters_open(w);
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
