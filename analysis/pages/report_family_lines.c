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

/*
 * The one effect a sentence about runs quotes and computes from: the
 * Hodges-Lehmann estimate of the ratio (the centre of the interval shown),
 * the ratio of medians where there is none.
 */
static double planning_ratio(const struct comparison *c)
{
	return isnan(c->ratio_hl) ? c->ratio : c->ratio_hl;
}

/* The runs per cell an undecided confirmatory line needs at its own effect and noise. */
static void hardest_add(struct tally *t, const struct report *r, const struct comparison *c)
{
	double cv1 = c->cell->metrics[c->metric].cv, cv2 = c->base->metrics[c->metric].cv;
	double effect = log(planning_ratio(c));
	size_t n;

	if (c->family < 0 || isnan(cv1) || isnan(cv2) || !(c->ratio > 0))
		return;
	/* root mean square of the two cells' CVs: variances average */
	n = stats_reps_for_effect(sqrt((cv1 * cv1 + cv2 * cv2) / 2), effect, c->margin,
				  r->families[c->family].size, REPORT_ALPHA, FAMILY_REPS_CAP);
	if (!t->hardest || n > t->hardest_n) {
		t->hardest = c;
		t->hardest_n = n;
	}
}

void tally_add(struct tally *t, const struct report *r, const struct comparison *c)
{
	const struct comparison *other;
	double imp;

	t->lines++;
	if (c->family >= 0 && c->family < 64)
		t->families |= 1ULL << c->family;
	switch (c->verdict) {
	case VERDICT_BETTER: t->better++; break;
	case VERDICT_WORSE: t->worse++; break;
	case VERDICT_BETTER_WITHIN: t->better++; t->better_within++; break;
	case VERDICT_WORSE_WITHIN: t->worse++; t->worse_within++; break;
	case VERDICT_EQUIVALENT: t->equivalent++; break;
	case VERDICT_INCONCLUSIVE: t->inconclusive++; hardest_add(t, r, c); break;
	case VERDICT_INVALID: t->invalid++; return;
	case VERDICT_UNTRUSTED: t->untrusted++; return;
	default: t->na++; return;
	}
	tally_keep_deciding(t, c);
	/* a cost verdict that changes with the machine the cycles are priced for */
	if (metric_defs[c->metric].primary == PRIMARY_COST) {
		other = comparison_find(r, c->cell, metric_cost_index(c->cell->workload,
								       "modelled_cycles_zen2"));
		t->p_sensitive += other && other->verdict != c->verdict;
	}
	/* the estimate every sentence quotes: Hodges-Lehmann where there is one */
	if (isnan(planning_ratio(c)) || planning_ratio(c) <= 0)
		return;
	imp = metric_improvement(&metric_defs[c->metric], planning_ratio(c));
	if (!t->rated++) {
		t->best = t->worst = imp;
		return;
	}
	t->best = fmax(t->best, imp);
	t->worst = fmin(t->worst, imp);
}

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
	fprintf(f, "**%s**", fmt_delta(delta, sizeof(delta), c->ratio, &c->ci));
	equivalence(f, c);
	fprintf(f, "; p = %s (%s), n = %zu vs %zu → **%s**%s", fmt_p(p, sizeof(p), c->mwu.p),
		fmt_adjusted(adj, sizeof(adj), r, c), c->cell->metrics[c->metric].n,
		c->base->metrics[c->metric].n, verdict_word(r, c),
		c->aa_outside ? " (inside the margin, but so wide is an A/A pair's own "
		"interval here that equivalence is not claimed)" :
		c->min_p * m >= REPORT_ALPHA ? " (this n cannot reach significance here)" : "");
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

void family_lines(FILE *f, const struct report *r, const struct family *const *fams,
		  size_t nf, member_filter keep, const void *arg, struct tally *t)
{
	for (size_t k = 0; k < nf; k++) {
		int index = (int)(fams[k] - r->families);

		for (size_t i = 0; i < r->ncmp; i++) {
			const struct comparison *c = &r->cmp[i];

			if (c->family != index || (keep && !keep(r, c, arg)))
				continue;
			comparison_line(f, r, c);
			tally_add(t, r, c);
		}
	}
}

/* The undecided line that needs the most runs: at its observed effect, what n would decide it. */
/*
 * Which way an undecided line goes at the n that decides it, if its effect is
 * the true one: by the difference test where that n is enough for it (better
 * or worse, within the margin if the effect is), else by equivalence.
 */
static const char *would_be(const struct report *r, const struct comparison *c, size_t n)
{
	double cv1 = c->cell->metrics[c->metric].cv, cv2 = c->base->metrics[c->metric].cv;
	double e = planning_ratio(c);
	int better = metric_improvement(&metric_defs[c->metric], e) > 1;
	int within = fabs(log(e)) < log1p(c->margin);
	size_t differ = stats_reps_for_effect(sqrt((cv1 * cv1 + cv2 * cv2) / 2), log(e), NAN,
					      r->families[c->family].size, REPORT_ALPHA,
					      FAMILY_REPS_CAP);

	if (differ > n)
		return "equivalent";
	if (within)
		return better ? "better within the margin" : "worse within the margin";
	return better ? "better" : "worse";
}

