// SPDX-License-Identifier: GPL-2.0
/* The stats reader's histogram: percentiles within 1/64, exact small values. */
#include "check.h"
#include "latency_hist.h"

static struct latency_hist h;

static int within(uint64_t got, uint64_t want)
{
	uint64_t diff = got > want ? got - want : want - got;

	return diff * 64 <= want;
}

int main(void)
{
	static struct latency_hist empty, small, huge;

	CHECK(latency_hist_quantile_ns(&empty, 0.5) == 0 && empty.count == 0,
	      "empty histogram: 0, no count");

	latency_hist_add(&small, 5);
	latency_hist_add(&small, 63);
	CHECK(latency_hist_quantile_ns(&small, 0.5) == 5, "below 64 ns: exact (p50)");
	CHECK(latency_hist_quantile_ns(&small, 1.0) == 63, "below 64 ns: exact (p100)");

	/* 10 ns .. 1 ms in 10 ns steps: pN is N % of 1 ms */
	for (uint64_t i = 1; i <= 100000; i++)
		latency_hist_add(&h, i * 10);
	CHECK(h.count == 100000 && h.max_ns == 1000000, "count and max exact");
	CHECK(within(latency_hist_quantile_ns(&h, 0.50), 500000), "p50 within 1/64");
	CHECK(within(latency_hist_quantile_ns(&h, 0.90), 900000), "p90 within 1/64");
	CHECK(within(latency_hist_quantile_ns(&h, 0.99), 990000), "p99 within 1/64");
	CHECK(latency_hist_quantile_ns(&h, 1.0) <= h.max_ns, "p100 capped at max");
	CHECK(within(latency_hist_quantile_ns(&h, 0.001), 1000), "p0.1 within 1/64");

	/* beyond the last power of two: kept in the last bucket, max exact */
	latency_hist_add(&huge, 1ull << 50);
	CHECK(huge.max_ns == 1ull << 50 &&
	      latency_hist_quantile_ns(&huge, 0.5) <= huge.max_ns,
	      "overflow value lands in the last bucket");
	return check_summary();
}
