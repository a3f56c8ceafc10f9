// SPDX-License-Identifier: GPL-2.0
/*
 * The corrections (multiplicity.c) against answers worked out by hand and
 * against Benjamini and Hochberg's own example (J. R. Stat. Soc. B 57,
 * 1995: 15 p-values, 4 rejected at q = 0.05; Holm rejects 3), the adjusted
 * values as R's p.adjust gives them; and Holm run per family, so that a
 * family's size, not the report's, sets its thresholds.
 */
#include <math.h>

#include "check.h"
#include "stats.h"

static const double bh95[] = { 0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298,
			       0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590,
			       1.0000 };

static void test_bh(void)
{
	/* p.adjust(p, "BH") */
	static const double want[] = { 0.0015, 0.003, 0.0095, 0.035625, 0.0603,
				       0.06385714285714, 0.06385714285714, 0.0645, 0.0765,
				       0.486, 0.58118181818182, 0.714875, 0.75323076923077,
				       0.81321428571429, 1 };
	double adj[N_OF(bh95)];
	size_t rejected = 0;
	int all = 1;

	stats_bh(bh95, N_OF(bh95), adj);
	for (size_t i = 0; i < N_OF(bh95); i++) {
		all &= near(adj[i], want[i], 1e-10);
		rejected += adj[i] < 0.05;
	}
	CHECK(all, "BH: the 1995 paper's 15 p-values adjusted as p.adjust does");
	CHECK(rejected == 4, "BH: 4 of them below 0.05, as in the paper");
	/* monotone in p, never above 1, and a NAN stays out of the set */
	{
		const double p[] = { 0.04, NAN, 0.01, 0.03 };
		double a[4];

		stats_bh(p, 4, a);
		/* m = 3: 0.01 * 3 = 0.03, 0.03 * 3/2 = 0.045, 0.04 * 3/3 = 0.04 -> min from top */
		CHECK(near(a[2], 0.03, 1e-12) && near(a[3], 0.04, 1e-12) &&
		      near(a[0], 0.04, 1e-12), "BH step-up: 0.03, 0.04, 0.04 for 0.01, 0.03, 0.04");
		CHECK(isnan(a[1]), "BH: a NAN p is no part of the set");
	}
}

static void test_holm(void)
{
	static const double want[] = { 0.0015, 0.0056, 0.0247, 0.114, 0.2211, 0.278, 0.278,
				       0.278, 0.3213, 1, 1, 1, 1, 1, 1 };
	double adj[N_OF(bh95)];
	size_t rejected = 0;
	int all = 1;

	stats_holm(bh95, N_OF(bh95), adj);
	for (size_t i = 0; i < N_OF(bh95); i++) {
		all &= near(adj[i], want[i], 1e-10);
		rejected += adj[i] < 0.05;
	}
	CHECK(all, "Holm: the same 15 p-values adjusted as p.adjust(\"holm\") does");
	CHECK(rejected == 3, "Holm: 3 of them below 0.05 (BH's fourth is not)");
}

static void test_families(void)
{
	/*
	 * Family 0: p = 0.01, 0.04, 0.03 -> Holm 0.03, 0.06, 0.06 (0.01 x 3;
	 * 0.03 x 2 = 0.06; 0.04 x 1, kept monotone at 0.06).  Family 1 alone:
	 * 0.02 stays 0.02.  The descriptive rest (-1): 0.001, 0.2 -> BH 0.002, 0.2.
	 * Holm over all six would give 0.01, second smallest, 0.01 x 5 = 0.05.
	 */
	const double p[] = { 0.01, 0.04, 0.001, 0.03, 0.02, 0.2, NAN };
	const int family[] = { 0, 0, -1, 0, 1, -1, 1 };
	const double want[] = { 0.03, 0.06, 0.002, 0.06, 0.02, 0.2 };
	double adj[N_OF(p)], all6[6];
	int all = 1;

	stats_adjust_families(p, family, N_OF(p), adj);
	for (size_t i = 0; i < N_OF(want); i++)
		all &= near(adj[i], want[i], 1e-12);
	CHECK(all, "per family: Holm within each family, BH over the descriptive rest");
	CHECK(isnan(adj[6]), "per family: a NAN p (a comparison that decides nothing) stays out");
	CHECK(adj[4] < 0.05, "per family: a family of one keeps its p (0.02 significant)");
	stats_holm(p, 6, all6);
	CHECK(all6[0] >= 0.05 && adj[0] < 0.05,
	      "per family: 0.01 passes Holm in its family of 3, not over all 6 comparisons");
}

int main(void)
{
	test_bh();
	test_holm();
	test_families();
	return check_summary();
}
