// SPDX-License-Identifier: GPL-2.0
/*
 * The decisions page: the RFC's four questions and the article's three
 * designs, each rendered from its answer (answers.h): the families' lines
 * in the answer's groups, the answer and the comparison it rests on
 * (answer_text.c), then the descriptive comparisons the answer chose,
 * labelled so (Benjamini-Hochberg over all of them); they decide nothing.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "answer_text.h"
#include "chart_forest.h"
#include "family_spec.h"
#include "report_evidence.h"
#include "report_format.h"
#include "report_md.h"
#include "repriced.h"

static void descriptive_head(FILE *f, const struct report *r)
{
	fprintf(f, "  Descriptive evidence (in no family: Benjamini-Hochberg over this "
		"report's %zu descriptive comparisons; it decides nothing), at the most "
		"tenants measured:\n", families_descriptive(r));
}

/* The descriptive lines under their heading if any; what was not measured in one sentence. */
static void descriptive(FILE *f, const struct report *r, const struct answer *a)
{
	if (a->descriptive.n)
		descriptive_head(f, r);
	for (size_t i = 0; i < a->descriptive.n; i++)
		comparison_line(f, r, a->descriptive.v[i]);
	if (a->descriptive_t.no_data)
		fprintf(f, "  Not measured in this store: %d descriptive comparison%s (the "
			"design, workload or timing mode has no runs here).\n",
			a->descriptive_t.no_data, a->descriptive_t.no_data > 1 ? "s" : "");
}

/* An answer's bold line and the comparison it rests on. */
static void answer_block(FILE *f, const struct report *r, const struct answer *a, size_t part)
{
	const struct answer_part *p = &a->parts[part];
	char scope[128];

	/* RFC 4 without an rt axis says so at once, under the heading */
	if (p->cls != ANSWER_NO_RT_AXIS)
		fputc('\n', f);
	if (answer_scope(a, part, scope, sizeof(scope)))
		fprintf(f, "  **Answer (%s):** ", scope);
	else
		fputs("  **Answer:** ", f);
	answer_sentence(f, r, a, part);
	fputs("\n\n", f);
	if (!p->deciding)
		return;
	fprintf(f, "  **%s:** ", p->deciding_undecided ? "Hardest to decide" :
		"Deciding comparison");
	deciding_sentence(f, r, p);
	fputs("\n\n", f);
}

/* After the families: the descriptive lines, and the answer if no family gave one. */
static void question_end(FILE *f, const struct report *r, const struct answer *a)
{
	descriptive(f, r, a);
	if (!a->nfams)
		answer_block(f, r, a, 0);
	else
		fputc('\n', f);
}

static void question_head(FILE *f, const struct report *r, const struct answer *a)
{
	char name[64];

	fprintf(f, "### %s\n\n", question_heading(a->question));
	if (chart_forest_count(r, a->question))
		fprintf(f, "![%s: its confirmatory comparisons against their reference](%s.svg)\n\n",
			question_title(a->question),
			chart_forest_name(a->question, name, sizeof(name)));
	for (size_t i = 0; i < a->nfams; i++)
		family_header(f, r, a->fams[i]);
}

static void keep_stock(FILE *f, const struct report *r, const struct answer *a)
{
	question_head(f, r, a);
	if (a->nfams) {
		fputs("  What a multi-memcg cache gains over the single-memcg stock:\n", f);
		group_lines(f, r, a, RFC1_MULTI);
		answer_block(f, r, a, 0);
		fputs("  What the stock buys over no cache at all:\n", f);
		group_lines(f, r, a, RFC1_NONE);
		answer_block(f, r, a, 1);
	}
	question_end(f, r, a);
}

static const char *const rfc2_variants[] = {
	"net-batch", "net-batch-keepstock", "multi-slot", "multi-slot-clamp", NULL
};

static void net_or_general(FILE *f, const struct report *r, const struct answer *a)
{
	question_head(f, r, a);
	if (a->nfams) {
		group_lines(f, r, a, RFC2_NET);
		group_lines(f, r, a, RFC2_GENERAL);
		group_lines(f, r, a, RFC2_DEVIATION);
		if (a->groups[RFC2_DEVIATION].t.lines)
			fputs("  (the lines of `net-batch-keepstock` above are a labelled deviation, "
			      "not the RFC: they do not enter the answer)\n", f);
		fputs("  Beyond network receive (a network-only batch cannot help these):\n", f);
		group_lines(f, r, a, RFC2_BEYOND);
		if (!a->groups[RFC2_BEYOND].t.lines)
			fputs("  - none: its family has no multi-slot comparison beyond network receive "
			      "here\n", f);
		answer_block(f, r, a, 0);
	}
	pass_shape_block(f, r, rfc2_variants);
	question_end(f, r, a);
}

/* one price's cell of the table: change, interval and verdict, or why none */
static void price_cell(FILE *f, const struct repriced *row, int k)
{
	enum verdict v = row->v[k];
	const char *bold = verdict_is_better(v) || verdict_is_worse(v) ||
			   v == VERDICT_EQUIVALENT ? "**" : "";
	char delta[96];

	if (!row->at[k]) {
		fputs(" not in these records |", f);
		return;
	}
	fprintf(f, " %s, %s%s%s |", fmt_delta(delta, sizeof(delta), planning_ratio(row->at[k]),
					      &row->at[k]->ci), bold, verdict_text(v), bold);
}

/*
 * RFC 3 across machine sizes: each slot-count and eviction verdict on the
 * charge path's receive cycles again with its line transfers priced x4
 * and x16 (repriced.c); one that changes is "depends on the machine".
 */
