// SPDX-License-Identifier: GPL-2.0
/*
 * The Hodges-Lehmann interval of a ratio (ratio_interval.c): its rank and
 * coverage against the null distribution of U counted here by brute force
 * over every labelling, its ends on samples whose pairwise ratios are
 * written out, the cases without an interval, and its coverage measured on
 * many samples of a scale family whose factor is known.
 */
#include <math.h>
#include <stdint.h>

#include "check.h"
#include "prng.h"
#include "stats.h"

/*
 * Labellings of n1 + n2 ranks with U <= u, counted over every subset: U of
 * a labelling is, over the first sample's members, how many of the second
 * sample's sit below each.
 */
static double brute_cdf(size_t n1, size_t n2, size_t u)
{
	size_t n = n1 + n2, hits = 0, total = 0;

	for (unsigned long mask = 0; mask < 1UL << n; mask++) {
		size_t members = 0, below = 0, seen2 = 0;

		for (size_t i = 0; i < n; i++)
			if (mask >> i & 1) {
				members++;
				below += seen2;
			} else {
				seen2++;
			}
		if (members != n1)
			continue;
		total++;
		hits += below <= u;
	}
	return (double)hits / (double)total;
}

static void test_rank(void)
{
	const size_t sizes[][2] = { { 3, 3 }, { 3, 4 }, { 4, 4 }, { 5, 5 }, { 6, 6 },
				    { 7, 7 }, { 8, 8 }, { 5, 8 }, { 3, 7 } };
	double coverage;
	int exact;

	/* the rank against the brute-force count: reaches 95%, and k + 1 would not */
	for (size_t i = 0; i < N_OF(sizes); i++) {
		size_t n1 = sizes[i][0], n2 = sizes[i][1];
		size_t k = stats_shift_rank(n1, n2, 0.95, &coverage, &exact);
		double want = 1 - 2 * brute_cdf(n1, n2, k - 1);
		char name[160];

		snprintf(name, sizeof(name), "n = %zu vs %zu: k = %zu, coverage %.4f as "
			 "counted over every labelling", n1, n2, k, want);
		CHECK(exact && near(coverage, want, 1e-12) &&
		      (want >= 0.95 ? 1 - 2 * brute_cdf(n1, n2, k) < 0.95 : k == 1), name);
	}
	/* by hand: 3 v 3 separated is 1 labelling in C(6,3) = 20 each way */
	CHECK(stats_shift_rank(3, 3, 0.95, &coverage, &exact) == 1 &&
	      near(coverage, 1 - 2.0 / 20, 1e-12),
	      "n = 3 vs 3: the extremes, coverage 90% (never 95%)");
	CHECK(stats_shift_rank(4, 4, 0.95, &coverage, &exact) == 1 &&
	      near(coverage, 1 - 2.0 / 70, 1e-12), "n = 4 vs 4: k = 1, coverage 97.14%");
	/* U <= 2 in 1 + 1 + 2 of C(10,5) = 252 */
	CHECK(stats_shift_rank(5, 5, 0.95, &coverage, &exact) == 3 &&
	      near(coverage, 1 - 8.0 / 252, 1e-12), "n = 5 vs 5: k = 3, coverage 96.83%");
	CHECK(stats_shift_rank(7, 7, 0.95, &coverage, &exact) == 9 &&
	      near(coverage, 0.9621212121212122, 1e-12), "n = 7 vs 7: k = 9, coverage 96.21%");
	CHECK(stats_shift_rank(8, 8, 0.95, &coverage, &exact) == 14 &&
	      near(coverage, 0.9501165501165502, 1e-12), "n = 8 vs 8: k = 14, coverage 95.01%");
	/*
	 * above STATS_MWU_EXACT_MAX_N, normal: sd = sqrt(900 * 61 / 12) = 67.64;
	 * k - 1 + 1/2 <= 450 - 1.96 sd = 317.4 gives k = 317
	 */
	CHECK(stats_shift_rank(30, 30, 0.95, &coverage, &exact) == 317 && !exact &&
	      coverage >= 0.95 && coverage < 0.952,
	      "n = 30 vs 30: normal approximation, k = 317, marked approximate");
}

