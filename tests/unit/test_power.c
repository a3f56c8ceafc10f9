// SPDX-License-Identifier: GPL-2.0
/*
 * What n can show (power.c): the exact floor of the Mann-Whitney p, the
 * repetitions that let it pass Holm in a family, the normal quantile, and
 * the MDE and reachable equivalence margin from their formula.
 */
#include <math.h>

#include "check.h"
#include "stats.h"

int main(void)
{
	double se7;

	CHECK(near(stats_smallest_p(3, 3), 0.1, 1e-15), "smallest p at 3 v 3: 2/C(6,3) = 0.1");
	CHECK(near(stats_smallest_p(7, 7), 2.0 / 3432, 1e-15), "at 7 v 7: 2/3432");
	CHECK(near(stats_smallest_p(8, 8), 2.0 / 12870, 1e-15), "at 8 v 8: 2/12870");
	CHECK(stats_reps_for_floor(14, 0.05, 100) == 6,
	      "a family of 14 needs 6 runs a cell (2/924 x 14 < 0.05; 2/252 x 14 is not)");
	CHECK(stats_reps_for_floor(1, 0.05, 100) == 4, "a family of 1 needs 4 (2/70 < 0.05)");
	CHECK(stats_reps_for_floor(194, 0.05, 100) == 8,
	      "Holm over 194 comparisons needed 8 (the old full profile's reason)");
	CHECK(near(stats_normal_quantile(0.975), 1.959963984540054, 1e-9), "z(0.975)");
	CHECK(near(stats_normal_quantile(0.95), 1.644853626951472, 1e-9), "z(0.95)");
	CHECK(near(stats_normal_quantile(0.5), 0, 1e-12), "z(0.5) = 0");
	CHECK(isinf(stats_mde(0.01, 3, 3, 1, 0.05)), "MDE at 3 v 3: none, the floor is 0.1");
	/* (z(1 - 0.05/8) + z(0.8)) * CV * sqrt(pi/3 * 2/7) for a family of 4 */
	se7 = 0.1 * sqrt(M_PI / 3 * 2.0 / 7);
	CHECK(near(stats_mde(0.1, 7, 7, 4, 0.05),
		   (stats_normal_quantile(1 - 0.05 / 8) + 0.8416212335729143) * se7, 1e-12),
	      "MDE at 7 v 7, CV 10%, family of 4: the normal formula");
	CHECK(near(stats_equivalence_reach(0.1, 7, 7, 0.05),
		   (1.644853626951472 + 1.2815515655446004) * se7, 1e-9),
	      "reachable margin at 7 v 7, CV 10%: (z(0.95) + z(0.90)) x the standard error");
	CHECK(isinf(stats_equivalence_reach(0.1, 2, 2, 0.05)), "no equivalence interval at 2 v 2");
	CHECK(stats_mde(0.1, 7, 7, 4, 0.05) <= 0.2 ? 1 : 0, "MDE at 7 v 7, CV 10%: under 20%");
	{
		size_t n = stats_reps_to_decide(0.005, 0.02, 14, 0.05, 5000);

		CHECK(n == 6, "CV 0.5%, margin 2%, family of 14: the exact floor decides (6 runs)");
		CHECK(stats_mde(0.005, n, n, 14, 0.05) <= 0.02 &&
		      stats_equivalence_reach(0.005, n, n, 0.05) <= 0.02,
		      "at that n both the MDE and the reachable margin are within 2%");
		CHECK(stats_reps_to_decide(0.01, 0.02, 14, 0.05, 5000) == 8,
		      "CV 1%: 2 pi/3 (z(1 - 0.05/28) + z(0.8))^2 (1%/2%)^2 = 7.4, so 8 runs");
	}
	{
		size_t n = stats_reps_to_decide(0.073, 0.05, 4, 0.05, 5000);

		CHECK(n > 40 && stats_mde(0.073, n, n, 4, 0.05) <= 0.05 &&
		      stats_mde(0.073, n - 1, n - 1, 4, 0.05) > 0.05,
		      "CV 7.3%, margin 5%: the smallest n whose MDE is within it");
	}
	CHECK(stats_reps_to_decide(NAN, 0.05, 4, 0.05, 5000) == 5001, "no CV: nothing to say");

	/* after the runs: what an undecided comparison's own effect needs */
	CHECK(stats_reps_for_effect(0.01, 0, 0.02, 1, 0.05, 5000) == 5,
	      "no effect, CV 1%, margin 2%: 2 pi/3 ((z(.95) + z(.9)) / 2)^2 = 4.5, so 5 runs");
	CHECK(stats_reps_for_effect(0.01, 0.05, 0.02, 1, 0.05, 5000) == 4,
	      "an effect beyond the margin: the difference decides, at the exact floor (4)");
	CHECK(stats_reps_for_effect(0.01, -0.05, 0.02, 1, 0.05, 5000) == 4,
	      "the sign of the effect does not matter");
	CHECK(stats_reps_for_effect(0.01, 0.019, 0.02, 1, 0.05, 5000) == 5,
	      "near the margin: the difference (5), not equivalence (1794)");
	CHECK(stats_reps_for_effect(0.01, 0.01, 0.02, 3, 0.05, 5000) == 18,
	      "family of 3, half the margin: equivalence (18) before the difference (22)");
	CHECK(stats_reps_for_effect(0.01, 0.03, NAN, 3, 0.05, 5000) == 5,
	      "no margin: only the difference, not below Holm's floor for 3 (5)");
	CHECK(stats_reps_for_effect(0.05, 0.001, 0.002, 1, 0.05, 50) == 51,
	      "beyond the cap: cap + 1");
	CHECK(stats_reps_for_effect(NAN, 0.01, 0.02, 1, 0.05, 5000) == 5001, "no CV: cap + 1");
	return check_summary();
}
