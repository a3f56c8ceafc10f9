/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_REPORT_EVIDENCE_H
#define MMX_REPORT_EVIDENCE_H

#include <stdio.h>

#include "model.h"

/* The decision summary's evidence lines and how they add up to an answer. */

struct tally {
	int lines, better, worse, equivalent, inconclusive, na, invalid, untrusted;
	int better_within, worse_within;	/* of better, worse: smaller than the margin */
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
	const char *part;	/* which designs the answer is about, NULL: the question's */
};

/* Folds a comparison's verdict into t. */
void tally_add(struct tally *t, const struct report *r, const struct comparison *c);
/* The lines that are tests with an outcome (not invalid, untrusted, n/a). */
int tally_tested(const struct tally *t);

/* report_deciding.c */
/* Keeps in t the comparisons an answer can rest on (tally_add calls it). */
void tally_keep_deciding(struct tally *t, const struct comparison *c);
/* Adds from's lines and deciding comparisons to into (RFC 2 joins two parts). */
void tally_merge(struct tally *into, const struct tally *from);
/*
 * "**Deciding comparison:** `multi-slot` sendfile-clients at tenants=1,
 * ...: -14.0% [-20.8%, -4.5%] (96.8%), better (Holm p 0.024), n = 5 vs 5":
 * the one line the answer rests on (a loss before a gain: a loss is never
 * hidden), or the undecided line that needs the most runs.
 */
void deciding_line(FILE *f, const struct report *r, const struct tally *t);
/*
 * baseline's charge share where a receive-scope cost change (Hodges-Lehmann)
 * is larger than it, so it cannot be the charge path's own saving; NAN else.
 */
double beyond_charge_share(const struct comparison *c);
/* " Its surest gain ... is larger than baseline's charge share ...", if so. */
void gain_caveat(FILE *f, const struct tally *t);

/* report_family_lines.c */
/*
 * One evidence line: the variant, cell and metric, the ratio with its
 * interval, the equivalence interval against the margin, p and its
 * adjustment (family or descriptive), n, the verdict; cost lines add the
 * counts beside the modelled cost at P=200.
 */
void comparison_line(FILE *f, const struct report *r, const struct comparison *c);
/* A family's declaration and what its n can show, before its lines. */
void family_header(FILE *f, const struct report *r, const struct family *fam);
/* Whether a family member belongs to a part of the question ("atomics-only"). */
typedef int (*member_filter)(const struct report *r, const struct comparison *c,
			     const void *arg);
/* The lines of the members of fams that keep (NULL: all) selects, tallied. */
void family_lines(FILE *f, const struct report *r, const struct family *const *fams,
		  size_t nf, member_filter keep, const void *arg, struct tally *t);
/* "about 62 runs per cell would decide" for the tally's families; "" if none. */
const char *would_decide(char *buf, size_t cap, const struct report *r,
			 const struct tally *t);
/*
 * The confirmatory answer of a tally: yes (better), no (worse), same
 * (equivalent everywhere) or not decided, with what would decide.
 */
void family_answer(FILE *f, const struct report *r, const struct tally *t, const char *yes,
		   const char *no, const char *same, const char *undecided_extra);

/* report_line_parts.c */
/*
 * The cell's parameters other than the tenant count whose value differs in
 * another cell with data for metric m in the same workload, timing mode and
 * kconfig ("rx_cpus=3 cpus=8"): what tells its line from the others.  only:
 * a NULL-terminated list of the keys to consider, or NULL for every key.
 */
const char *cell_setting(const struct report *r, const struct cell *c, size_t m,
			 const char *const *only, char *buf, size_t cap);
/* "; charge-path instructions -3.0% (equivalent)...": the counts beside P=200. */
void cost_beside(FILE *f, const struct report *r, const struct comparison *c);

/* report_cost_evidence.c */
/*
 * The descriptive cost lines of variant against baseline that no family
 * listed: one per cell at the most tenants with cost data (each
 * rx_cpus/cpus setting its own line).  rt: a PREEMPT_RT kconfig axis.
 */
void cost_evidence(FILE *f, const struct report *r, struct tally *t, const char *variant,
		   const char *workload, const char *timing, int rt);

/* report_pass_shape.c */
/*
 * One line per baseline rx-mixed cell that a comparison of one of variants
 * (NULL-terminated) rests on: its pass-shaping parameters (flows,
 * dev_weight, receive CPUs) and, where measured, its median pass shape.
 */
void pass_shape_block(FILE *f, const struct report *r, const char *const *variants);

#endif
