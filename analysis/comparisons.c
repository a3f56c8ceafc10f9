// SPDX-License-Identifier: GPL-2.0
/*
 * Every variant's cell against the baseline cell with the same workload,
 * parameters, timing mode and kconfig axis (never across timing modes):
 * ratio of medians with the Hodges-Lehmann interval of the scale factor
 * between the two (ratio_interval.c), Mann-Whitney p, and Holm over
 * the whole report's family of comparisons, A/A ones included.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* 2 / C(nx + ny, nx): the p of complete separation, the smallest possible. */
static double smallest_p(size_t nx, size_t ny)
{
	double c = 1;

	for (size_t k = 1; k <= nx; k++)
		c = c * (double)(ny + k) / (double)k;
	return fmin(1.0, 2.0 / c);
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
		.cell = c, .base = base, .metric = m,
		.ratio = b->median != 0 ? x->median / b->median : NAN,
		.min_p = smallest_p(x->n, b->n), .p_holm = NAN,
		.aa = !strcmp(c->variant, AA_VARIANT),
	};
	stats_ratio_interval(x->values, x->n, b->values, b->n, REPORT_LEVEL, &cmp->ci,
			     &cmp->ratio_hl);
	stats_mann_whitney(x->values, x->n, b->values, b->n, &cmp->mwu);
	return 0;
}

int comparisons_build(struct report *r)
{
	double *p, *adj;

	for (size_t i = 0; i < r->ncells; i++) {
		struct cell *c = &r->cells[i], *base;

		if (!strcmp(c->variant, BASELINE_VARIANT))
			continue;
		base = cell_find(r, BASELINE_VARIANT, c->workload, c->params, c->timing,
				 c->kconfig);
		for (size_t m = 0; base && m < metric_defs_count; m++)
			if (!strcmp(metric_defs[m].workload, c->workload) &&
			    add(r, c, base, m) < 0)
				return -1;
	}
	p = calloc(r->ncmp + 1, sizeof(*p));
	adj = calloc(r->ncmp + 1, sizeof(*adj));
	if (!p || !adj) {
		free(p);
		free(adj);
		return -1;
	}
	for (size_t i = 0; i < r->ncmp; i++)
		p[i] = r->cmp[i].mwu.p;
	stats_holm(p, r->ncmp, adj);
	for (size_t i = 0; i < r->ncmp; i++) {
		r->cmp[i].p_holm = adj[i];
		r->cmp[i].significant = !isnan(adj[i]) && adj[i] < REPORT_ALPHA;
	}
	free(p);
	free(adj);
	return 0;
}