static void machine_prices(FILE *f, const struct report *r, const struct answer *a)
{
	struct repriced rows[64];
	size_t n = repriced_rows(r, a->fams, a->nfams, rows, 64), priced;
	size_t depends = repriced_depending(rows, n, &priced);

	if (!n)
		return;
	fputs("  **At other machine sizes.** These verdicts price a line transfer as "
	      "Skylake-SP does on one socket (85.2 cycles) at 8 vCPUs: there a slot count "
	      "that saves transfers gains little, and the scan that finds a slot is what "
	      "costs. ", f);
	if (!priced) {
		fputs("These runs cannot be priced otherwise: their records predate the "
		      "charge path's line-transfer cycles (kept since 2026-12-07); the same cells "
		      "run with today's harness would be.\n\n", f);
		return;
	}
	fprintf(f, "The same comparisons with the charge path's transfers priced x4 (about a "
		"transfer from the other socket, 297.9 cycles) and x16 (a line with some 16 CPUs "
		"queued on it: a bound, not a measured machine), judged by the same rule (the "
		"family's Bonferroni p, the same margin): %zu of %zu %s on the price, labelled "
		"**depends on the machine**.\n\n", depends, n,
		depends == 1 ? "depends" : "depend");
	fputs("  | comparison | x1 (the model) | x4 | x16 | |\n  |---|---|---|---|---|\n", f);
	for (size_t i = 0; i < n; i++) {
		const struct comparison *c = rows[i].c;
		const char *tp = workload_tenant_param(c->cell->workload);
		double x = cell_param(c->cell, tp);

		fprintf(f, "  | `%s` vs `%s`, %s", c->cell->variant, c->base->variant,
			c->cell->workload);
		if (!isnan(x))
			fprintf(f, " at %s=%g", tp, x);
		fputs(" |", f);
		for (int k = 0; k < REPRICE_N; k++)
			price_cell(f, &rows[i], k);
		fprintf(f, " %s |\n", rows[i].priced < 2 ? "not priced" :
			rows[i].depends ? "**depends on the machine**" : "the same at every price");
	}
	fputs("\n", f);
}

static void slots(FILE *f, const struct report *r, const struct answer *a)
{
	question_head(f, r, a);
	if (a->nfams) {
		group_lines(f, r, a, RFC3_BASELINE);
		group_lines(f, r, a, RFC3_REFERENCE);
		answer_block(f, r, a, 0);
		machine_prices(f, r, a);
	}
	question_end(f, r, a);
}

static void rt(FILE *f, const struct report *r, const struct answer *a)
{
	question_head(f, r, a);
	if (a->parts[0].cls == ANSWER_NO_RT_AXIS) {
		answer_block(f, r, a, 0);
		return;
	}
	if (a->nfams) {
		group_lines(f, r, a, 0);
		answer_block(f, r, a, 0);
	}
	question_end(f, r, a);
}

static void one_design(FILE *f, const struct report *r, const struct answer *a)
{
	question_head(f, r, a);
	if (a->nfams) {
		group_lines(f, r, a, 0);
		answer_block(f, r, a, 0);
	}
	question_end(f, r, a);
}

void md_decisions(FILE *f, const struct report *r)
{
	fprintf(f, "## Decision summary\n\nEach question is answered by its confirmatory "
		"families: the comparisons matrix.json declares for it before the runs "
		"(`$.profiles.NAME.families`: the variants, the primary metric, the tenant "
		"counts), with Holm's correction within each family. Each comparison with "
		"baseline (or with the reference variant its family names) gets one of these "
		"outcomes: **better** or **worse** (adjusted p < %.2f), sized on the ratio's "
		"%.0f%% Hodges-Lehmann interval against the same ±margin both ways: beyond the "
		"margin (the whole interval past it), **within margin** (the whole interval "
		"inside it: significant but small, never called equivalent, and a loss is a "
		"regression) or **size uncertain** (the interval across the margin's edge); "
		"**equivalent** (not significant, and that interval lies inside the margin: two "
		"one-sided tests at %.0f%%), or **inconclusive**; where nothing decides, the "
		"runs per cell that would are given, from the noise measured (the A/A cells "
		"where present). Every other "
		"comparison is descriptive: Benjamini-Hochberg over all of them, labelled so, "
		"and it decides nothing. A comparison that cannot differ is not tested (a "
		"metric zero by construction, or zero in every run of both cells), and a "
		"metric with no real measurement is \"no data\", never 0. Every change is the "
		"Hodges-Lehmann estimate, with its interval and that interval's coverage in "
		"parentheses (see [Methodology](provenance.md#methodology-and-provenance)). Timing modes "
		"are never mixed in one comparison.\n\n", REPORT_ALPHA,
		TOST_LEVEL(REPORT_ALPHA) * 100, REPORT_ALPHA * 100);
	if (report_has_cost(r))
		fputs("Where runs carry the cost plugin's counts (cost=1), a family whose "
		      "declared metric is the modelled cost answers from those deterministic "
		      "counts (instructions and cache-line transfers in the measured window, not "
		      "time; their spread is in [the cost model]"
		      "(cost-model.md#cost-model-deterministic-counts-under-the-tcg-plugin)), "
		      "and the "
		      "charge-path instructions, the estimated line transfers and the cycles "
		      "priced for Zen 2 stand beside each line.\n\n", f);
	keep_stock(f, r, answer_of(r, "rfc1"));
	net_or_general(f, r, answer_of(r, "rfc2"));
	slots(f, r, answer_of(r, "rfc3"));
	rt(f, r, answer_of(r, "rfc4"));
	for (const char *const *q = family_questions; *q; q++)
		if (!strncmp(*q, "article", 7))
			one_design(f, r, answer_of(r, *q));
	md_regressions(f, r);
}
