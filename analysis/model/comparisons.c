// SPDX-License-Identifier: GPL-2.0
/*
 * Every variant's cell against the baseline cell with the same workload,
 * parameters, timing mode and kconfig axis (never across timing modes),
 * and, where a family names another reference variant (RFC 3's slot counts
 * against upstream's 7), its cells against that variant's cell too:
 * ratio of medians with the Hodges-Lehmann interval of the scale factor
 * between the two (ratio_interval.c) at 95% and, for equivalence, at
 * 1 - 2 alpha, and the Mann-Whitney p.  A comparison that cannot differ is
 * not tested at all, so it cannot dilute a family: a metric zero by
 * construction (socket charges of a kernel booted with nosocket) or zero in
 * every run of both cells.  families.c then sorts them into families.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "family_spec.h"
#include "model.h"

static int all_zero(const struct cell_metric *cm)
{
	for (size_t i = 0; i < cm->n; i++)
		if (cm->values[i] != 0)
			return 0;
	return 1;
}

/* Why the comparison is degenerate, or NULL when it is a test. */
static const char *degenerate(const struct report *r, const struct cell *c,
			      const struct cell *base, size_t m)
{
	const struct variant_info *v = variant_find(r, c->variant);

	if (metric_defs[m].socket_charge && v && v->nosocket)
		return "zero by construction: cgroup.memory=nosocket charges no socket memory";
	if (all_zero(&c->metrics[m]) && all_zero(&base->metrics[m]))
		return "zero in every run of both cells: nothing to compare";
	return NULL;
}

static int add(struct report *r, struct cell *c, struct cell *base, size_t m)
{
	struct cell_metric *x = &c->metrics[m], *b = &base->metrics[m];
	struct comparison *cmp;

	if (x->n == 0 || b->n == 0)
		return 0;
	cmp = realloc(r->cmp, (r->ncmp + 1) * sizeof(*cmp));
	if (!cmp)
		return -1;
	r->cmp = cmp;
	cmp = &r->cmp[r->ncmp++];
	*cmp = (struct comparison){
		.cell = c, .base = base, .metric = m, .ratio = NAN, .ratio_hl = NAN,
		.margin = NAN, .mwu = { NAN, NAN, 0 },
		.min_p = stats_smallest_p(x->n, b->n), .family = -1, .p_adj = NAN,
		.aa = variant_is_aa(c->variant) && !strcmp(base->variant, BASELINE_VARIANT),
		.not_tested = degenerate(r, c, base, m),
	};
	if (cmp->not_tested) {
		cmp->ci = cmp->tost = (struct interval){ 0, NAN, NAN, NAN, 1, "not tested" };
		cmp->verdict = VERDICT_NOT_TESTED;
		return 0;
	}
	cmp->ratio = b->median != 0 ? x->median / b->median : NAN;
	stats_ratio_interval(x->values, x->n, b->values, b->n, REPORT_LEVEL, &cmp->ci,
			     &cmp->ratio_hl);
	stats_ratio_interval(x->values, x->n, b->values, b->n, TOST_LEVEL(REPORT_ALPHA),
			     &cmp->tost, NULL);
	stats_mann_whitney(x->values, x->n, b->values, b->n, &cmp->mwu);
	return 0;
}

const struct comparison *comparison_find(const struct report *r, const struct cell *c, int m)
{
	for (size_t i = 0; m >= 0 && i < r->ncmp; i++)
		if (r->cmp[i].cell == c && r->cmp[i].metric == (size_t)m)
			return &r->cmp[i];
	return NULL;
}

/* Every metric of cell c against cell base. */
static int add_cell(struct report *r, struct cell *c, struct cell *base)
{
	for (size_t m = 0; m < metric_defs_count; m++)
		if (!strcmp(metric_defs[m].workload, c->workload) && add(r, c, base, m) < 0)
			return -1;
	return 0;
}

static int compared_with(const struct report *r, const struct cell *c,
			 const struct cell *base)
{
	for (size_t i = 0; i < r->ncmp; i++)
		if (r->cmp[i].cell == c && r->cmp[i].base == base)
			return 1;
	return 0;
}

/* Cell c against the reference of every family of its profile that tests it. */
static int add_references(struct report *r, struct cell *c)
{
	json_t *prof = json_object_get(r->profiles, c->profile), *fam, *test;
	size_t i, k;

	json_array_foreach(json_object_get(prof, "families"), i, fam) {
		const char *ref = family_reference(fam);
		struct cell *base;

		if (!strcmp(ref, BASELINE_VARIANT) || !strcmp(ref, c->variant))
			continue;
		json_array_foreach(json_object_get(fam, "tests"), k, test) {
			if (!cell_in_test(c, fam, test, family_timing(prof, fam)))
				continue;
			base = cell_find(r, ref, c->workload, c->params, c->timing, c->kconfig);
			if (base && !compared_with(r, c, base) && add_cell(r, c, base) < 0)
				return -1;
		}
	}
	return 0;
}

int comparisons_build(struct report *r)
{
	for (size_t i = 0; i < r->ncells; i++) {
		struct cell *c = &r->cells[i], *base;

		if (!strcmp(c->variant, BASELINE_VARIANT))
			continue;
		base = cell_find(r, BASELINE_VARIANT, c->workload, c->params, c->timing,
				 c->kconfig);
		if ((base && add_cell(r, c, base) < 0) || add_references(r, c) < 0)
			return -1;
	}
	return families_build(r);
}