static void test_interval(void)
{
	const double base3[] = { 1, 2, 3 }, var3[] = { 4, 5, 6 };
	const double base5[] = { 1, 2, 3, 4, 5 }, var5[] = { 2, 4, 6, 8, 10 };
	const double same[] = { 5, 5, 5 };
	struct interval ci;
	double hl;

	/* y/x: 4, 2, 4/3, 5, 5/2, 5/3, 6, 3, 2; sorted 4/3 5/3 2 2 5/2 3 4 5 6 */
	CHECK(stats_ratio_interval(var3, 3, base3, 3, 0.95, &ci, &hl) == 0 && ci.valid &&
	      near(ci.lo, 4.0 / 3, 1e-12) && near(ci.hi, 6, 1e-12) &&
	      near(ci.coverage, 0.9, 1e-12) && ci.exact,
	      "{4,5,6} / {1,2,3}: the extremes of the 9 ratios, [4/3, 6], coverage 90%");
	CHECK(near(hl, 2.5, 1e-12), "{4,5,6} / {1,2,3}: Hodges-Lehmann ratio 5/2, the middle one");
	/* 2j/i over i, j = 1..5: third smallest 2/3, third largest 6; median 2 */
	CHECK(stats_ratio_interval(var5, 5, base5, 5, 0.95, &ci, &hl) == 0 &&
	      near(ci.lo, 2.0 / 3, 1e-12) && near(ci.hi, 6, 1e-12) &&
	      near(ci.coverage, 244.0 / 252, 1e-12) && near(hl, 2, 1e-12),
	      "2x / x, 5 v 5: the third smallest and largest of 25 ratios, [2/3, 6]");
	CHECK(stats_ratio_interval(same, 3, same, 3, 0.95, &ci, &hl) == 0 &&
	      ci.lo == 1 && ci.hi == 1 && hl == 1, "all tied: the interval is the ratio 1");
	CHECK(stats_ratio_interval((const double[]){ 0, 1, 2 }, 3, base3, 3, 0.95, &ci,
				   &hl) < 0 && !ci.valid && isnan(hl) &&
	      !strcmp(ci.why, "a value <= 0: no log scale"),
	      "a zero in the variant: no interval, the reason given");
	CHECK(stats_ratio_interval(base3, 3, (const double[]){ 1, -2, 3 }, 3, 0.95, &ci,
				   NULL) < 0 && !ci.valid,
	      "a negative baseline value: no interval");
	CHECK(stats_ratio_interval(var3, 2, base3, 3, 0.95, &ci, &hl) < 0 &&
	      !strcmp(ci.why, "n < 3"), "n = 2: no interval, the reason given");
}

static double exponential(struct prng *p)
{
	return -log1p(-(double)(prng_next(p) >> 11) * 0x1p-53);
}

/* How often the interval holds the factor between two exponential samples. */
static double measured(struct prng *p, size_t n1, size_t n2, double factor, size_t trials)
{
	double y[16], x[16];
	size_t hit = 0;
	struct interval ci;

	for (size_t t = 0; t < trials; t++) {
		for (size_t i = 0; i < n1; i++)
			y[i] = factor * exponential(p);
		for (size_t i = 0; i < n2; i++)
			x[i] = exponential(p);
		stats_ratio_interval(y, n1, x, n2, 0.95, &ci, NULL);
		hit += ci.lo <= factor && factor <= ci.hi;
	}
	return (double)hit / (double)trials;
}

static void test_coverage_measured(void)
{
	const size_t sizes[][2] = { { 3, 3 }, { 5, 5 }, { 7, 7 }, { 5, 8 } };
	const size_t trials = 10000;
	struct prng p;

	prng_seed(&p, 4);
	for (size_t i = 0; i < N_OF(sizes); i++) {
		double stated, got, tol;
		int exact;
		char name[160];

		stats_shift_rank(sizes[i][0], sizes[i][1], 0.95, &stated, &exact);
		tol = 4.5 * sqrt(stated * (1 - stated) / (double)trials);
		got = measured(&p, sizes[i][0], sizes[i][1], 1.3, trials);
		printf("# n = %zu vs %zu: stated %.4f, measured %.4f\n", sizes[i][0],
		       sizes[i][1], stated, got);
		snprintf(name, sizeof(name), "n = %zu vs %zu: measured coverage within %.4f of "
			 "the stated %.4f%s", sizes[i][0], sizes[i][1], tol, stated,
			 stated >= 0.95 ? ", so never below 95% - tol" : "");
		CHECK(fabs(got - stated) <= tol, name);
	}
}

int main(void)
{
	test_rank();
	test_interval();
	test_coverage_measured();
	return check_summary();
}
