/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_WINDOW_PROC_H
#define MMX_WINDOW_PROC_H

#include <jansson.h>

#include "measure_window.h"

/* The /proc counters over the window (window_proc.c). */

/* softirq_ns_procstat, net_rx_softirqs, softnet_*: sums and per CPU. */
void report_proc(const struct measure_window *w, json_t *metrics);

#endif
