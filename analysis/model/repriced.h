/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_REPRICED_H
#define MMX_REPRICED_H

#include "model.h"

/* the transfer prices a confirmatory verdict is judged at: x1 is the model's */
#define REPRICE_N 3
extern const int reprice_times[REPRICE_N];

/*
 * One confirmatory comparison judged again with the charge path's line
 * transfers priced x4 and x16 (lib/metrics_table.c says why those): at[k]
 * the comparison of the same cells on that price's metric (at[0] is c),
 * NULL where the records lack the transfers' part; v[k] its verdict by the
 * family's rule (its Bonferroni p, the conservative form of its Holm, and
 * the same margin).  depends: the answer is not the same at every price
 * that could be judged.
 */
struct repriced {
	const struct comparison *c;
	const struct comparison *at[REPRICE_N];
	enum verdict v[REPRICE_N];
	double p_adj[REPRICE_N];
	int priced;	/* prices judged, 1..REPRICE_N */
	int depends;
};

/*
 * The confirmatory comparisons of families fams whose metric has repriced
 * twins, at most cap of them into out; returns how many it wrote.
 */
size_t repriced_rows(const struct report *r, const struct family *const *fams, size_t nfams,
		     struct repriced *out, size_t cap);
/* How many of rows[0..n) depend on the price, and how many could be priced. */
size_t repriced_depending(const struct repriced *rows, size_t n, size_t *priced);

#endif
