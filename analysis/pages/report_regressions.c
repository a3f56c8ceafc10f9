// SPDX-License-Identifier: GPL-2.0
/*
 * The end of the decision summary: every significant regression of a
 * design at any tenant count, on any metric, confirmatory or descriptive,
 * so a design that is worse at 1 tenant is not hidden behind its line at
 * the most tenants.  Controls and the A/A set are not designs.
 */
#include <string.h>

#include "report_evidence.h"
#include "report_md.h"

void md_regressions(FILE *f, const struct report *r)
{
	size_t n = 0;

	fputs("### Every significant regression of a design, at any tenant count\n\n"
	      "Verdict \"worse\" (its interval beyond the margin), \"worse, size uncertain\" "
	      "(its interval across the margin's edge) or \"worse within margin\" "
	      "(significant but inside the margin) on any metric at any setting: Holm within "
	      "its family where "
	      "one declares it (confirmatory), Benjamini-Hochberg otherwise (descriptive, "
	      "labelled BH).\n\n", f);
	for (size_t v = 0; v < r->nvariants; v++) {
		const struct variant_info *vi = &r->variants[v];

		if (!variant_is_design(vi))
			continue;
		for (size_t i = 0; i < r->ncmp; i++) {
			const struct comparison *c = &r->cmp[i];

			if (!verdict_is_worse(c->verdict) || strcmp(c->cell->variant, vi->name))
				continue;
			comparison_line(f, r, c);
			n++;
		}
	}
	if (!n)
		fputs("None: no design is significantly worse than baseline on any metric at any "
		      "setting.\n", f);
	fputc('\n', f);
}
