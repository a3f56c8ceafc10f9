// SPDX-License-Identifier: GPL-2.0
/*
 * Power by simulation (power_sim.c) against answers known without it: the
 * exact size of the test under no effect, the p-values Holm's first step
 * admits at 5 vs 5, the formula at large n, and the power the normal
 * formula's MDE really has at n = 5 (issue 25's independent simulation:
 * about 56% in a family of 3, 44% in a family of 4); the runs a cell needs
 * to decide at a margin, against the floor of the exact p, the definition
 * (80% on both sides at n, not at n - 1) and the formula it replaces.
 */
#include <math.h>

#include "check.h"
#include "stats.h"

int main(void)
{
	double mde3 = stats_mde(0.01, 5, 5, 3, 0.05), mde4 = stats_mde(0.01, 5, 5, 4, 0.05);
	double sim, p;
	size_t n;

	/* no effect: the share that passes is the test's exact size */
	p = stats_power_sim(0, 0.01, 5, 5, 1, 0.05);
	CHECK(fabs(p - 8.0 / 252) < 0.005,
	      "no effect, 5 v 5, alone: passes at the exact size 2 x 4/252 = 0.032 (U <= 2)");
	p = stats_power_sim(0, 0.01, 5, 5, 3, 0.05);
	CHECK(fabs(p - 4.0 / 252) < 0.004,
	      "no effect, family of 3: only U <= 1 passes (p 0.016 < 0.05/3): 4/252");
	CHECK(stats_power_sim(0.5, 0.01, 5, 5, 3, 0.05) == 1.0,
	      "an effect of 50 sd: every draw separates, every draw passes");
	CHECK(stats_power_sim(0.5, 0.01, 3, 3, 1, 0.05) == 0.0,
	      "3 v 3: the smallest p, 0.1, never passes whatever the effect");

	/* the normal formula's MDE at n = 5 has less than its 80% */
	p = stats_power_sim(mde3, 0.01, 5, 5, 3, 0.05);
	CHECK(p > 0.50 && p < 0.62, "5 v 5, family of 3: the formula's MDE has about 56% power");
	p = stats_power_sim(mde4, 0.01, 5, 5, 4, 0.05);
	CHECK(p > 0.38 && p < 0.50, "5 v 5, family of 4: the formula's MDE has about 44% power");

	/* the simulated MDE is what it says */
	sim = stats_mde_sim(0.01, 5, 5, 3, 0.05);
	CHECK(sim > mde3, "5 v 5, family of 3: the simulated MDE is above the formula's");
	CHECK(stats_power_sim(sim, 0.01, 5, 5, 3, 0.05) >= 0.80 &&
	      stats_power_sim(sim * 0.98, 0.01, 5, 5, 3, 0.05) < 0.80,
	      "the simulated MDE is the smallest effect with 80% power");
	CHECK(isinf(stats_mde_sim(0.01, 3, 3, 1, 0.05)), "3 v 3: no MDE, the floor is 0.1");
	CHECK(stats_mde_sim(0, 5, 5, 1, 0.05) == 0, "no noise: any effect is found");
	CHECK(fabs(log1p(stats_mde_sim(0.02, 5, 5, 3, 0.05)) /
		   log1p(stats_mde_sim(0.01, 5, 5, 3, 0.05)) - 2) < 0.005,
	      "the MDE's log scales with the CV (the draws are shared)");

	/* large n: the formula (Mann-Whitney's efficiency 3/pi) is right */
	sim = stats_mde_sim(0.01, 30, 30, 1, 0.05);
	p = stats_mde(0.01, 30, 30, 1, 0.05);
	CHECK(fabs(sim / p - 1) < 0.06, "30 v 30, alone: the simulated MDE within 6% of the formula");

	/* equivalence: the interval at 90% inside the margin when nothing differs */
	CHECK(stats_equivalence_power_sim(1e-6, 5, 5, 0.02, 0.05) == 1.0,
	      "no noise: every interval lies inside ±2%");
	CHECK(stats_equivalence_power_sim(0.5, 5, 5, 0.02, 0.05) == 0.0,
	      "CV 50% against ±2%: no interval lies inside");
	CHECK(isnan(stats_equivalence_power_sim(0.01, 2, 2, 0.02, 0.05)),
	      "2 v 2: no interval at all");
	/* large n: the formula's reach (z(0.95) + z(0.90)) x se has 80% */
	p = stats_equivalence_reach(0.01, 25, 25, 0.05);
	sim = stats_equivalence_power_sim(0.01, 25, 25, p, 0.05);
	CHECK(sim > 0.74 && sim < 0.86, "25 v 25: the formula's equivalence reach has about 80%");

	/* the runs a cell needs to decide */
	CHECK(stats_reps_sim(0, 0.02, 1, 0.05, 5000) == 4 &&
	      stats_reps_sim(0, 0.02, 3, 0.05, 5000) == 5 &&
	      stats_reps_sim(0, 0.02, 7, 0.05, 5000) == 6,
	      "no noise: the floor of the exact p under Holm (4 alone, 5 for 3, 6 for 7)");
	n = stats_reps_sim(0.01, 0.02, 4, 0.05, 5000);
	CHECK(stats_power_sim(0.02, 0.01, n, n, 4, 0.05) >= 0.80 &&
	      stats_equivalence_power_sim(0.01, n, n, 0.02, 0.05) >= 0.80,
	      "CV 1%, ±2%, family of 4: at the n found both sides have 80%");
	CHECK(stats_power_sim(0.02, 0.01, n - 1, n - 1, 4, 0.05) < 0.80 ||
	      stats_equivalence_power_sim(0.01, n - 1, n - 1, 0.02, 0.05) < 0.80,
	      "... and at one run fewer one side has less");
	CHECK(n > stats_reps_to_decide(0.01, 0.02, 4, 0.05, 5000),
	      "CV 1%, ±2%, family of 4: the formula asks too few runs (6; simulated 9)");
	CHECK(stats_reps_sim(0.065, 0.02, 3, 0.05, 5000) ==
	      stats_reps_to_decide(0.065, 0.02, 3, 0.05, 5000),
	      "past the exact tables (CV 6.5%: hundreds of runs) the formula answers");
	CHECK(stats_reps_sim(0.01, 0.02, 4, 0.05, 6) == 7, "more than the cap: cap + 1");
	return check_summary();
}
