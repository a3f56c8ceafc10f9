// SPDX-License-Identifier: GPL-2.0
/*
 * The verdict of a comparison: better or worse (beyond the margin, or
 * within it), equivalent, inconclusive.
 */
#include <math.h>

#include "verdict.h"

int verdict_within_margin(const struct interval *ci, double level, double margin)
{
	/* the coverage is computed, so allow for its last bit */
	return ci && ci->valid && !isnan(margin) && ci->coverage >= level - 1e-9 &&
	       ci->lo >= 1.0 - margin && ci->hi <= 1.0 + margin;
}

enum verdict verdict_judge(double p_adj, double alpha, double improvement,
			   const struct interval *tost, double margin)
{
	/* a significant difference is never hidden as equivalent */
	if (!isnan(p_adj) && !isnan(improvement) && p_adj < alpha) {
		int small = !isnan(margin) && fabs(improvement - 1) <= margin;

		if (improvement > 1)
			return small ? VERDICT_BETTER_WITHIN : VERDICT_BETTER;
		return small ? VERDICT_WORSE_WITHIN : VERDICT_WORSE;
	}
	if (verdict_within_margin(tost, TOST_LEVEL(alpha), margin))
		return VERDICT_EQUIVALENT;
	if (isnan(p_adj) || isnan(improvement))
		return VERDICT_NA;
	return VERDICT_INCONCLUSIVE;
}

const char *verdict_text(enum verdict v)
{
	static const char *const words[] = {
		[VERDICT_NA] = "n/a",
		[VERDICT_NOT_TESTED] = "not tested",
		[VERDICT_INVALID] = "invalid",
		[VERDICT_UNTRUSTED] = "untrusted",
		[VERDICT_BETTER] = "better",
		[VERDICT_WORSE] = "worse",
		[VERDICT_EQUIVALENT] = "equivalent",
		[VERDICT_INCONCLUSIVE] = "inconclusive",
		[VERDICT_BETTER_WITHIN] = "better within margin",
		[VERDICT_WORSE_WITHIN] = "worse within margin",
	};

	return words[v];
}
