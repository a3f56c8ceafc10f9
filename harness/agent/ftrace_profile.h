/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_FTRACE_PROFILE_H
#define MMX_FTRACE_PROFILE_H

#include <stddef.h>

/*
 * Time spent in one kernel function per CPU, from ftrace's function
 * profiler (graph time: callees included).  Used for net_rx_action, whose
 * inclusive time is the NET_RX softirq's processing time.
 *
 * Enabling and disabling rewrite kernel text; do both while no load runs
 * and take window deltas with ftrace_profile_read, which only reads.
 */
int ftrace_profile_enable(const char *function, char *err, size_t errlen);
/* Cumulative nanoseconds and hits of function on cpu since enabling, or -1. */
int ftrace_profile_read(const char *function, int cpu, double *ns, long long *hits);
void ftrace_profile_disable(void);

#endif
