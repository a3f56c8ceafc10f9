/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_FAMILY_PLAN_H
#define MMX_FAMILY_PLAN_H

#include <jansson.h>
#include <stdio.h>

/* One planned cell, as mmx matrix expands a profile. */
struct plan_cell {
	const char *variant, *axis, *workload, *timing, *id;
	json_t *params;		/* complete */
	int reps;		/* its repetitions */
};

/*
 * Before the runs: each confirmatory family of the profile, its size in
 * these cells and what its cells' repetitions (the fewest of them: reps)
 * can show in it.  Warns when the smallest exact Mann-Whitney p at reps vs
 * reps, 2 / C(2 reps, reps), times the family's size is not below 0.05
 * (nothing in it can be significant), and when a test's margin is out of
 * reach: no interval below 3 runs, or, where runs (the store's records, may
 * be NULL) already measured the noise of its reference and A/A cells, fewer
 * runs than the simulated test needs to decide at that noise.
 * Returns the number of warnings.
 */
int family_plan_check(FILE *out, const char *profile, json_t *spec,
		      const struct plan_cell *cells, size_t n, json_t *runs);

#endif
