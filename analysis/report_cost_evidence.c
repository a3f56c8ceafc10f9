// SPDX-License-Identifier: GPL-2.0
/*
 * The decision summary's cost evidence: the cost plugin's counts compared
 * with baseline, stated before throughput and deciding where they exist.
 * The modelled cost at P=200 decides (metrics_table.c says why); the
 * charge-path instructions, line transfers and P=50 stand beside it so a
 * reader sees the mechanism and whether the verdict hangs on P.
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

static const struct comparison *comparison_for(const struct report *r, const struct cell *c,
					       int m)
{
	for (size_t i = 0; m >= 0 && i < r->ncmp; i++)
		if (r->cmp[i].cell == c && r->cmp[i].metric == (size_t)m)
			return &r->cmp[i];
	return NULL;
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

/* ", line transfers -12.0% (~)": a supporting cost count of the same cell. */
static void beside(FILE *f, const struct report *r, const struct cell *c, const char *stem,
		   const char *what)
{
	const struct comparison *s = comparison_for(r, c, metric_cost_index(c->workload, stem));
	char d[96];

	if (s)
		fprintf(f, "; %s %s (%s)", what, fmt_delta(d, sizeof(d), s->ratio, NULL),
			verdict_word(r, s));
}

static void tally_add(struct tally *t, const struct comparison *c, enum outcome o)
{
	double imp;

	t->lines++;
	switch (o) {
	case BETTER: t->better++; break;
	case WORSE: t->worse++; break;
	case SAME: t->same++; break;
	case INVALID: t->invalid++; break;
	case UNTRUSTED: t->untrusted++; return;
	default: t->na++; break;
	}
	t->too_few += c->min_p >= REPORT_ALPHA;
	if (isnan(c->ratio))
		return;
	imp = metric_improvement(&metric_defs[c->metric], c->ratio);
	if (!t->rated++) {
		t->best = t->worst = imp;
		return;
	}
	t->best = fmax(t->best, imp);
	t->worst = fmin(t->worst, imp);
}

static void cost_line(FILE *f, const struct report *r, struct tally *t,
		      const struct comparison *c)
{
	const struct metric_def *d = &metric_defs[c->metric];
	const struct comparison *p50 = comparison_for(r, c->cell,
		metric_cost_index(c->cell->workload, "modelled_p50"));
	const char *tp = tenant_param_of(c->cell->workload);
	char delta[96], p[24], ph[24], at[96], set[256];
	double x = cell_param(c->cell, tp);
	enum outcome o = outcome_of(r, c);

	at[0] = '\0';
	if (!isnan(x))
		snprintf(at, sizeof(at), " at %s=%g", tp, x);
	cell_setting(r, c->cell, c->metric, NULL, set, sizeof(set));
	fprintf(f, "  - `%s` vs baseline, %s %s%s%s%s%s, %s, kconfig %s: **%s**, p = %s "
		"(Holm %s), n = %zu vs %zu → %s%s", c->cell->variant, c->cell->workload,
		d->label, at, set[0] ? " (" : "", set, set[0] ? ")" : "", c->cell->timing,
		c->cell->kconfig, fmt_delta(delta, sizeof(delta), c->ratio, &c->ci),
		fmt_p(p, sizeof(p), c->mwu.p), fmt_p(ph, sizeof(ph), c->p_holm),
		c->cell->metrics[c->metric].n, c->base->metrics[c->metric].n,
		verdict_word(r, c),
		c->min_p >= REPORT_ALPHA ? " (this n cannot reach p < 0.05)" : "");
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
	fputc('\n', f);
	tally_add(t, c, o);
	if (o != UNTRUSTED && p50 && strcmp(verdict_word(r, p50), verdict_word(r, c)))
		t->p_sensitive++;
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

		if (matches(c, variant, workload, (size_t)m, timing, rt) &&
		    (isnan(x) ? isinf(most) : x == most))
			cost_line(f, r, t, c);
	}
}

void cost_lines_begin(FILE *f, const struct report *r)
{
	if (report_has_cost(r))
		fputs("  Primary cost evidence (deterministic counts under the cost plugin, not "
		      "time; the modelled cost at P=200 decides, the charge-path instructions, "
		      "line transfers and P=50 stand beside it):\n", f);
}

void cost_lines_end(FILE *f, const struct report *r, const struct tally *cost)
{
	if (!report_has_cost(r))
		return;
	if (!cost->lines)
		fputs("  - no cost data: no run with cost=1 of these variants and workloads; "
		      "the secondary evidence below answers alone\n", f);
	fputs("  Secondary evidence (throughput, time under emulation, which carries host "
	      "noise under tcg, and the kprobe counts):\n", f);
}

void cost_caveats(FILE *f, const struct tally *t)
{
	if (t->untrusted)
		fprintf(f, " Left out, their crosscheck having failed (numbers not trusted): "
			"%d of %d cost lines.", t->untrusted, t->lines);
	if (t->p_sensitive)
		fprintf(f, " At P=50 the verdict differs in %d line%s: there the answer depends "
			"on what a cache-line transfer costs, which the model does not know.",
			t->p_sensitive, t->p_sensitive > 1 ? "s" : "");
}

void cost_answer(FILE *f, const struct report *r, const struct tally *t, const char *yes,
		 const char *no)
{
	int used = t->lines - t->untrusted;

	if (t->invalid && !t->better && !t->worse)
		fputs("the data cannot decide: the variant failed the correctness gate, its "
		      "numbers are shown but not trusted.", f);
	else if (!used)
		fputs("the cost data cannot decide: in every cell measured the plugin's call "
		      "counts disagree with the kprobes (crosscheck), so its numbers are not "
		      "trusted; see the cost model section.", f);
	else if (t->better && !t->worse)
		fprintf(f, "%s (modelled cost significantly lower in %d of %d cells, higher in "
			"none).", yes, t->better, used);
	else if (t->worse && !t->better)
		fprintf(f, "%s (modelled cost significantly higher in %d of %d cells, lower in "
			"none).", no, t->worse, used);
	else if (t->worse && t->better)
		fprintf(f, "a trade-off: modelled cost significantly lower in %d and higher in "
			"%d of %d cells (lines above).", t->better, t->worse, used);
	else {
		fprintf(f, "the cost data cannot decide: no difference is significant after "
			"Holm at α = %.2f", REPORT_ALPHA);
		if (t->rated)
			fprintf(f, " (modelled-cost factors %.3f to %.3f, > 1 = cheaper)",
				t->worst, t->best);
		fputc('.', f);
		if (t->too_few)
			fprintf(f, " With these repetitions the smallest possible p is above α; "
				"about %zu runs per cell would let a clear separation pass Holm over "
				"this report's %zu comparisons (the counts' own spread is in the cost "
				"model section).", reps_needed(r), r->ncmp);
	}
	cost_caveats(f, t);
}
