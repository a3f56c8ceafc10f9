// SPDX-License-Identifier: GPL-2.0
/*
 * The A/A noise floor of a metric, for the noise page's table and for any
 * section that sets a design's change beside it (the calibration).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aa_noise.h"
#include "stats.h"

#define AA_MAX_CELLS 512

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void aa_noise(const struct report *r, const char *timing, size_t m, const char *profile,
	      struct aa_noise *out)
{
	double dev[AA_MAX_CELLS];
	size_t n = 0;

	memset(out, 0, sizeof(*out));
	out->median = out->floor = NAN;
	for (size_t i = 0; i < r->ncmp && n < AA_MAX_CELLS; i++) {
		const struct comparison *c = &r->cmp[i];

		if (!c->aa || c->metric != m || strcmp(c->cell->timing, timing) ||
		    isnan(c->ratio) || c->not_tested ||
		    (profile && strcmp(c->cell->profile, profile)))
			continue;
		dev[n++] = fabs(c->ratio - 1.0);
		out->raw += !isnan(c->mwu.p) && c->mwu.p < REPORT_ALPHA;
		out->significant += c->significant;
		out->testable += c->min_p < REPORT_ALPHA;
		if (c->ci.valid)
			out->widest = fmax(out->widest, fmax(fabs(c->ci.hi - 1), fabs(c->ci.lo - 1)));
	}
	out->cells = n;
	if (!n)
		return;
	qsort(dev, n, sizeof(dev[0]), cmp_double);
	out->median = stats_quantile_sorted(dev, n, 0.5);
	out->floor = dev[n - 1];
}
