// SPDX-License-Identifier: GPL-2.0
/*
 * What each family's n can show, from the noise this store measured: the
 * coefficient of variation of its metric in the A/A cells (baseline and
 * baseline-aa at the family's settings: the same kernel twice, so pure
 * noise) where the profile has them, else in the family's own cells; at
 * that CV, the smallest effect Holm in this family finds with 80% power,
 * the smallest margin equivalence reaches, and the runs per cell that
 * would settle the question either way at the declared margin (power.c).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "family_spec.h"
#include "model.h"

#define MAX_NOISE_CELLS 256

struct noise {
	const struct cell *seen[MAX_NOISE_CELLS];
	size_t n;
	double sum_sq;		/* of the CVs */
	size_t with_cv;
};

static void noise_add(struct noise *z, const struct cell *c, size_t m)
{
	for (size_t i = 0; i < z->n; i++)
		if (z->seen[i] == c)
			return;
	if (z->n == MAX_NOISE_CELLS)
		return;
	z->seen[z->n++] = c;
	if (!isnan(c->metrics[m].cv)) {
		z->sum_sq += c->metrics[m].cv * c->metrics[m].cv;
		z->with_cv++;
	}
}

static double noise_cv(const struct noise *z)
{
	/* root mean square: variances average, CVs do not */
	return z->with_cv ? sqrt(z->sum_sq / (double)z->with_cv) : NAN;
}

/* A comparison of family f (walked) in its part p: the part's metric and cells. */
static int in_part(const struct comparison *c, const struct family *f,
		   const struct family_part *p)
{
	return (int)c->metric == p->metric && !isnan(c->p_adj) &&
	       cell_in_test(c->cell, f->spec, p->test, f->timing);
}

/* The tenant counts of the part's A/A cells: "tenants=1, 16". */
static void settings(char *buf, size_t cap, const struct noise *aa, const char *workload)
{
	const char *tp = workload_tenant_param(workload);
	size_t len = snprintf(buf, cap, "%s=", tp);
	double shown[MAX_NOISE_CELLS];
	size_t ns = 0;

	for (size_t i = 0; i < aa->n; i++) {
		double x = cell_param(aa->seen[i], tp);
		size_t k = 0;

		while (k < ns && shown[k] != x)
			k++;
		if (k < ns || isnan(x))
			continue;
		shown[ns++] = x;
		len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%g", ns > 1 ? ", " : "",
				x);
	}
}

static void part_power(struct report *r, struct family *f, struct family_part *p)
{
	struct noise aa = { 0 }, own = { 0 }, aa_only = { 0 };
	size_t m = (size_t)p->metric;
	int more_sets = 0;	/* an A/A set besides AA_VARIANT */
	char at[120];
	const struct family *const one[] = { f };
	const struct comparison *c;
	struct family_walk w;

	family_walk_start(&w, r, one, 1);
	while ((c = family_walk_next(&w))) {
		size_t n1, n2;

		if (!in_part(c, f, p))
			continue;
		n1 = c->cell->metrics[m].n;
		n2 = c->base->metrics[m].n;
		if (!p->n1 || n1 < p->n1)
			p->n1 = n1;
		if (!p->n2 || n2 < p->n2)
			p->n2 = n2;
		if (isnan(p->margin))
			p->margin = c->margin;
		noise_add(&own, c->cell, m);
		noise_add(&own, c->base, m);
		/* every A/A comparison at these settings: its set and baseline's cell */
		for (size_t k = 0; k < r->ncmp; k++) {
			const struct comparison *a = &r->cmp[k];

			if (!a->aa || a->metric != m || !cells_same_settings(a->cell, c->cell))
				continue;
			noise_add(&aa, a->base, m);
			noise_add(&aa, a->cell, m);
			noise_add(&aa_only, a->cell, m);
			more_sets |= strcmp(a->cell->variant, AA_VARIANT) != 0;
		}
	}
	if (!p->n1)
		return;
	if (aa.with_cv) {
		settings(at, sizeof(at), &aa_only, p->workload);
		p->cv = noise_cv(&aa);
		snprintf(p->cv_source, sizeof(p->cv_source), "A/A: baseline and %s at %s",
			 more_sets ? "its A/A sets" : AA_VARIANT, at);
	} else {
		p->cv = noise_cv(&own);
		snprintf(p->cv_source, sizeof(p->cv_source), "the family's own cells (no A/A "
			 "set at its settings)");
	}
	p->cv_own = noise_cv(&own);
	p->mde = stats_mde_sim(p->cv, p->n1, p->n2, f->size, REPORT_ALPHA);
	p->reach = stats_equivalence_reach(p->cv, p->n1, p->n2, REPORT_ALPHA);
	/*
	 * without a margin only a difference can decide: the floor of the exact
	 * p; with one, the noisier of the A/A cells and its own decides when
	 * it is settled (a design noisier than the baseline needs more runs)
	 */
	p->n_decide = isnan(p->margin) ?
		stats_reps_for_floor(f->size, REPORT_ALPHA, FAMILY_REPS_CAP) :
		stats_reps_sim(fmax(p->cv, isnan(p->cv_own) ? 0 : p->cv_own),
			       p->margin, f->size, REPORT_ALPHA, FAMILY_REPS_CAP);
	if (p->n_decide > f->n_decide)
		f->n_decide = p->n_decide;
}

void families_power(struct report *r)
{
	for (size_t i = 0; i < r->nfamilies; i++) {
		struct family *f = &r->families[i];

		for (size_t k = 0; k < f->nparts; k++)
			if (f->parts[k].metric >= 0 && f->size)
				part_power(r, f, &f->parts[k]);
	}
}
