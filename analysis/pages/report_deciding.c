// SPDX-License-Identifier: GPL-2.0
/*
 * The one comparison each answer rests on, for the first screen's
 * decision table: a reader sees the effect, its interval, the verdict
 * and n without opening the decisions page.  A significant loss comes
 * before any gain, so a trade-off never reads as a win.
 */
#include <math.h>
#include <string.h>

#include "report_evidence.h"
#include "report_format.h"
#include "report_md.h"

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
		if (surer(c, t->surest_gain))
			t->surest_gain = c;
		break;
	case VERDICT_WORSE:
	case VERDICT_WORSE_WITHIN:
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
 * A receive-scope cost effect larger than baseline's charge share there
 * cannot be the charge path's own saving: the rest is other receive work
 * that differs between the two kernels' runs.  Said beside the line.
 */
double beyond_charge_share(const struct comparison *c)
{
	const char *path = metric_defs[c->metric].charge_share;
	int share = path ? metric_index(c->cell->workload, path) : -1;
	const struct cell_metric *bs;
	double e = isnan(c->ratio_hl) ? c->ratio : c->ratio_hl;

	if (share < 0)
		return NAN;
	bs = &c->base->metrics[share];
	if (!bs->n || isnan(e) || fabs(e - 1.0) <= bs->median)
		return NAN;
	return bs->median;
}

void gain_caveat(FILE *f, const struct tally *t)
{
	double share = t->surest_gain ? beyond_charge_share(t->surest_gain) : NAN;

	if (isnan(share))
		return;
	fprintf(f, " But its surest gain (`%s`, %s) is larger than `%s`'s charge share there "
		"(%.1f%%): most of it is receive work outside the charge functions, not the "
		"charge path's own saving, so it is no evidence for the design's charge path "
		"(read it as undecided until a run declares the charge path's own cycles).",
		t->surest_gain->cell->variant, t->surest_gain->cell->workload,
		t->surest_gain->base->variant, share * 100);
}

static void beyond_share(FILE *f, const struct comparison *c)
{
	double share = beyond_charge_share(c);

	if (isnan(share))
		return;
	fprintf(f, "; the change is larger than `%s`'s charge share there (%.1f%%), so most "
		"of it is receive work outside the charge functions, not the charge path's "
		"own saving", c->base->variant, share * 100);
}

void deciding_line(FILE *f, const struct report *r, const struct tally *t)
{
	const struct comparison *c = t->surest_loss ? t->surest_loss :
		t->surest_gain ? t->surest_gain :
		t->equivalent && t->equivalent == tally_tested(t) ? t->loosest_equivalent :
		t->hardest;
	const char *tp, *role;
	char at[96], delta[96], adj[96];
	double x;

	if (!c)
		return;
	role = c == t->hardest && c->verdict == VERDICT_INCONCLUSIVE ?
		"Hardest to decide" : "Deciding comparison";
	tp = workload_tenant_param(c->cell->workload);
	x = cell_param(c->cell, tp);
	at[0] = '\0';
	if (!isnan(x))
		snprintf(at, sizeof(at), " at %s=%g", tp, x);
	/* the centre of the interval shown, as the runs-per-cell sentences quote it */
	fprintf(f, "  **%s:** `%s` vs %s, %s%s, %s: %s (Hodges-Lehmann), **%s** (%s), "
		"n = %zu vs %zu", role, c->cell->variant, c->base->variant, c->cell->workload, at,
		metric_defs[c->metric].label,
		fmt_delta(delta, sizeof(delta), isnan(c->ratio_hl) ? c->ratio : c->ratio_hl,
			  &c->ci),
		verdict_word(r, c), fmt_adjusted(adj, sizeof(adj), r, c),
		c->cell->metrics[c->metric].n, c->base->metrics[c->metric].n);
	beyond_share(f, c);
	fputs("\n\n", f);
}
