/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_VERDICT_H
#define MMX_VERDICT_H

#include "stats.h"

/*
 * A comparison's verdict against baseline.  Eight of them are outcomes of
 * the test: better or worse (the adjusted p below alpha, the direction
 * from the metric and the Hodges-Lehmann estimate), sized on the ratio's
 * interval at 1 - 2 alpha against the same ±margin both ways: beyond it
 * (the interval wholly past +margin or -margin), within it (wholly inside:
 * significant but small, never called equivalent, and a loss is still a
 * regression), or size uncertain (across the margin's edge); equivalent
 * (not significant, and that interval, which two one-sided tests at alpha
 * amount to, lies inside the margin), inconclusive (neither).  The rest
 * say why there is no test.
 */
enum verdict {
	VERDICT_NA,		/* no p or no ratio */
	VERDICT_NOT_TESTED,	/* degenerate: zero by construction, or in both arms */
	VERDICT_INVALID,	/* the variant failed the correctness gate */
	VERDICT_UNTRUSTED,	/* cost numbers the kprobes contradict */
	VERDICT_BETTER,
	VERDICT_WORSE,
	VERDICT_EQUIVALENT,
	VERDICT_INCONCLUSIVE,
	VERDICT_BETTER_WITHIN,	/* significant, smaller than the margin */
	VERDICT_WORSE_WITHIN,
	VERDICT_BETTER_UNSIZED,	/* significant, its interval across the margin */
	VERDICT_WORSE_UNSIZED,
};

/* better or worse, beyond the margin, within it or of uncertain size */
static inline int verdict_is_better(enum verdict v)
{
	return v == VERDICT_BETTER || v == VERDICT_BETTER_WITHIN || v == VERDICT_BETTER_UNSIZED;
}

static inline int verdict_is_worse(enum verdict v)
{
	return v == VERDICT_WORSE || v == VERDICT_WORSE_WITHIN || v == VERDICT_WORSE_UNSIZED;
}

/* The coverage of the equivalence interval: 1 - 2 alpha (90% for TOST at 5%). */
#define TOST_LEVEL(alpha) (1.0 - 2.0 * (alpha))

/*
 * Whether the interval lies inside [1 - margin, 1 + margin] with at least
 * the coverage level asks (an interval of less, at small n, shows nothing).
 */
int verdict_within_margin(const struct interval *ci, double level, double margin);
/* Whether it lies wholly beyond +margin or wholly beyond -margin, at that coverage. */
int verdict_beyond_margin(const struct interval *ci, double level, double margin);

/*
 * improvement: the ratio (Hodges-Lehmann) turned so that > 1 is better,
 * for the direction; tost: the ratio's interval at 1 - 2 alpha, for the
 * size; margin NAN: none declared, so equivalence is not assessed and a
 * significant difference is plain better or worse.
 */
enum verdict verdict_judge(double p_adj, double alpha, double improvement,
			   const struct interval *tost, double margin);

const char *verdict_text(enum verdict v);

#endif
