// SPDX-License-Identifier: GPL-2.0
/*
 * The order-statistic interval of a median (median_interval.c): its rank
 * and coverage against binomial sums written out here, its ends on small
 * samples, and its coverage measured: many samples of distributions whose
 * median is known, counting how often the interval holds it.
 */
#include <math.h>
#include <stdint.h>

#include "check.h"
#include "prng.h"
#include "stats.h"

/* rank l and coverage 1 - 2 * below / 2^n, below = sum of C(n, k) for k < l */
static void rank_is(size_t n, double level, size_t want_l, double below,
		    const char *name)
{
	double coverage;
	size_t l = stats_median_rank(n, level, &coverage);

	CHECK(l == want_l && near(coverage, 1 - 2 * below / ldexp(1, (int)n), 1e-12), name);
	if (l != want_l)
		printf("#   n = %zu: l = %zu, want %zu\n", n, l, want_l);
}

static void test_rank(void)
{
	double coverage;

	/* [min, max] misses only when all n fall on one side: 2 / 2^n */
	rank_is(3, 0.95, 1, 1, "n = 3: [x(1), x(3)], coverage 1 - 2/8 = 75%");
	rank_is(5, 0.95, 1, 1, "n = 5: [x(1), x(5)], coverage 1 - 2/32 = 93.75% (< 95%)");
	rank_is(6, 0.95, 1, 1, "n = 6: [x(1), x(6)], coverage 1 - 2/64 = 96.875%");
	/* l = 2 would give 1 - 2 (1 + 7) / 128 = 87.5% */
	rank_is(7, 0.95, 1, 1, "n = 7: [x(1), x(7)], coverage 1 - 2/128 = 98.4375%");
	/* l = 2 would give 1 - 2 (1 + 8) / 256 = 92.97% */
	rank_is(8, 0.95, 1, 1, "n = 8: [x(1), x(8)], coverage 1 - 2/256 = 99.22%");
	rank_is(9, 0.95, 2, 1 + 9, "n = 9: [x(2), x(8)], coverage 1 - 2 (1 + 9)/512 = 96.09%");
	/* l = 3: 1 - 2 (1 + 10 + 45) / 1024 = 89.06% */
	rank_is(10, 0.95, 2, 1 + 10, "n = 10: [x(2), x(9)], coverage 1 - 22/1024 = 97.85%");
	rank_is(10, 0.89, 3, 1 + 10 + 45, "n = 10 at 89%: l = 3, coverage 89.06%");
	/* l = 7 adds C(20, 6) = 38760: 88.47% */
	rank_is(20, 0.95, 6, 1 + 20 + 190 + 1140 + 4845 + 15504,
		"n = 20: [x(6), x(15)], coverage 1 - 2 * 21700/2^20 = 95.86%");
	CHECK(stats_median_rank(0, 0.95, &coverage) == 0 && isnan(coverage),
	      "n = 0: no rank, no coverage");
	/* large n: the binomial sums must not overflow */
	stats_median_rank(2000, 0.95, &coverage);
	CHECK(coverage >= 0.95 && coverage < 0.96, "n = 2000: coverage just above 95%");
}

static void test_interval(void)
{
	const double x7[] = { 7, 1, 5, 3, 6, 2, 4 };
	const double x10[] = { 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 };
	const double tied[] = { 2, 2, 2, 1, 3, 2 };
	struct interval ci;

	CHECK(stats_median_interval(x7, 7, 0.95, &ci) == 0 && ci.valid && ci.lo == 1 &&
	      ci.hi == 7 && near(ci.coverage, 126.0 / 128, 1e-12) && ci.exact,
	      "n = 7: the range [1, 7], coverage 98.4375%");
	CHECK(stats_median_interval(x10, 10, 0.95, &ci) == 0 && ci.lo == 2 && ci.hi == 9 &&
	      near(ci.coverage, 1 - 22.0 / 1024, 1e-12),
	      "n = 10: second smallest to second largest, [2, 9]");
	CHECK(stats_median_interval(x10, 5, 0.95, &ci) == 0 && ci.lo == 6 && ci.hi == 10 &&
	      near(ci.coverage, 0.9375, 1e-12),
	      "n = 5: the range with its own coverage 93.75%, never 95%");
	CHECK(stats_median_interval(tied, 6, 0.95, &ci) == 0 && ci.lo == 1 && ci.hi == 3,
	      "ties: the order statistics as they fall");
	CHECK(stats_median_interval(x7, 2, 0.95, &ci) < 0 && !ci.valid && ci.why &&
	      !strcmp(ci.why, "n < 3"), "n = 2: no interval, the reason given");
}

static double uniform(struct prng *p)
{
	return (double)(prng_next(p) >> 11) * 0x1p-53;
}

/* How often the interval of n draws holds the median, over trials samples. */
static double measured(struct prng *p, size_t n, size_t trials, int kind, double median)
{
	double x[64];
	size_t hit = 0;
	struct interval ci;

	for (size_t t = 0; t < trials; t++) {
		for (size_t i = 0; i < n; i++) {
			double u = uniform(p);

			/* 0: uniform, 1: exponential (skewed), 2: three values (ties) */
			x[i] = kind == 0 ? u : kind == 1 ? -log1p(-u) : floor(3 * u);
		}
		stats_median_interval(x, n, 0.95, &ci);
		hit += ci.lo <= median && median <= ci.hi;
	}
	return (double)hit / (double)trials;
}

static void test_coverage_measured(void)
{
	const size_t sizes[] = { 5, 6, 7, 8, 10, 20 };
	const size_t trials = 20000;
	struct prng p;

	prng_seed(&p, 20261204);
	for (size_t i = 0; i < N_OF(sizes); i++) {
		double stated, got[3], tol;
		char name[160];

		stats_median_rank(sizes[i], 0.95, &stated);
		/* 4.5 standard errors of a proportion over 20000 trials */
		tol = 4.5 * sqrt(stated * (1 - stated) / (double)trials);
		got[0] = measured(&p, sizes[i], trials, 0, 0.5);
		got[1] = measured(&p, sizes[i], trials, 1, M_LN2);
		got[2] = measured(&p, sizes[i], trials, 2, 1);
		printf("# n = %zu: stated %.4f, measured %.4f uniform, %.4f exponential, "
		       "%.4f with ties\n", sizes[i], stated, got[0], got[1], got[2]);
		snprintf(name, sizeof(name), "n = %zu: measured coverage (uniform, exponential) "
			 "within %.4f of the stated %.4f", sizes[i], tol, stated);
		CHECK(fabs(got[0] - stated) <= tol && fabs(got[1] - stated) <= tol, name);
		if (stated >= 0.95) {
			snprintf(name, sizeof(name), "n = %zu: stated >= 95%%, measured never "
				 "below 95%% - %.4f", sizes[i], tol);
			CHECK(got[0] >= 0.95 - tol && got[1] >= 0.95 - tol, name);
		}
		snprintf(name, sizeof(name), "n = %zu: with ties the coverage is at least the "
			 "stated one", sizes[i]);
		CHECK(got[2] >= stated - tol, name);
	}
}

int main(void)
{
	test_rank();
	test_interval();
	test_coverage_measured();
	return check_summary();
}
