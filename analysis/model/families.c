// SPDX-License-Identifier: GPL-2.0
/*
 * Confirmatory families and the verdicts.  A profile declares in
 * matrix.json, before its runs, the families that answer the decision
 * questions: Holm runs within each, so a family of 4 comparisons needs
 * p < 0.0125 at its first step, not p below 0.05 over every comparison of
 * the report.  A comparison belongs to the first family that claims it;
 * every other tested comparison is descriptive, one set under
 * Benjamini-Hochberg, and is labelled so wherever it is shown.  Comparisons
 * of a variant that failed the gate, or cost numbers the crosscheck voids,
 * decide nothing and stay out of both corrections.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "family_spec.h"
#include "model.h"

static json_t *profile_of(const struct report *r, const char *name)
{
	return json_object_get(r->profiles, name);
}

static int counts(const struct report *r, const struct comparison *c)
{
	const struct variant_info *v = variant_find(r, c->cell->variant);

	return !c->not_tested && !(v && v->gate == GATE_INVALID) && comparison_trusted(c);
}

static int member_of(const struct family *f, const struct comparison *c, json_t *test,
		     size_t m)
{
	const struct cell *cell = c->cell;

	return c->metric == m && c->family < 0 && !c->not_tested &&
	       !strcmp(cell->profile, f->profile) &&
	       !strcmp(c->base->variant, family_reference(f->spec)) &&
	       cell_in_test(cell, f->spec, test, f->timing);
}

/* The test's comparisons on the first declared metric that has any. */
static void assign_part(struct report *r, struct family *f, int index, json_t *test)
{
	struct family_part *p = &f->parts[f->nparts++];
	const char *paths[8];
	size_t np = family_test_metrics(test, paths, 8), len = 0;

	*p = (struct family_part){ .test = test, .metric = -1, .margin = NAN, .cv = NAN,
				   .mde = NAN, .reach = NAN };
	p->workload = json_string_value(json_object_get(test, "workload"));
	for (size_t k = 0; p->workload && k < np && p->metric < 0; k++) {
		int m = metric_index(p->workload, paths[k]), data = 0;

		/*
		 * a metric no member has runs of on both sides (a store from
		 * before the metric existed) passes the test to the next one
		 */
		for (size_t i = 0; m >= 0 && i < r->ncmp && !data; i++)
			data = member_of(f, &r->cmp[i], test, (size_t)m) &&
			       r->cmp[i].cell->metrics[m].n && r->cmp[i].base->metrics[m].n;
		for (size_t i = 0; data && i < r->ncmp; i++)
			if (member_of(f, &r->cmp[i], test, (size_t)m)) {
				r->cmp[i].family = index;
				p->ncmp++;
			}
		if (p->ncmp)
			p->metric = m;
		else
			len += snprintf(p->no_data + len, len < sizeof(p->no_data) ?
					sizeof(p->no_data) - len : 0, "%s%s",
					len ? ", " : "", paths[k]);
	}
}

static int add_family(struct report *r, const char *profile, json_t *spec)
{
	struct family *f = realloc(r->families, (r->nfamilies + 1) * sizeof(*f));
	json_t *test;
	size_t i;

	if (!f)
		return -1;
	r->families = f;
	f = &r->families[r->nfamilies];
	*f = (struct family){
		.id = json_string_value(json_object_get(spec, "id")), .profile = profile,
		.why = json_string_value(json_object_get(spec, "why")), .spec = spec,
		.timing = family_timing(profile_of(r, profile), spec),
	};
	if (!f->id)
		f->id = "(no id)";
	json_array_foreach(json_object_get(spec, "tests"), i, test)
		if (f->nparts < FAMILY_MAX_PARTS)
			assign_part(r, f, (int)r->nfamilies, test);
	r->nfamilies++;
	return 0;
}

/* Each profile in the store once, its families in the declared order. */
static int declare(struct report *r)
{
	for (size_t i = 0; i < r->ncells; i++) {
		const char *profile = r->cells[i].profile;
		json_t *spec;
		size_t k;
		int seen = 0;

		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(r->cells[j].profile, profile);
		if (seen)
			continue;
		json_array_foreach(json_object_get(profile_of(r, profile), "families"), k, spec)
			if (add_family(r, profile, spec) < 0)
				return -1;
	}
	return 0;
}

static void judge(struct report *r, struct comparison *c)
{
	const struct variant_info *v = variant_find(r, c->cell->variant);

	c->significant = !isnan(c->p_adj) && c->p_adj < REPORT_ALPHA;
	if (c->not_tested)
		c->verdict = VERDICT_NOT_TESTED;
	else if (v && v->gate == GATE_INVALID)
		c->verdict = VERDICT_INVALID;
	else if (!comparison_trusted(c))
		c->verdict = VERDICT_UNTRUSTED;
	else
		c->verdict = verdict_judge(c->p_adj, REPORT_ALPHA,
					   metric_improvement(&metric_defs[c->metric],
							      planning_ratio(c)),
					   &c->tost, c->margin);
}

/* The A/A comparison at c's settings (same workload, parameters, mode, axis), or NULL. */
/*
 * Equivalence is claimed only where the noise floor allows it: when an
 * A/A pair's own equivalence interval at the same settings is not inside
 * the margin (any of them, where a profile runs several A/A sets), a
 * design "inside the margin" shows nothing the noise could not, so it is
 * inconclusive (and says why).
 */
