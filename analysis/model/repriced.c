// SPDX-License-Identifier: GPL-2.0
/*
 * A verdict on modelled cycles holds for the transfer price the model
 * uses: Skylake-SP's on one socket, at 8 vCPUs.  A design that trades
 * instructions for fewer line transfers (RFC 3's slot counts) can lose at
 * that price and win where transfers cost more, so each confirmatory
 * verdict on the charge path's receive cycles is judged again with the
 * transfers priced x4 and x16 (issue 41).
 */
#include <math.h>

#include "repriced.h"

const int reprice_times[REPRICE_N] = { 1, 4, 16 };

static int in_families(const struct report *r, const struct comparison *c,
		       const struct family *const *fams, size_t nfams)
{
	for (size_t i = 0; c->family >= 0 && i < nfams; i++)
		if (&r->families[c->family] == fams[i])
			return 1;
	return 0;
}

static const struct comparison *twin(const struct report *r, const struct comparison *c, int m)
{
	for (size_t i = 0; m >= 0 && i < r->ncmp; i++)
		if (r->cmp[i].cell == c->cell && r->cmp[i].base == c->base &&
		    r->cmp[i].metric == (size_t)m)
			return &r->cmp[i];
	return NULL;
}

/* better, worse, equivalent or neither: what an answer turns on */
static int answer_class(enum verdict v)
{
	return verdict_is_better(v) ? 1 : verdict_is_worse(v) ? -1 :
	       v == VERDICT_EQUIVALENT ? 2 : 0;
}

static void judge_prices(const struct report *r, struct repriced *row)
{
	const struct comparison *c = row->c;
	enum verdict first = c->verdict;

	row->at[0] = c;
	row->v[0] = c->verdict;
	row->p_adj[0] = c->p_adj;
	row->priced = 1;
	for (int k = 1; k < REPRICE_N; k++) {
		const struct comparison *x = twin(r, c, metric_repriced_index(c->metric,
									       reprice_times[k]));

		row->at[k] = x;
		row->p_adj[k] = NAN;
		row->v[k] = VERDICT_NA;
		if (!x || x->not_tested || isnan(x->mwu.p))
			continue;
		row->p_adj[k] = fmin(1, x->mwu.p * (double)r->families[c->family].size);
		row->v[k] = verdict_judge(row->p_adj[k], REPORT_ALPHA,
					  metric_improvement(&metric_defs[x->metric],
							     planning_ratio(x)),
					  &x->tost, c->margin);
		row->priced++;
		if (answer_class(first) != answer_class(row->v[k]))
			row->depends = 1;
	}
}

size_t repriced_rows(const struct report *r, const struct family *const *fams, size_t nfams,
		     struct repriced *out, size_t cap)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];

		if (!in_families(r, c, fams, nfams) || metric_repriced_index(c->metric, 4) < 0 ||
		    c->verdict == VERDICT_INVALID || c->verdict == VERDICT_UNTRUSTED ||
		    c->verdict == VERDICT_NOT_TESTED)
			continue;
		if (n == cap)
			break;
		out[n] = (struct repriced){ .c = c };
		judge_prices(r, &out[n]);
		n++;
	}
	return n;
}

size_t repriced_depending(const struct repriced *rows, size_t n, size_t *priced)
{
	size_t depends = 0;

	*priced = 0;
	for (size_t i = 0; i < n; i++) {
		*priced += rows[i].priced > 1;
		depends += rows[i].depends;
	}
	return depends;
}
