// SPDX-License-Identifier: GPL-2.0
/*
 * Power by simulation (power_sim.c) against answers known without it: the
 * exact size of the test under no effect, the p-values Holm's first step
 * admits at 5 vs 5, the formula at large n, and the power the normal
 * formula's MDE really has at n = 5 (issue 25's independent simulation:
 * about 56% in a family of 3, 44% in a family of 4).
 */
#include <math.h>

#include "check.h"
#include "stats.h"

int main(void)
{
	double mde3 = stats_mde(0.01, 5, 5, 3, 0.05), mde4 = stats_mde(0.01, 5, 5, 4, 0.05);
	double sim, p;

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
	return check_summary();
}
