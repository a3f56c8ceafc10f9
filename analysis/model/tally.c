// SPDX-License-Identifier: GPL-2.0
/*
 * A set of comparisons' verdicts counted, and the comparisons an answer can
 * rest on kept: the surest gain and loss, the loosest equivalence, and the
 * undecided line that needs the most runs, with how many would decide it.
 */
#include <math.h>

#include "tally.h"

/* Root mean square of the two cells' CVs: variances average. */
static double pooled_cv(const struct comparison *c)
{
	double cv1 = c->cell->metrics[c->metric].cv, cv2 = c->base->metrics[c->metric].cv;

	return sqrt((cv1 * cv1 + cv2 * cv2) / 2);
}

/* The runs per cell an undecided confirmatory line needs at its own effect and noise. */
static void hardest_add(struct tally *t, const struct report *r, const struct comparison *c)
{
	size_t n;

	if (c->family < 0 || isnan(c->cell->metrics[c->metric].cv) ||
	    isnan(c->base->metrics[c->metric].cv) || !(c->ratio > 0))
		return;
	n = stats_reps_for_effect(pooled_cv(c), log(planning_ratio(c)), c->margin,
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
	case VERDICT_BETTER_UNSIZED: t->better++; t->better_unsized++; break;
	case VERDICT_WORSE_UNSIZED: t->worse++; t->worse_unsized++; break;
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

int tally_tested(const struct tally *t)
{
	return t->better + t->worse + t->equivalent + t->inconclusive;
}

/* Smaller adjusted p first; at equal p the larger effect. */
static int surer(const struct comparison *a, const struct comparison *b)
{
	if (!b)
		return 1;
	if (a->p_adj != b->p_adj)
		return a->p_adj < b->p_adj;
	return fabs(log(a->ratio)) > fabs(log(b->ratio));
}

/* How far the equivalence interval reaches: the nearer the margin, the looser. */
static double reach(const struct comparison *c)
{
	return fmax(fabs(log(c->tost.lo)), fabs(log(c->tost.hi)));
}

void tally_keep_deciding(struct tally *t, const struct comparison *c)
{
	switch (c->verdict) {
	case VERDICT_BETTER:
	case VERDICT_BETTER_WITHIN:
	case VERDICT_BETTER_UNSIZED:
		if (surer(c, t->surest_gain))
			t->surest_gain = c;
		break;
	case VERDICT_WORSE:
	case VERDICT_WORSE_WITHIN:
	case VERDICT_WORSE_UNSIZED:
		if (surer(c, t->surest_loss))
			t->surest_loss = c;
		break;
	case VERDICT_EQUIVALENT:
		if (!t->loosest_equivalent || reach(c) > reach(t->loosest_equivalent))
			t->loosest_equivalent = c;
		break;
	default:
		break;
	}
}

void tally_merge(struct tally *into, const struct tally *from)
{
	into->lines += from->lines;
	into->better += from->better;
	into->worse += from->worse;
	into->equivalent += from->equivalent;
	into->inconclusive += from->inconclusive;
	into->families |= from->families;
	if (from->hardest && (!into->hardest || from->hardest_n > into->hardest_n)) {
		into->hardest = from->hardest;
		into->hardest_n = from->hardest_n;
	}
	if (from->surest_gain)
		tally_keep_deciding(into, from->surest_gain);
	if (from->surest_loss)
		tally_keep_deciding(into, from->surest_loss);
	if (from->loosest_equivalent)
		tally_keep_deciding(into, from->loosest_equivalent);
}

/*
 * A receive-scope cost can change by no more than its charge path does,
 * unless other work changed too: a saving is at most baseline's charge
 * cycles (its share of baseline's cost), a loss at most the variant's (its
 * share of the variant's cost, times the ratio, in baseline's units).  A
 * change past that bound is other receive work that differs between the
 * two kernels' runs, no evidence for or against the charge path.
 */
double beyond_charge_share(const struct comparison *c, const struct cell **whose)
{
	const char *path = metric_defs[c->metric].charge_share;
	int share = path ? metric_index(c->cell->workload, path) : -1;
	const struct cell *owner;
	const struct cell_metric *sm;
	double e = planning_ratio(c), lo = c->tost.lo, hi = c->tost.hi;

	if (share < 0 || isnan(e) || e <= 0 || !c->tost.valid)
		return NAN;
	owner = e < 1 ? c->base : c->cell;
	sm = &owner->metrics[share];
	if (!sm->n || isnan(sm->median))
		return NAN;
	/*
	 * past the bound only when the whole 90% interval is, as a verdict is
	 * sized: the smallest saving, the smallest loss the interval allows
	 */
	if (e < 1 ? 1.0 - hi <= sm->median : lo - 1.0 <= sm->median * lo)
		return NAN;
	if (whose)
		*whose = owner;
	return sm->median;
}

const struct comparison *tally_deciding(const struct tally *t, int *undecided)
{
	const struct comparison *c = t->surest_loss ? t->surest_loss :
		t->surest_gain ? t->surest_gain :
		t->equivalent && t->equivalent == tally_tested(t) ? t->loosest_equivalent :
		t->hardest;

	*undecided = c && c == t->hardest && c->verdict == VERDICT_INCONCLUSIVE;
	return c;
}

/*
 * Which way an undecided line goes at the n that decides it, if its effect is
 * the true one: by the difference test where that n is enough for it (better
 * or worse, within the margin if the effect is), else by equivalence.
 */
static enum verdict would_be(const struct report *r, const struct comparison *c, size_t n)
{
	double e = planning_ratio(c);
	int better = metric_improvement(&metric_defs[c->metric], e) > 1;
	int within = fabs(log(e)) < log1p(c->margin);
	size_t differ = stats_reps_for_effect(pooled_cv(c), log(e), NAN,
					      r->families[c->family].size, REPORT_ALPHA,
					      FAMILY_REPS_CAP);

	if (differ > n)
		return VERDICT_EQUIVALENT;
	if (within)
		return better ? VERDICT_BETTER_WITHIN : VERDICT_WORSE_WITHIN;
	return better ? VERDICT_BETTER : VERDICT_WORSE;
}

void runs_needed(struct runs_needed *out, const struct report *r, const struct tally *t)
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
	*out = (struct runs_needed){ .kind = RUNS_NONE, .now = now, .would_be = VERDICT_NA };
	/*
	 * after the runs the observed effects say more than the planning
	 * figure (which assumes no effect): use them for what is undecided
	 */
	if (t->hardest && now) {
		out->kind = RUNS_HARDEST;
		out->n = t->hardest_n;
		out->hardest = t->hardest;
		if (out->n <= FAMILY_REPS_CAP && out->n > now)
			out->would_be = would_be(r, t->hardest, out->n);
	} else if (most) {
		out->kind = RUNS_AT_MARGINS;
		out->n = most;
	}
}
