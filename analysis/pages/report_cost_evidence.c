// SPDX-License-Identifier: GPL-2.0
/*
 * The decision summary's cost evidence: the cost plugin's counts compared
 * with baseline.  The modelled cycles on Skylake-SP are the primary metric
 * where a family declares them (metrics_table.c says why); the charge-path
 * instructions, the estimated line transfers and the Zen 2 price stand
 * beside them so a reader sees the mechanism and whether the verdict hangs
 * on the machine.  Cost lines no family
 * lists are descriptive.
 */
#include <math.h>
#include <string.h>

#include "report_evidence.h"
#include "report_format.h"
#include "report_md.h"

/* The comparison of variant on metric m in timing on base (or an rt axis). */
static int matches(const struct comparison *c, const char *variant, const char *workload,
		   size_t m, const char *timing, int rt)
{
	return c->metric == m && !strcmp(c->cell->variant, variant) &&
	       !strcmp(c->cell->workload, workload) && !strcmp(c->cell->timing, timing) &&
	       (rt ? strstr(c->cell->kconfig, "rt") != NULL : !strcmp(c->cell->kconfig, "base"));
}

void cost_evidence(FILE *f, const struct report *r, struct tally *t, const char *variant,
		   const char *workload, const char *timing, int rt)
{
	int m = metric_primary_index(workload, PRIMARY_COST);
	const char *tp = workload_tenant_param(workload);
	double most = -INFINITY;
	int any = 0;

	if (m < 0)
		return;
	/* the most tenants with cost data: where the designs differ most */
	for (size_t i = 0; i < r->ncmp; i++)
		if (matches(&r->cmp[i], variant, workload, (size_t)m, timing, rt)) {
			double x = cell_param(r->cmp[i].cell, tp);

			any = 1;
			if (!isnan(x) && x > most)
				most = x;
		}
	for (size_t i = 0; any && i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];
		double x = cell_param(c->cell, tp);

		/* a family's members were listed with their family */
		if (matches(c, variant, workload, (size_t)m, timing, rt) && c->family < 0 &&
		    (isnan(x) ? isinf(most) : x == most)) {
			comparison_line(f, r, c);
			tally_add(t, r, c);
		}
	}
}
