/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_WINDOW_PER_UNIT_H
#define MMX_WINDOW_PER_UNIT_H

#include <jansson.h>

#include "measure_window.h"

/* Metrics derived from those already reported (window_per_unit.c). */

/* <counter>_per_<unit> for the natural counters, and per kprobe. */
void report_per_unit(json_t *metrics, double units, const char *unit);
/* rx_cpu_set and the hot CPUs' share of charges and uncharges (cpu_split.h). */
void report_cpu_split(const struct measure_window *w, json_t *metrics,
		      double units, const char *unit);

#endif
