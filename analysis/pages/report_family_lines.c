// SPDX-License-Identifier: GPL-2.0
/*
 * The decision summary's confirmatory part: each family as matrix.json
 * declared it, with what its n can show at the noise measured, then every
 * comparison of it at every tenant count, then the answer its verdicts
 * give, or the runs per cell that would give one.
 */
#include <math.h>
#include <string.h>

#include "family_spec.h"
#include "report_evidence.h"
#include "report_format.h"
#include "report_md.h"

static const char *pct(char *buf, size_t cap, double ratio)
{
	snprintf(buf, cap, "%+.1f%%", (ratio - 1) * 100);
	return buf;
}

/* "; equivalence interval [-1.2%, +0.8%] (90.0%) inside ±2%" */
static void equivalence(FILE *f, const struct comparison *c)
{
	char lo[24], hi[24], cov[16], mg[32];

	if (isnan(c->margin))
		return;
	fmt_margin(mg, sizeof(mg), c->margin);
	if (!c->tost.valid) {
		fprintf(f, "; no equivalence interval (%s)", c->tost.why ? c->tost.why : "?");
		return;
	}
	fprintf(f, "; equivalence interval [%s, %s] (%s) %s %s", pct(lo, sizeof(lo), c->tost.lo),
		pct(hi, sizeof(hi), c->tost.hi), fmt_coverage(cov, sizeof(cov), &c->tost),
		verdict_within_margin(&c->tost, TOST_LEVEL(REPORT_ALPHA), c->margin) ?
		"inside" : "not inside", mg);
}

/* Whether the verdict held against each A/A set as the reference, and if not, where. */
static void aa_reference_said(FILE *f, const struct comparison *c)
{
	char p[24];

	if (c->aa_breaks)
		fprintf(f, " (against `%s` alone %s; against `%s`, the same kernel measured "
			"again, %s at Bonferroni p %s: one copy of baseline decides nothing)",
			c->base->variant, verdict_text(c->verdict_vs_baseline), c->aa_breaks,
			verdict_text(c->aa_breaks_verdict), fmt_p(p, sizeof(p), c->aa_breaks_p));
	else if (c->aa_sets)
		fprintf(f, " (holds against each A/A set as the reference too: %zu)", c->aa_sets);
}

void comparison_line(FILE *f, const struct report *r, const struct comparison *c)
{
	const struct metric_def *d = &metric_defs[c->metric];
	const char *tp = workload_tenant_param(c->cell->workload);
	double x = cell_param(c->cell, tp), m = c->family >= 0 ?
		(double)r->families[c->family].size : 1;
	char at[96], set[256], delta[96], p[24], adj[96];

	at[0] = '\0';
	if (!isnan(x))
		snprintf(at, sizeof(at), " at %s=%g", tp, x);
	cell_setting(r, c->cell, c->metric, NULL, set, sizeof(set));
	fprintf(f, "  - `%s` vs %s, %s %s%s%s%s%s, %s, kconfig %s: ", c->cell->variant,
		c->base->variant, c->cell->workload, d->label, at, set[0] ? " (" : "", set, set[0] ? ")" : "",
		c->cell->timing, c->cell->kconfig);
	if (c->not_tested) {
		fprintf(f, "**not tested: %s**\n", c->not_tested);
		return;
	}
	fprintf(f, "**%s**", fmt_delta(delta, sizeof(delta), planning_ratio(c), &c->ci));
	equivalence(f, c);
	fprintf(f, "; p = %s (%s), n = %zu vs %zu → **%s**%s", fmt_p(p, sizeof(p), c->mwu.p),
		fmt_adjusted(adj, sizeof(adj), r, c), c->cell->metrics[c->metric].n,
		c->base->metrics[c->metric].n, verdict_word(r, c),
		c->aa_outside ? " (inside the margin, but so wide is an A/A pair's own "
		"interval here that equivalence is not claimed)" :
		c->min_p * m >= REPORT_ALPHA ? " (this n cannot reach significance here)" : "");
	aa_reference_said(f, c);
	cost_beside(f, r, c);
	fputc('\n', f);
}

