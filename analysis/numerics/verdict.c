// SPDX-License-Identifier: GPL-2.0
/*
 * The verdict of a comparison: better or worse (beyond the margin, within
 * it, or of a size the interval leaves uncertain), equivalent, inconclusive.
 */
#include <math.h>

#include "verdict.h"

int verdict_within_margin(const struct interval *ci, double level, double margin)
{
	/* the coverage is computed, so allow for its last bit */
	return ci && ci->valid && !isnan(margin) && ci->coverage >= level - 1e-9 &&
	       ci->lo >= 1.0 - margin && ci->hi <= 1.0 + margin;
}

int verdict_beyond_margin(const struct interval *ci, double level, double margin)
{
	return ci && ci->valid && !isnan(margin) && ci->coverage >= level - 1e-9 &&
	       (ci->lo > 1.0 + margin || ci->hi < 1.0 - margin);
}

enum verdict verdict_judge(double p_adj, double alpha, double improvement,
			   const struct interval *tost, double margin)
{
	/* a significant difference is never hidden as equivalent */
	if (!isnan(p_adj) && !isnan(improvement) && p_adj < alpha) {
		int better = improvement > 1;

		/*
		 * its size from the interval, against the same ±margin both
		 * ways: beyond it, inside it, or across its edge (uncertain)
		 */
		if (isnan(margin) || verdict_beyond_margin(tost, TOST_LEVEL(alpha), margin))
			return better ? VERDICT_BETTER : VERDICT_WORSE;
		if (verdict_within_margin(tost, TOST_LEVEL(alpha), margin))
			return better ? VERDICT_BETTER_WITHIN : VERDICT_WORSE_WITHIN;
		return better ? VERDICT_BETTER_UNSIZED : VERDICT_WORSE_UNSIZED;
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
		[VERDICT_BETTER_UNSIZED] = "better, size uncertain",
		[VERDICT_WORSE_UNSIZED] = "worse, size uncertain",
	};

	return words[v];
}
