// SPDX-License-Identifier: GPL-2.0
/*
 * The decision summary's cost evidence: the cost plugin's counts compared
 * with baseline.  The modelled cost at P=200 is the primary metric where a
 * family declares it (metrics_table.c says why); the charge-path
 * instructions, line transfers and P=50 stand beside it so a reader sees
 * the mechanism and whether the verdict hangs on P.  Cost lines no family
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

static int listed(const char *key, const char *const *only)
{
	for (; only && *only; only++)
		if (!strcmp(*only, key))
			return 1;
	return !only;
}

const char *cell_setting(const struct report *r, const struct cell *c, size_t m,
			 const char *const *only, char *buf, size_t cap)
{
	const char *key, *tp = tenant_param_of(c->workload);
	json_t *mine;
	size_t len = 0;

	buf[0] = '\0';
	json_object_foreach(c->params_json, key, mine) {
		int differs = 0;

		if (!strcmp(key, tp) || !listed(key, only))
			continue;
		for (size_t i = 0; i < r->ncells && !differs; i++) {
			const struct cell *o = &r->cells[i];
			json_t *other = json_object_get(o->params_json, key);

			differs = o->metrics[m].n && !strcmp(o->workload, c->workload) &&
				  !strcmp(o->timing, c->timing) && !strcmp(o->kconfig, c->kconfig) &&
				  other && !(json_is_number(other) && json_is_number(mine) ?
					     json_number_value(other) == json_number_value(mine) :
					     json_equal(other, mine));
		}
		if (!differs)
			continue;
		len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%s=", len ? " " : "", key);
		if (json_is_number(mine))
			len += snprintf(buf + len, len < cap ? cap - len : 0, "%g",
					json_number_value(mine));
		else
			len += snprintf(buf + len, len < cap ? cap - len : 0, "%s",
					json_is_string(mine) ? json_string_value(mine) : "?");
	}
	return buf;
}

/* "; line transfers -12.0% (inconclusive)": a supporting cost count of the same cell. */
static void beside(FILE *f, const struct report *r, const struct cell *c, const char *stem,
		   const char *what)
{
	const struct comparison *s = comparison_find(r, c, metric_cost_index(c->workload, stem));
	char d[96];

	if (s)
		fprintf(f, "; %s %s (%s)", what, fmt_delta(d, sizeof(d), s->ratio, NULL),
			verdict_word(r, s));
}

void cost_beside(FILE *f, const struct report *r, const struct comparison *c)
{
	if (metric_defs[c->metric].primary != PRIMARY_COST)
		return;
	beside(f, r, c->cell, "charge_insns", "charge-path instructions");
	beside(f, r, c->cell, "transfers", "line transfers");
	beside(f, r, c->cell, "modelled_p50", "at P=50");
	if (!comparison_trusted(c))
		fprintf(f, "; **not trusted: crosscheck_ok not true in %zu of %zu runs of this "
			"cell, %zu of %zu of baseline's (the plugin's call counts disagree with "
			"the kprobes', or could not be checked)**",
			c->cell->crosscheck_false + c->cell->crosscheck_unchecked,
			c->cell->cost_runs,
			c->base->crosscheck_false + c->base->crosscheck_unchecked,
			c->base->cost_runs);
}

void cost_evidence(FILE *f, const struct report *r, struct tally *t, const char *variant,
		   const char *workload, const char *timing, int rt)
{
	int m = metric_primary_index(workload, PRIMARY_COST);
	const char *tp = tenant_param_of(workload);
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
