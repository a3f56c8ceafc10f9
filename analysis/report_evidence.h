/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_REPORT_EVIDENCE_H
#define MMX_REPORT_EVIDENCE_H

#include <stdio.h>

#include "report.h"

/* The decision summary's evidence lines and how they add up to an answer. */

enum outcome { NO_DATA, INVALID, NOT_COMPUTABLE, SAME, BETTER, WORSE, UNTRUSTED };

struct tally {
	int lines, better, worse, same, na, invalid, too_few;
	int untrusted;		/* cost lines whose crosscheck failed */
	int p_sensitive;	/* cost lines whose verdict at P=50 differs from P=200 */
	int rated;		/* cost lines folded into best and worst */
	double best, worst;	/* oriented improvement factors seen */
};

/* report_decisions.c */
enum outcome outcome_of(const struct report *r, const struct comparison *c);

/* report_cost_evidence.c */
/*
 * The cell's parameters other than the tenant count whose value differs in
 * another cell with data for metric m in the same workload, timing mode and
 * kconfig ("rx_cpus=3 cpus=8"): what tells its line from the others.  only:
 * a NULL-terminated list of the keys to consider, or NULL for every key.
 */
const char *cell_setting(const struct report *r, const struct cell *c, size_t m,
			 const char *const *only, char *buf, size_t cap);
/*
 * The cost lines of variant against baseline: one per cell at the most
 * tenants with cost data (each rx_cpus/cpus setting its own line), the
 * modelled cost at P=200 in full and the other cost counts beside it.
 * rt: a PREEMPT_RT kconfig axis, else base.
 */
void cost_evidence(FILE *f, const struct report *r, struct tally *t, const char *variant,
		   const char *workload, const char *timing, int rt);
/* Heads the cost lines (when the report has cost data). */
void cost_lines_begin(FILE *f, const struct report *r);
/* Ends them: "no cost data" when none, then heads the secondary evidence. */
void cost_lines_end(FILE *f, const struct report *r, const struct tally *cost);
/* The answer from the cost tally: verdicts, cells left out, P-sensitivity. */
void cost_answer(FILE *f, const struct report *r, const struct tally *t, const char *yes,
		 const char *no);
/* What weakens a cost answer: cells left out, verdicts that depend on P. */
void cost_caveats(FILE *f, const struct tally *t);
/* The answer's opening when cost evidence decides, and the secondary's. */
#define COST_ANSWER_LEAD "\n  **Answer, from the primary cost evidence** (deterministic " \
	"instruction and line-transfer counts under the cost plugin, not time): "
#define SECONDARY_ANSWER_LEAD "\n\n  **Secondary evidence** (throughput, time under " \
	"emulation, which carries host noise under tcg, and the kprobe counts): "

#endif
