/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_LATENCY_HIST_H
#define MMX_LATENCY_HIST_H

#include <stdint.h>

/*
 * A fixed-size log-linear histogram of latencies in nanoseconds: exact below
 * 64 ns, above that 64 buckets per power of two, so a percentile read back
 * is within 1/64 (1.6 %) of a recorded value.  It keeps no samples, so a
 * reader polling for an hour needs no more memory than one polling for a
 * second, and it can live in memory shared with a child process.
 */
#define LATENCY_SUB_BITS 6
#define LATENCY_SUB (1u << LATENCY_SUB_BITS)
#define LATENCY_MAX_EXP 40	/* 2^40 ns, about 18 minutes */
#define LATENCY_HIST_BUCKETS (LATENCY_SUB + (LATENCY_MAX_EXP - LATENCY_SUB_BITS + 1) * LATENCY_SUB)

struct latency_hist {
	uint64_t count;
	uint64_t max_ns;
	uint64_t buckets[LATENCY_HIST_BUCKETS];
};

void latency_hist_add(struct latency_hist *h, uint64_t ns);
/* Value at quantile q (0..1], the midpoint of its bucket, capped at max. */
uint64_t latency_hist_quantile_ns(const struct latency_hist *h, double q);

#endif
