/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_WINDOW_COUNTERS_H
#define MMX_WINDOW_COUNTERS_H

#include <jansson.h>

#include "measure_window.h"

/* The window's perf counters (window_counters.c); measure_window.h says which. */

/* Opens every counter on every CPU; one the kernel lacks is marked absent. */
void window_counters_open(struct measure_window *w);
/* Reads every counter: at_end 0 at window_begin, 1 at window_end. */
void snapshot_counters(struct measure_window *w, int at_end);
void close_counters(struct measure_window *w);
/* cpu_clock_ns, context_switches, task_clock_ns, hw_*, the tracepoint counts */
void report_perf(const struct measure_window *w, json_t *metrics);
/* kprobe_counts and the page counter charges and uncharges, in all and per CPU */
void report_kprobes(const struct measure_window *w, json_t *metrics);

#endif
