/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CPU_SPLIT_H
#define MMX_CPU_SPLIT_H

#include <jansson.h>

/*
 * A per-CPU counter split between the workload's hot CPUs (the receive
 * CPUs first..first+n-1 of rx-mixed; CPU 1, where kmem-mix and fault-mix
 * run their tasks) and the others: summed over all CPUs, a charge on the
 * receive CPU in softirq and an uncharge on a receiver's CPU in recvmsg
 * look alike, and they are different costs.
 *
 * Reads the array metrics[per_cpu] and sets <name>_rx_cpus_per_<unit> and
 * <name>_other_cpus_per_<unit> (null when the array is missing or units is
 * not positive).
 */
void cpu_split_report(json_t *metrics, const char *per_cpu, const char *name,
		      int first, int n, double units, const char *unit);

#endif
