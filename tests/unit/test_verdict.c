// SPDX-License-Identifier: GPL-2.0
/*
 * The verdict (verdict.c): equivalence by two one-sided tests at 5%, as the
 * 90% Hodges-Lehmann interval of the ratio inside the margin, on intervals
 * given by hand and on samples whose pairwise ratios are written out;
 * better and worse from the adjusted p, beyond the margin or within it (a
 * significant difference is never equivalent); inconclusive otherwise.
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "stats.h"
#include "verdict.h"

static struct interval iv(double lo, double hi, double coverage)
{
	return (struct interval){ 1, lo, hi, coverage, 1, NULL };
}

static void test_by_hand(void)
{
	struct interval in = iv(0.99, 1.012, 0.9), wide = iv(0.97, 1.01, 0.9);
	struct interval low_cov = iv(0.99, 1.01, 0.8), far = iv(1.1, 1.3, 0.9);
	struct interval none = { 0, NAN, NAN, NAN, 1, "n < 3" };
	struct interval tight = iv(1.001, 1.009, 0.9), down6 = iv(0.92, 0.945, 0.9);
	struct interval cost_up2 = iv(1.0202, 1.0206, 0.9), cost_up10 = iv(1.102, 1.108, 0.9);
	struct interval s16 = iv(1.076, 1.167, 0.9);

	CHECK(verdict_judge(0.5, 0.05, 1.001, &in, 0.02) == VERDICT_EQUIVALENT,
	      "[0.99, 1.012] at 90% inside ±2%: equivalent");
	CHECK(verdict_judge(0.5, 0.05, 1.001, &in, 0.01) == VERDICT_INCONCLUSIVE,
	      "the same interval against ±1%: inconclusive");
	CHECK(verdict_judge(0.5, 0.05, 0.99, &wide, 0.02) == VERDICT_INCONCLUSIVE,
	      "[0.97, 1.01] against ±2%: one end outside, inconclusive");
	CHECK(verdict_judge(0.01, 0.05, 1.2, &far, 0.02) == VERDICT_BETTER,
	      "adjusted p 0.01, 20% better: better");
	CHECK(verdict_judge(0.01, 0.05, 0.8, &far, 0.02) == VERDICT_WORSE,
	      "adjusted p 0.01, 20% worse: worse");
	CHECK(verdict_judge(0.049, 0.05, 1.005, &tight, 0.02) == VERDICT_BETTER_WITHIN,
	      "significant but inside the margin: better within margin, not equivalent");
	CHECK(verdict_judge(0.008, 0.05, 1 / 1.016, &tight, 0.02) == VERDICT_WORSE_WITHIN,
	      "significant, 1.6% worse against ±2%: worse within margin, a regression");
	CHECK(verdict_judge(0.008, 0.05, 0.966, &wide, 0.05) == VERDICT_WORSE_WITHIN &&
	      verdict_is_worse(VERDICT_WORSE_WITHIN),
	      "atomics-only's -3.4% (p 0.008) against ±5%: worse within margin, not equivalent");
	CHECK(verdict_judge(0.008, 0.05, 0.94, &down6, 0.05) == VERDICT_WORSE,
	      "significant, 6% worse, [-8%, -5.5%] against ±5%: worse beyond the margin");
	/*
	 * the documented rule: the interval against the same ±margin both
	 * ways. A cost up 2.04% at ±2% and up 10.5% at ±10% (improvement
	 * factors 0.980 and 0.905, which the old test of 1/(1-m) called
	 * within): beyond the margin when the whole interval is past it
	 */
	CHECK(verdict_judge(0.01, 0.05, 1 / 1.0204, &cost_up2, 0.02) == VERDICT_WORSE,
	      "a cost +2.04% with [+2.02%, +2.06%] at ±2%: worse beyond the margin");
	CHECK(verdict_judge(0.01, 0.05, 1 / 1.105, &cost_up10, 0.10) == VERDICT_WORSE,
	      "a cost +10.5% with [+10.2%, +10.8%] at ±10%: worse beyond the margin");
	CHECK(verdict_judge(0.01, 0.05, 1.105, &cost_up10, 0.10) == VERDICT_BETTER,
	      "the same interval on throughput: better beyond the margin (symmetric)");
	CHECK(verdict_judge(0.01, 0.05, 1 / 1.13, &s16, 0.10) == VERDICT_WORSE_UNSIZED &&
	      verdict_is_worse(VERDICT_WORSE_UNSIZED),
	      "multi-slot-32-s16's +13.0% [+7.6%, +16.7%] at ±10%: worse, size uncertain");
	CHECK(verdict_judge(0.01, 0.05, 1.13, &s16, 0.10) == VERDICT_BETTER_UNSIZED &&
	      verdict_is_better(VERDICT_BETTER_UNSIZED),
	      "across the margin on a gain: better, size uncertain");
	CHECK(verdict_judge(0.01, 0.05, 1.13, &none, 0.10) == VERDICT_BETTER_UNSIZED,
	      "significant with no interval: the size is uncertain");
	CHECK(verdict_judge(0.01, 0.05, 0.99, &tight, NAN) == VERDICT_WORSE,
	      "significant with no margin declared: plain worse");
	CHECK(!verdict_is_better(VERDICT_WORSE_WITHIN) && verdict_is_better(VERDICT_BETTER_WITHIN),
	      "within-margin verdicts keep their direction");
	CHECK(verdict_judge(0.5, 0.05, 1.0, &low_cov, 0.02) == VERDICT_INCONCLUSIVE,
	      "an interval with 80% coverage shows no equivalence at 5%");
	CHECK(verdict_judge(0.5, 0.05, 1.0, &in, NAN) == VERDICT_INCONCLUSIVE,
	      "no margin declared: equivalence is not assessed");
	CHECK(verdict_judge(0.5, 0.05, 1.0, &none, 0.02) == VERDICT_INCONCLUSIVE,
	      "no interval (n < 3): inconclusive");
	CHECK(verdict_judge(NAN, 0.05, 1.0, &wide, 0.02) == VERDICT_NA, "no p: n/a");
	CHECK(verdict_judge(0.05, 0.05, 1.3, &far, 0.02) == VERDICT_INCONCLUSIVE,
	      "adjusted p exactly alpha is not significant");
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void test_on_samples(void)
{
	/* 3 vs 3: the 90% interval is the extremes of the 9 ratios, coverage 1 - 2/20 */
	const double den3[] = { 100, 100.5, 101 }, num3[] = { 100.2, 100.9, 101.4 };
	/* 5 vs 5: k = 5 (P(U <= 4) = 12/252), coverage 1 - 24/252 */
	const double den5[] = { 100, 101, 102, 103, 104 };
	double num5[5], r[25];
	struct interval ci;

	stats_ratio_interval(num3, 3, den3, 3, TOST_LEVEL(0.05), &ci, NULL);
	CHECK(ci.valid && fabs(ci.coverage - 0.9) < 1e-12, "3 v 3: the 90% interval, coverage 90.0%");
	CHECK(fabs(ci.lo - 100.2 / 101) < 1e-12 && fabs(ci.hi - 101.4 / 100) < 1e-12,
	      "3 v 3: from the smallest ratio 100.2/101 to the largest 101.4/100");
	CHECK(verdict_judge(1.0, 0.05, 1.005, &ci, 0.02) == VERDICT_EQUIVALENT,
	      "3 v 3: [0.992, 1.014] is inside ±2%: equivalent, though no p can pass at n = 3");
	CHECK(verdict_judge(1.0, 0.05, 1.005, &ci, 0.01) == VERDICT_INCONCLUSIVE,
	      "3 v 3: the same runs against ±1%: inconclusive");
	for (size_t i = 0; i < 5; i++)
		num5[i] = den5[i] * 1.001;
	for (size_t j = 0; j < 5; j++)
		for (size_t i = 0; i < 5; i++)
			r[j * 5 + i] = num5[j] / den5[i];
	qsort(r, 25, sizeof(r[0]), cmp_double);
	stats_ratio_interval(num5, 5, den5, 5, TOST_LEVEL(0.05), &ci, NULL);
	CHECK(fabs(ci.coverage - (1 - 24.0 / 252)) < 1e-12,
	      "5 v 5: coverage 1 - 2 x 12/252 = 90.5%");
	CHECK(fabs(ci.lo - r[4]) < 1e-12 && fabs(ci.hi - r[20]) < 1e-12,
	      "5 v 5: the 5th smallest and 5th largest of the 25 ratios");
	CHECK(verdict_within_margin(&ci, TOST_LEVEL(0.05), 0.03) &&
	      !verdict_within_margin(&ci, TOST_LEVEL(0.05), 0.01),
	      "5 v 5: inside ±3% (ends within 2%), not inside ±1%");
}

int main(void)
{
	test_by_hand();
	test_on_samples();
	return check_summary();
}