/* "tenants 1, 16; proto tcp": the cells a test asks for beyond its variants. */
static void test_scope(char *buf, size_t cap, json_t *test, const char *workload)
{
	json_t *list, *v;
	const char *key;
	size_t len = 0, i;

	buf[0] = '\0';
	json_object_foreach(test, key, list) {
		const char *name = !strcmp(key, "tenants") ? workload_tenant_param(workload) : key;

		if (strcmp(key, "tenants") && strcmp(key, "params"))
			continue;
		if (!strcmp(key, "params")) {
			json_t *vals;

			json_object_foreach(list, name, vals) {
				len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%s ",
						len ? "; " : "", name);
				json_array_foreach(vals, i, v) {
					char t[64];

					if (json_is_number(v))
						snprintf(t, sizeof(t), "%g", json_number_value(v));
					else
						snprintf(t, sizeof(t), "%s", json_string_value(v) ?: "?");
					len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%s",
							i ? ", " : "", t);
				}
			}
			continue;
		}
		len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%s ", len ? "; " : "",
				name);
		json_array_foreach(list, i, v)
			len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%g",
					i ? ", " : "", json_number_value(v));
	}
	if (!buf[0])
		snprintf(buf, cap, "every setting measured");
}

static void part_line(FILE *f, const struct family *fam, const struct family_part *p)
{
	char scope[256], mg[32], p0[24], cv[24];
	const char *wl = p->workload ? p->workload : "?";

	test_scope(scope, sizeof(scope), p->test, wl);
	if (p->metric < 0) {
		fprintf(f, "    - %s (%s): **no data** for its declared metric%s (%s) in this "
			"store\n", wl, scope, strchr(p->no_data, ',') ? "s" : "", p->no_data);
		return;
	}
	fprintf(f, "    - %s: %s (%s)", wl, metric_defs[p->metric].label, scope);
	if (p->no_data[0])
		fprintf(f, ", declared after %s, which %s no data in this store", p->no_data,
			strchr(p->no_data, ',') ? "have" : "has");
	fprintf(f, ": %zu comparison%s, n = %zu vs %zu, margin %s", p->ncmp,
		p->ncmp == 1 ? "" : "s", p->n1, p->n2, fmt_margin(mg, sizeof(mg), p->margin));
	if (!p->n1) {
		fputs("; none tested\n", f);
		return;
	}
	fprintf(f, "; CV %s (%s) → ", fmt_cv(cv, sizeof(cv), p->cv), p->cv_source);
	if (isinf(p->mde))
		fprintf(f, "no difference can pass Holm here (the smallest possible p, %s, times "
			"%zu is not below %.2f)", fmt_p(p0, sizeof(p0),
							 stats_smallest_p(p->n1, p->n2)),
			fam->size, REPORT_ALPHA);
	else
		fprintf(f, "MDE %.1f%% (80%% power, simulated: exact Mann-Whitney, Holm in "
			"this family)", p->mde * 100);
	if (isinf(p->reach))
		fputs(", no equivalence interval at this n", f);
	else
		fprintf(f, ", equivalence reachable within ≈ ±%.1f%%", p->reach * 100);
	if (isnan(p->margin)) {
		fprintf(f, "; %zu runs per cell let a complete separation pass\n", p->n_decide);
		return;
	}
	if (p->n_decide > FAMILY_REPS_CAP)
		fprintf(f, "; more than %d runs per cell would decide at %s", FAMILY_REPS_CAP, mg);
	else
		fprintf(f, "; ≈ %zu runs per cell would decide at %s", p->n_decide, mg);
	if (p->cv_own > p->cv)
		fprintf(f, " (at its own cells' CV, %s: noisier than the A/A cells)",
			fmt_cv(cv, sizeof(cv), p->cv_own));
	fputc('\n', f);
}

void family_header(FILE *f, const struct report *r, const struct family *fam)
{
	json_t *q;
	size_t i;

	(void)r;
	fprintf(f, "  Confirmatory family `%s` (profile %s, declared in matrix.json before the "
		"runs; answers ", fam->id, fam->profile);
	json_array_foreach(json_object_get(fam->spec, "questions"), i, q)
		fprintf(f, "%s%s", i ? ", " : "", question_title(json_string_value(q) ?: "?"));
	if (fam->size)
		fprintf(f, "): Holm within its %zu comparison%s", fam->size,
			fam->size == 1 ? "" : "s");
	else
		fputs("): no comparison of it has data in this store", f);
	if (fam->left_out)
		fprintf(f, " (%zu more left out: gate failed or cost numbers untrusted)",
			fam->left_out);
	fprintf(f, ".%s%s\n", fam->why ? " " : "", fam->why ? fam->why : "");
	for (i = 0; i < fam->nparts; i++)
		part_line(f, fam, &fam->parts[i]);
}

void group_lines(FILE *f, const struct report *r, const struct answer *a, size_t group)
{
	struct family_walk w;
	const struct comparison *c;

	family_walk_start(&w, r, a->fams, a->nfams);
	while ((c = family_walk_next(&w)))
		if (member_picked(&a->groups[group].pick, c))
			comparison_line(f, r, c);
}