static void hardest_runs(char *buf, size_t cap, const struct report *r, const struct tally *t,
			 size_t now)
{
	const struct comparison *c = t->hardest;
	const char *tp = workload_tenant_param(c->cell->workload);
	double x = cell_param(c->cell, tp);
	char which[200];

	if (isnan(x))
		snprintf(which, sizeof(which), "`%s` on %s", c->cell->variant, c->cell->workload);
	else
		snprintf(which, sizeof(which), "`%s` on %s at %s=%g", c->cell->variant,
			 c->cell->workload, tp, x);
	double pct = (planning_ratio(c) - 1) * 100;

	if (t->hardest_n > FAMILY_REPS_CAP)
		snprintf(buf, cap, "more than %d runs per cell (now %zu) would be needed to decide "
			 "%s, %+.1f%% (Hodges-Lehmann) against a margin of ±%g%%: its effect sits "
			 "on the margin", FAMILY_REPS_CAP, now, which, pct, c->margin * 100);
	else if (t->hardest_n <= now)
		snprintf(buf, cap, "at their observed effects n = %zu already had about 80%% power "
			 "to decide each comparison (the hardest: %s, %+.1f%% (Hodges-Lehmann) "
			 "against ±%g%%), so this outcome is chance and a repetition of the runs "
			 "would likely decide it", now, which, pct, c->margin * 100);
	else
		snprintf(buf, cap, "about %zu runs per cell (now %zu) would decide it if the "
			 "observed effects are the true ones (the hardest: %s, %+.1f%% "
			 "(Hodges-Lehmann) against a margin of ±%g%%, which would then come out "
			 "%s)", t->hardest_n, now, which, pct, c->margin * 100,
			 would_be(r, c, t->hardest_n));
}

const char *would_decide(char *buf, size_t cap, const struct report *r,
			 const struct tally *t)
{
	size_t most = 0, now = 0;

	for (size_t k = 0; k < r->nfamilies && k < 64; k++)
		for (size_t i = 0; t->families >> k & 1 && i < r->families[k].nparts; i++) {
			const struct family_part *p = &r->families[k].parts[i];

			if (p->metric < 0 || !p->n1)
				continue;
			if (p->n_decide > most)
				most = p->n_decide;
			if (!now || p->n1 < now)
				now = p->n1;
		}
	/*
	 * after the runs the observed effects say more than the planning
	 * figure (which assumes no effect): use them for what is undecided
	 */
	if (t->hardest && now)
		hardest_runs(buf, cap, r, t, now);
	else if (!most)
		snprintf(buf, cap, "%s", "");
	else if (most > FAMILY_REPS_CAP)
		snprintf(buf, cap, "more than %d runs per cell (now %zu) would be needed to decide "
			 "at the declared margins", FAMILY_REPS_CAP, now);
	else
		snprintf(buf, cap, "about %zu runs per cell (now %zu) would decide it at the "
			 "declared margins", most, now);
	return buf;
}

static void counts_of(FILE *f, const struct tally *t)
{
	if (t->better_within)
		fprintf(f, "; better within the margin in %d of those", t->better_within);
	if (t->worse_within)
		fprintf(f, "; worse within the margin in %d of those", t->worse_within);
	if (t->equivalent)
		fprintf(f, ", equivalent in %d", t->equivalent);
	if (t->inconclusive)
		fprintf(f, ", inconclusive in %d", t->inconclusive);
}

void family_answer(FILE *f, const struct report *r, const struct tally *t, const char *yes,
		   const char *no, const char *same, const char *undecided_extra)
{
	int tested = tally_tested(t);
	char more[400];

	would_decide(more, sizeof(more), r, t);
	if (t->part)
		fprintf(f, "\n  **Answer (confirmatory, %s):** ", t->part);
	else
		fputs("\n  **Answer (confirmatory):** ", f);
	if (!t->lines)
		fputs("not decided: no comparison of its family has data in this store (see the "
		      "family's parts above).", f);
	else if (t->invalid && !t->better && !t->worse)
		fputs("not decided: the variant failed the correctness gate; its numbers are "
		      "shown but decide nothing.", f);
	else if (!tested)
		fputs("not decided: every comparison was left out (its cost numbers are not "
		      "trusted, or there is no p).", f);
	else if (t->better && !t->worse) {
		fprintf(f, "%s (better in %d of %d comparisons, worse in none", yes, t->better,
			tested);
		counts_of(f, t);
		fputs(").", f);
		gain_caveat(f, t);
	} else if (t->worse && !t->better) {
		fprintf(f, "%s (worse in %d of %d comparisons, better in none", no, t->worse,
			tested);
		counts_of(f, t);
		fputs(").", f);
	} else if (t->worse && t->better) {
		fprintf(f, "a trade-off: better in %d and worse in %d of %d comparisons", t->better,
			t->worse, tested);
		counts_of(f, t);
		fputs(" (each comparison is listed on the decisions page).", f);
		gain_caveat(f, t);
	} else if (t->equivalent == tested) {
		fprintf(f, "%s (equivalent to baseline within the declared margin in all %d "
			"comparisons).", same, tested);
	} else {
		fprintf(f, "not decided: no difference passes Holm in the family and equivalence "
			"within the margin is shown in %d of %d comparisons", t->equivalent,
			tested);
		if (t->rated)
			fprintf(f, " (improvement factors %.3f to %.3f, > 1 better)", t->worst,
				t->best);
		fprintf(f, "%s%s.", more[0] ? "; " : "", more);
		if (undecided_extra)
			fprintf(f, " %s", undecided_extra);
		more[0] = '\0';
	}
	if ((t->better || t->worse) && t->inconclusive && more[0])
		fprintf(f, " For the inconclusive rest, %s.", more);
	if (t->untrusted)
		fprintf(f, " Left out, their crosscheck having failed (numbers not trusted): %d "
			"of %d cost lines.", t->untrusted, t->lines);
	if (t->p_sensitive)
		fprintf(f, " Priced for Zen 2 the verdict differs in %d line%s: there the answer "
			"depends on the machine (docs/cycle-model.md).",
			t->p_sensitive, t->p_sensitive > 1 ? "s" : "");
	fputs("\n\n", f);
	if (tested)
		deciding_line(f, r, t);
}
