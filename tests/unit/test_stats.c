// SPDX-License-Identifier: GPL-2.0
/*
 * The report's statistics against values known independently:
 * Mann-Whitney p-values from the exact permutation distribution counted by
 * hand (C(N, n1) labellings, the two-sided tail counted), the normal
 * approximation from its textbook formula, Holm on a set adjusted by hand,
 * and splitmix64's published first output.  The intervals have their own
 * tests (test_median_interval.c, test_ratio_interval.c).
 */
#include <math.h>
#include <stdint.h>

#include "check.h"
#include "prng.h"
#include "stats.h"

static double mwu_p(const double *x, size_t nx, const double *y, size_t ny,
		    double *u, int *exact)
{
	struct mwu r;

	stats_mann_whitney(x, nx, y, ny, &r);
	if (u)
		*u = r.u;
	if (exact)
		*exact = r.exact;
	return r.p;
}

static void test_mann_whitney(void)
{
	const double a3[] = { 1, 2, 3 }, b3[] = { 4, 5, 6 };
	const double a5[] = { 1, 2, 3, 4, 5 }, b5[] = { 6, 7, 8, 9, 10 };
	const double a4[] = { 1, 2, 3, 5 }, b4[] = { 4, 6, 7, 8 };
	const double t1[] = { 1, 2, 2 }, t2[] = { 2, 3, 4 };
	const double s1[] = { 1.5, 2.5, 2.5, 4, 7 }, s2[] = { 2.5, 3, 6, 8, 9, 10 };
	const double same[] = { 5, 5, 5, 5 };
	double big1[30], big2[30], u;
	int exact;

	/* complete separation, 3 v 3: 2 of C(6,3) = 20 labellings as extreme */
	CHECK(near(mwu_p(a3, 3, b3, 3, &u, &exact), 2.0 / 20, 1e-12),
	      "MWU 3v3 separated: exact p = 2/20");
	CHECK(u == 0 && exact, "MWU 3v3: U = 0, exact");
	CHECK(near(mwu_p(b3, 3, a3, 3, &u, NULL), 0.1, 1e-12) && u == 9,
	      "MWU is symmetric: swapped samples give U = 9, same p");
	/* 5 v 5: 2 of C(10,5) = 252 */
	CHECK(near(mwu_p(a5, 5, b5, 5, NULL, NULL), 2.0 / 252, 1e-12),
	      "MWU 5v5 separated: exact p = 2/252");
	/* 4 v 4, one swap: U = 1, U <= 1 in 2 of 70, both tails 4/70 */
	CHECK(near(mwu_p(a4, 4, b4, 4, &u, NULL), 4.0 / 70, 1e-12) && u == 1,
	      "MWU 4v4 one swap: U = 1, exact p = 4/70");
	/* ties: midranks 1, 3, 3 v 3, 5, 6; 6 of 20 labellings as far out */
	CHECK(near(mwu_p(t1, 3, t2, 3, &u, &exact), 6.0 / 20, 1e-12) && u == 1,
	      "MWU with a three-way tie: U = 1, exact p = 6/20");
	/* ties, unequal sizes: 55 of C(11,5) = 462 */
	CHECK(near(mwu_p(s1, 5, s2, 6, &u, NULL), 55.0 / 462, 1e-12) && u == 6,
	      "MWU 5v6 with ties: U = 6, exact p = 55/462");
	CHECK(near(mwu_p(same, 4, same, 4, NULL, NULL), 1.0, 1e-12),
	      "MWU on identical samples: p = 1");
	/* 30 v 30 separated, normal: z = (450 - 0.5) / sqrt(900 * 61 / 12) */
	for (int i = 0; i < 30; i++) {
		big1[i] = i;
		big2[i] = 30 + i;
	}
	CHECK(near(mwu_p(big1, 30, big2, 30, &u, &exact), 3.019859359162151e-11,
		   1e-15) && !exact && u == 0,
	      "MWU 30v30 separated: normal approximation p = 3.0199e-11");
	CHECK(isnan(mwu_p(a3, 3, b3, 0, NULL, NULL)), "MWU with an empty sample: NAN");
}

static void test_holm(void)
{
	const double p[] = { 0.01, 0.04, 0.03, 0.005 };
	const double want[] = { 0.03, 0.06, 0.06, 0.02 };
	const double with_nan[] = { 0.02, NAN, 0.5 };
	double adj[4];

	/* sorted 0.005*4, 0.01*3, 0.03*2, 0.04*1 -> 0.02, 0.03, 0.06, max(0.04, 0.06) */
	stats_holm(p, 4, adj);
	for (size_t i = 0; i < N_OF(p); i++)
		CHECK(near(adj[i], want[i], 1e-12), "Holm on {0.01, 0.04, 0.03, 0.005}");
	stats_holm(with_nan, 3, adj);
	CHECK(near(adj[0], 0.04, 1e-12) && isnan(adj[1]) && near(adj[2], 0.5, 1e-12),
	      "Holm: a NAN p is outside the family (m = 2) and stays NAN");
	stats_holm((const double[]){ 0.9, 0.8 }, 2, adj);
	CHECK(adj[0] == 1.0 && adj[1] == 1.0, "Holm caps adjusted p at 1");
}

static void test_descriptive(void)
{
	const double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 };
	const double g[] = { 1, 4, 16 }, c[] = { 2, 4, 4, 4, 5, 5, 7, 9 };

	CHECK(stats_median(odd, 3) == 3, "median of an odd sample");
	CHECK(stats_median(even, 4) == 2.5, "median of an even sample: mean of the middle two");
	CHECK(isnan(stats_median(odd, 0)), "median of nothing is NAN");
	CHECK(near(stats_geomean(g, 3), 4, 1e-12), "geomean of 1, 4, 16 is 4");
	CHECK(isnan(stats_geomean((const double[]){ 1, 0 }, 2)), "geomean with a 0 is NAN");
	/* mean 5, sample sd sqrt(32 / 7) */
	CHECK(near(stats_cv(c, 8), sqrt(32.0 / 7) / 5, 1e-12), "CV = sample sd / mean");
	CHECK(isnan(stats_cv(c, 1)), "CV of one value is NAN");
}

/* The PRNG shuffles the matrix's run order (matrix_plan.c). */
static void test_prng(void)
{
	struct prng p;

	prng_seed(&p, 0);
	CHECK(prng_next(&p) == 0xe220a8397b1dcdafULL,
	      "splitmix64 seed 0: first output 0xe220a8397b1dcdaf");
}

int main(void)
{
	test_mann_whitney();
	test_holm();
	test_descriptive();
	test_prng();
	return check_summary();
}
