/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_FTRACE_PROFILE_H
#define MMX_FTRACE_PROFILE_H

#include <stddef.h>

/*
 * Time spent in one kernel function per CPU, from ftrace's function
 * profiler (graph time: callees included).  Used for net_rx_action, whose
 * inclusive time is the NET_RX softirq's processing time.
 */
int ftrace_profile_start(const char *function, char *err, size_t errlen);
/* Stops profiling; returns nanoseconds and hits on cpu, or -1. */
int ftrace_profile_stop(const char *function, int cpu, double *ns,
			long long *hits);

#endif
