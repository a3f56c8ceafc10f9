/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_WINDOW_FTRACE_H
#define MMX_WINDOW_FTRACE_H

#include <jansson.h>

#include "measure_window.h"

/* net_rx_action's and __napi_poll's time from the ftrace profiler (window_ftrace.c). */

/* Reads the profiler's totals per CPU: which 0 at window_begin, 1 at window_end. */
void read_rx_action(struct measure_window *w, int which);
/* net_rx_softirq_ns, napi_poll_ns and their calls, or null with the reason. */
void report_rx_action(const struct measure_window *w, json_t *metrics);

#endif
