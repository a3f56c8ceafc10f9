// SPDX-License-Identifier: GPL-2.0
/* The four-way verdict of a comparison: better, worse, equivalent, inconclusive. */
#include <math.h>

#include "verdict.h"

int verdict_within_margin(const struct interval *ci, double level, double margin)
{
	/* the coverage is computed, so allow for its last bit */
	return ci && ci->valid && !isnan(margin) && ci->coverage >= level - 1e-9 &&
	       ci->lo >= 1.0 - margin && ci->hi <= 1.0 + margin;
}

enum verdict verdict_four_way(double p_adj, double alpha, double improvement,
			      const struct interval *tost, double margin)
{
	if (verdict_within_margin(tost, TOST_LEVEL(alpha), margin))
		return VERDICT_EQUIVALENT;
	if (isnan(p_adj) || isnan(improvement))
		return VERDICT_NA;
	if (p_adj < alpha)
		return improvement > 1 ? VERDICT_BETTER : VERDICT_WORSE;
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
	};

	return words[v];
}
