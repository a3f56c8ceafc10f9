// SPDX-License-Identifier: GPL-2.0
/* /proc/stat, /proc/softirqs and /proc/net/softnet_stat over the window. */
#include <stdio.h>
#include <unistd.h>

#include "measure_window.h"
#include "window_proc.h"

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

void report_proc(const struct measure_window *w, json_t *metrics)
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
