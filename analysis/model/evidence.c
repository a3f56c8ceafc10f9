// SPDX-License-Identifier: GPL-2.0
/*
 * The descriptive evidence a question shows beside its families: a
 * design's comparison at the most tenants measured, on a named metric or
 * on the workload's modelled cost, unless a family already listed it.
 * Chosen here once; the decisions page prints the list as it is.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "evidence.h"

static int on_axis(const struct cell *c, int rt)
{
	return rt ? kconfig_is_rt(c->kconfig) : !strcmp(c->kconfig, "base");
}

static int push(struct evidence_list *l, struct tally *t, const struct report *r,
		const struct comparison *c)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;
		const struct comparison **v = realloc(l->v, cap * sizeof(*v));

		if (!v)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = c;
	tally_add(t, r, c);
	return 0;
}

/* Whether params of c say the cost plugin ran: its guest runs slower. */
static int plugin_on(const struct cell *c)
{
	return cell_param(c, "cost") == 1;
}

const struct comparison *evidence_headline(const struct report *r, const char *variant,
					   const char *workload, const char *path,
					   const char *timing, int rt)
{
	const struct comparison *best = NULL;
	const char *tp = workload_tenant_param(workload);

	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];

		if (strcmp(c->cell->variant, variant) || strcmp(c->cell->workload, workload) ||
		    strcmp(metric_defs[c->metric].path, path) ||
		    strcmp(c->cell->timing, timing) || !on_axis(c->cell, rt))
			continue;
		/* at equal tenants, throughput measured without the plugin attached */
		if (!best || cell_param(c->cell, tp) > cell_param(best->cell, tp) ||
		    (cell_param(c->cell, tp) == cell_param(best->cell, tp) &&
		     plugin_on(best->cell) && !plugin_on(c->cell)))
			best = c;
	}
	return best;
}

int evidence_metric(struct evidence_list *l, struct tally *t, const struct report *r,
		    const char *variant, const char *workload, const char *path,
		    const char *timing, int rt)
{
	const struct comparison *c = evidence_headline(r, variant, workload, path, timing, rt);

	if (metric_index(workload, path) < 0 || (c && c->family >= 0))
		return 0;
	if (!c) {
		/* not measured here: counted into one sentence, never a line */
		t->no_data++;
		return 0;
	}
	return push(l, t, r, c);
}

/* The comparison of variant on metric m in timing on base (or an rt axis). */
static int matches(const struct comparison *c, const char *variant, const char *workload,
		   size_t m, const char *timing, int rt)
{
	return c->metric == m && !strcmp(c->cell->variant, variant) &&
	       !strcmp(c->cell->workload, workload) && !strcmp(c->cell->timing, timing) &&
	       on_axis(c->cell, rt);
}

int evidence_cost(struct evidence_list *l, struct tally *t, const struct report *r,
		  const char *variant, const char *workload, const char *timing, int rt)
{
	int m = metric_primary_index(workload, PRIMARY_COST);
	const char *tp = workload_tenant_param(workload);
	double most = -INFINITY;
	int any = 0;

	if (m < 0)
		return 0;
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
		    (isnan(x) ? isinf(most) : x == most) && push(l, t, r, c) < 0)
			return -1;
	}
	return 0;
}

size_t mechanism_rows(const struct report *r, const char *path, struct mechanism_row *out,
		      size_t cap)
{
	size_t n = 0;

	for (size_t v = 0; v < r->nvariants; v++) {
		const struct variant_info *vi = &r->variants[v];

		if (!variant_is_design(vi))
			continue;
		for (size_t i = 0; i < r->ncmp; i++) {
			const struct comparison *c = &r->cmp[i];
			struct mechanism_row *row = NULL;
			double e = planning_ratio(c);

			if (strcmp(c->cell->variant, vi->name) ||
			    strcmp(c->base->variant, BASELINE_VARIANT) ||
			    strcmp(metric_defs[c->metric].path, path) || c->not_tested ||
			    isnan(e) || isnan(c->p_adj))
				continue;
			for (size_t k = 0; k < n && !row; k++)
				if (!strcmp(out[k].variant, vi->name) &&
				    !strcmp(out[k].workload, c->cell->workload))
					row = &out[k];
			if (!row) {
				if (n == cap)
					continue;
				row = &out[n++];
				*row = (struct mechanism_row){ .variant = vi->name,
							       .workload = c->cell->workload,
							       .metric = c->metric };
			}
			row->cells++;
			row->significant += c->significant;
			if (!row->lo || e < planning_ratio(row->lo))
				row->lo = c;
			if (!row->hi || e > planning_ratio(row->hi))
				row->hi = c;
		}
	}
	return n;
}