static void aa_gate(struct report *r, struct comparison *c)
{
	if (c->verdict != VERDICT_EQUIVALENT || c->aa)
		return;
	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *a = &r->cmp[i];

		if (a->aa && a->metric == c->metric && cells_same_settings(a->cell, c->cell) &&
		    a->tost.valid &&
		    !verdict_within_margin(&a->tost, TOST_LEVEL(REPORT_ALPHA), c->margin)) {
			c->verdict = VERDICT_INCONCLUSIVE;
			c->aa_outside = 1;
			return;
		}
	}
}

/* c's verdict with cell aa as the reference, at its family's Bonferroni p. */
static enum verdict verdict_against(const struct report *r, const struct comparison *c,
				    const struct cell *aa, double *p_adj)
{
	const struct cell_metric *x = &c->cell->metrics[c->metric], *b = &aa->metrics[c->metric];
	struct interval tost;
	struct mwu u;
	double hl = NAN;

	if (stats_mann_whitney(x->values, x->n, b->values, b->n, &u) < 0)
		return VERDICT_NA;
	stats_ratio_interval(x->values, x->n, b->values, b->n, TOST_LEVEL(REPORT_ALPHA), &tost,
			     &hl);
	*p_adj = fmin(1, u.p * (double)r->families[c->family].size);
	if (isnan(hl) && b->median != 0)
		hl = x->median / b->median;
	return verdict_judge(*p_adj, REPORT_ALPHA, metric_improvement(&metric_defs[c->metric], hl),
			     &tost, c->margin);
}

/* Whether two verdicts say the same: the same direction, or both equivalent. */
static int same_answer(enum verdict a, enum verdict b)
{
	if (verdict_is_better(a) || verdict_is_worse(a))
		return verdict_is_better(a) == verdict_is_better(b) &&
		       verdict_is_worse(a) == verdict_is_worse(b);
	return a != VERDICT_EQUIVALENT || b == VERDICT_EQUIVALENT;
}

/*
 * A confirmatory verdict against baseline that does not hold against each
 * A/A set at the same settings is not decided: inconclusive, naming the set.
 */
static void aa_reference(struct report *r, struct comparison *c)
{
	if (c->family < 0 || c->aa || strcmp(c->base->variant, BASELINE_VARIANT) ||
	    !(verdict_is_better(c->verdict) || verdict_is_worse(c->verdict) ||
	      c->verdict == VERDICT_EQUIVALENT))
		return;
	c->verdict_vs_baseline = c->verdict;
	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *a = &r->cmp[i];
		enum verdict v;
		double p = NAN;

		if (!a->aa || a->metric != c->metric || !cells_same_settings(a->cell, c->cell))
			continue;
		c->aa_sets++;
		v = verdict_against(r, c, a->cell, &p);
		if (same_answer(c->verdict_vs_baseline, v) || c->aa_breaks)
			continue;
		c->aa_breaks = a->cell->variant;
		c->aa_breaks_p = p;
		c->aa_breaks_verdict = v;
	}
	if (c->aa_breaks)
		c->verdict = VERDICT_INCONCLUSIVE;
}

int families_build(struct report *r)
{
	double *p, *adj;
	int *group;

	if (declare(r) < 0)
		return -1;
	p = calloc(r->ncmp + 1, sizeof(*p));
	adj = calloc(r->ncmp + 1, sizeof(*adj));
	group = calloc(r->ncmp + 1, sizeof(*group));
	if (!p || !adj || !group) {
		free(p);
		free(adj);
		free(group);
		return -1;
	}
	for (size_t i = 0; i < r->ncmp; i++) {
		struct comparison *c = &r->cmp[i];
		json_t *margins = json_object_get(profile_of(r, c->cell->profile), "margins");

		c->margin = family_margin(margins, metric_defs[c->metric].path);
		p[i] = counts(r, c) ? c->mwu.p : NAN;
		group[i] = c->family;
	}
	stats_adjust_families(p, group, r->ncmp, adj);
	for (size_t i = 0; i < r->ncmp; i++) {
		struct comparison *c = &r->cmp[i];

		c->p_adj = adj[i];
		judge(r, c);
		if (c->family < 0)
			continue;
		if (isnan(p[i]))
			r->families[c->family].left_out++;
		else
			r->families[c->family].size++;
	}
	/* after every verdict: the A/A pairs are judged in the same loop */
	for (size_t i = 0; i < r->ncmp; i++)
		aa_gate(r, &r->cmp[i]);
	for (size_t i = 0; i < r->ncmp; i++)
		aa_reference(r, &r->cmp[i]);
	free(p);
	free(adj);
	free(group);
	families_power(r);
	return 0;
}

void families_free(struct report *r)
{
	free(r->families);
	r->families = NULL;
	r->nfamilies = 0;
}

size_t families_of_question(const struct report *r, const char *question,
			    const struct family **out, size_t cap)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nfamilies; i++) {
		json_t *q;
		size_t k;

		json_array_foreach(json_object_get(r->families[i].spec, "questions"), k, q)
			if (json_is_string(q) && !strcmp(json_string_value(q), question) &&
			    n < cap) {
				out[n++] = &r->families[i];
				break;
			}
	}
	return n;
}

size_t families_descriptive(const struct report *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ncmp; i++)
		n += r->cmp[i].family < 0 && !isnan(r->cmp[i].p_adj);
	return n;
}
