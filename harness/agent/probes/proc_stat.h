/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PROC_STAT_H
#define MMX_PROC_STAT_H

/*
 * Softirq time of one CPU from /proc/stat (exact with
 * CONFIG_IRQ_TIME_ACCOUNTING, reported in USER_HZ ticks): an independent
 * cross-check of the function profiler.  Returns nanoseconds or -1.
 */
double proc_stat_softirq_ns(int cpu);

#endif
