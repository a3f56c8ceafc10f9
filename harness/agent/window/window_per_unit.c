// SPDX-License-Identifier: GPL-2.0
/*
 * Metrics derived from the reported ones: each per unit of work done, and
 * the hot CPUs' share of the charges.
 */
#include <stdio.h>

#include "cpu_split.h"
#include "measure_window.h"
#include "rx_load.h"
#include "window_per_unit.h"

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

void report_per_unit(json_t *metrics, double units, const char *unit)
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
void report_cpu_split(const struct measure_window *w, json_t *metrics,
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
