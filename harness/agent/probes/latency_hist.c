// SPDX-License-Identifier: GPL-2.0
#include "latency_hist.h"

static unsigned int bucket_of(uint64_t ns)
{
	unsigned int e;

	if (ns < LATENCY_SUB)
		return (unsigned int)ns;
	e = 63u - (unsigned int)__builtin_clzll(ns);
	if (e > LATENCY_MAX_EXP)
		return LATENCY_HIST_BUCKETS - 1;
	return LATENCY_SUB + (e - LATENCY_SUB_BITS) * LATENCY_SUB +
	       (unsigned int)((ns >> (e - LATENCY_SUB_BITS)) & (LATENCY_SUB - 1));
}

/* The midpoint of bucket b's value range. */
static uint64_t bucket_mid(unsigned int b)
{
	unsigned int e, sub;

	if (b < LATENCY_SUB)
		return b;
	e = (b - LATENCY_SUB) / LATENCY_SUB + LATENCY_SUB_BITS;
	sub = (b - LATENCY_SUB) % LATENCY_SUB;
	return ((uint64_t)(LATENCY_SUB + sub) << (e - LATENCY_SUB_BITS)) +
	       ((1ull << (e - LATENCY_SUB_BITS)) >> 1);
}

void latency_hist_add(struct latency_hist *h, uint64_t ns)
{
	h->buckets[bucket_of(ns)]++;
	h->count++;
	if (ns > h->max_ns)
		h->max_ns = ns;
}

uint64_t latency_hist_quantile_ns(const struct latency_hist *h, double q)
{
	double want = q * (double)h->count;
	uint64_t rank = (uint64_t)want, seen = 0;

	if (h->count == 0)
		return 0;
	if ((double)rank < want || rank < 1)	/* ceil without libm */
		rank++;
	for (unsigned int b = 0; b < LATENCY_HIST_BUCKETS; b++) {
		seen += h->buckets[b];
		if (seen >= rank) {
			uint64_t v = bucket_mid(b);

			return v > h->max_ns ? h->max_ns : v;
		}
	}
	return h->max_ns;
}
