/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_FTRACE_PROFILE_H
#define MMX_FTRACE_PROFILE_H

#include <stddef.h>

/*
 * Time spent in one kernel function per CPU, from ftrace's function
 * profiler (graph time: callees included; on-CPU time, sleep-time off).
 * Used for net_rx_action, whose inclusive time is the NET_RX softirq's
 * processing time, and __napi_poll, the poll wherever it runs (softirq or
 * a NAPI thread).
 *
 * Enabling and disabling rewrite kernel text; do both while no load runs
 * and take window deltas with ftrace_profile_read, which only reads.
 */
/* functions: one name or several separated by spaces */
int ftrace_profile_enable(const char *functions, char *err, size_t errlen);
/* Cumulative nanoseconds and hits of function on cpu since enabling, or -1. */
int ftrace_profile_read(const char *function, int cpu, double *ns, long long *hits);
void ftrace_profile_disable(void);

#endif
