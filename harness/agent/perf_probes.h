/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PERF_PROBES_H
#define MMX_PERF_PROBES_H

#include <stdint.h>

#define PROBE_MAX_CPUS 64

/*
 * A count of calls to one kernel function on every CPU, through a
 * perf_event_open kprobe.  A symbol the kernel lacks is "absent", which a
 * report must keep apart from a count of zero.
 */
struct kprobe_counter {
	const char *symbol;
	int absent;
	int open_errno;
	int ncpus;
	int fds[PROBE_MAX_CPUS];
	uint64_t start[PROBE_MAX_CPUS];
	uint64_t delta[PROBE_MAX_CPUS];
};

void kprobe_counter_open(struct kprobe_counter *kc, const char *symbol,
			 int ncpus);
void kprobe_counter_start(struct kprobe_counter *kc);
void kprobe_counter_stop(struct kprobe_counter *kc);
uint64_t kprobe_counter_total(const struct kprobe_counter *kc);
void kprobe_counter_close(struct kprobe_counter *kc);

#endif
