/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PROC_COUNTERS_H
#define MMX_PROC_COUNTERS_H

#include <stdint.h>

/*
 * Per-CPU network receive counters the kernel keeps anyway, read from
 * /proc before and after a window:
 *   /proc/softirqs         NET_RX row: NET_RX softirqs raised and run per CPU
 *   /proc/net/softnet_stat per online CPU, hex: packets processed, dropped
 *                          (backlog full) and time_squeeze (net_rx_action
 *                          ran out of budget or time with work left)
 *   /proc/stat             softirq time per CPU in USER_HZ ticks (exact with
 *                          CONFIG_IRQ_TIME_ACCOUNTING, 10 ms resolution)
 * The parsers take the file's text so that the host's unit tests can feed
 * them; this file needs nothing but libc.
 */
#define PROC_MAX_CPUS 64

struct softnet_row {
	uint64_t processed, dropped, time_squeeze;
};

struct proc_counters {
	int valid_softirqs, valid_softnet, valid_stat;
	uint64_t net_rx_softirqs[PROC_MAX_CPUS];
	struct softnet_row softnet[PROC_MAX_CPUS];
	uint64_t softirq_ticks[PROC_MAX_CPUS];
};

/*
 * Values of row (e.g. "NET_RX") of /proc/softirqs text, indexed by the CPU
 * numbers of the header line.  Returns the highest CPU number + 1, or -1.
 */
int parse_softirqs_row(const char *text, const char *row, uint64_t *per_cpu,
		       int max_cpus);
/*
 * /proc/net/softnet_stat text into rows indexed by CPU: the 13th column is
 * the CPU number on kernels that print it, else a row's position.  Returns
 * the highest CPU number + 1, or -1.
 */
int parse_softnet_stat(const char *text, struct softnet_row *rows, int max_cpus);
/* softirq column of each "cpuN" line of /proc/stat text; same return. */
int parse_proc_stat_softirq(const char *text, uint64_t *ticks, int max_cpus);

/* Reads all three files; a file that cannot be read leaves its valid_ 0. */
void proc_counters_read(struct proc_counters *pc);

#endif
