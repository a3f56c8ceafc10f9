/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_TALLY_H
#define MMX_TALLY_H

#include <stddef.h>

#include "model.h"

/* The verdicts of a set of comparisons, and the ones an answer can rest on. */
struct tally {
	int lines, better, worse, equivalent, inconclusive, na, invalid, untrusted;
	int better_within, worse_within;	/* of better, worse: smaller than the margin */
	int better_unsized, worse_unsized;	/* of better, worse: interval across it */
	int p_sensitive;	/* cost lines whose verdict on Zen 2 differs from Skylake-SP's */
	int rated;		/* lines folded into best and worst */
	double best, worst;	/* oriented improvement factors seen */
	unsigned long long families;	/* bit i: r->families[i] has a line here */
	/*
	 * of the confirmatory lines neither test decided, the one that needs
	 * the most runs per cell at its observed effect, and those runs
	 */
	const struct comparison *hardest;
	size_t hardest_n;
	/*
	 * the comparisons an answer rests on: the surest gain and loss
	 * (smallest adjusted p) and the equivalence nearest its margin
	 */
	const struct comparison *surest_gain, *surest_loss, *loosest_equivalent;
	int no_data;	/* descriptive lines with no comparison in this store */
};

/* Folds a comparison's verdict into t. */
void tally_add(struct tally *t, const struct report *r, const struct comparison *c);
/* The lines that are tests with an outcome (not invalid, untrusted, n/a). */
int tally_tested(const struct tally *t);
/* Keeps in t the comparisons an answer can rest on (tally_add calls it). */
void tally_keep_deciding(struct tally *t, const struct comparison *c);
/*
 * Adds from's line counts, families and deciding comparisons to into (RFC 2
 * joins its two designs for what would decide and what the answer rests on).
 */
void tally_merge(struct tally *into, const struct tally *from);

/*
 * Where a cost change (Hodges-Lehmann) is larger than its charge path can
 * make it, the charge share that bounds it: baseline's for a saving, the
 * variant's for a loss (*whose, may be NULL: that cell); NAN else, so the
 * change can be the charge path's own.  Which share bounds which cost is
 * the metrics table's charge_share link.
 */
double beyond_charge_share(const struct comparison *c, const struct cell **whose);

/*
 * The comparison an answer rests on: a significant loss before any gain (a
 * loss is never hidden), else the surest gain, else, where every line is
 * equivalent, the one nearest its margin, else the undecided line that
 * needs the most runs (*undecided set); NULL when there is none.
 */
const struct comparison *tally_deciding(const struct tally *t, int *undecided);

/* What more runs would decide, for the undecided lines of a tally. */
enum runs_kind {
	RUNS_NONE,		/* nothing to say: no family part with runs */
	RUNS_HARDEST,		/* from the observed effect of the hardest line */
	RUNS_AT_MARGINS,	/* the planning figure: no effect, the declared margins */
};

struct runs_needed {
	enum runs_kind kind;
	size_t n;		/* runs per cell that would decide (cap + 1: more than cap) */
	size_t now;		/* the fewest runs per cell of the families' parts */
	const struct comparison *hardest;	/* RUNS_HARDEST */
	/* RUNS_HARDEST with now < n <= cap: the hardest line's verdict at n */
	enum verdict would_be;
};

void runs_needed(struct runs_needed *out, const struct report *r, const struct tally *t);

#endif
