// SPDX-License-Identifier: GPL-2.0
/*
 * An answer of the model (answers.h) in words: its label, its sentence and
 * the comparison it rests on.  The decisions page prints them under each
 * question; the first screen's decision table prints the same sentences
 * from the same structure, so the two cannot disagree.
 */
#include <math.h>
#include <string.h>

#include "answer_text.h"
#include "report_format.h"
#include "repriced.h"

/* The phrases of an answer from one group's tally (family_answer_text). */
struct phrases {
	const char *question;
	size_t part;
	const char *scope;	/* "multi-memcg designs", NULL: the question's */
	const char *yes, *no, *same, *undecided_extra;
};

static const char *const emulation_caveat =
	"Emulated CPUs hide cache-line and atomic contention costs (the LKP report "
	"of a 73.9% regression from uncached atomics was on a large machine), so "
	"KVM on a many-core host with a PMU would decide it.";

static const struct phrases phrases[] = {
	{ "rfc1", 0, "multi-memcg designs", "evolve it: a multi-memcg cache beats the "
	  "single-memcg stock", "keep it as it is: the multi-memcg designs measured do worse",
	  "the multi-memcg designs neither gain nor lose beyond the margin, so the data gives "
	  "no reason to replace the stock", NULL },
	{ "rfc1", 1, "no cache: atomics-only", "the data does not show the stock is needed "
	  "(atomics-only does better)", "some per-CPU caching earns its keep: without it "
	  "(atomics-only) the design does worse", "atomics-only is equivalent within the "
	  "margin: the stock buys nothing measurable here", emulation_caveat },
	{ "rfc4", 0, NULL, "on PREEMPT_RT the designs still change it measurably",
	  "on PREEMPT_RT the designs cost it", "on PREEMPT_RT no design measured changes it "
	  "beyond the declared margin", NULL },
	{ "article1", 0, NULL, "atomics-only does better here and could serve as the baseline",
	  "atomics-only is measurably worse: the per-CPU cache is worth its complexity",
	  "atomics-only is equivalent to the stock within the margin here and could serve as "
	  "the baseline", emulation_caveat },
	{ "article2", 0, NULL, "the split stock helps", "the split stock costs",
	  "the split stock is equivalent to the single stock within the margin in modelled "
	  "cycles; the irq-off time it exists to cut is not measured here",
	  "This matches the 2022 revert's finding of no benefit only as far as this timing "
	  "mode can see: irq-disable cost and PREEMPT_RT behaviour need KVM and an RT axis." },
	{ "article3", 0, NULL, "the local-lock obj stock helps", "the local-lock obj stock costs",
	  "the local-lock obj stock is equivalent to the shared one within the margin in "
	  "modelled cycles; the irq-off time it exists to cut is not measured here",
	  "Upstream measured changes under 1-4% for the same change; differences that small "
	  "need many repetitions under icount or KVM." },
};

static const struct phrases *phrases_of(const struct answer *a, size_t part)
{
	for (size_t i = 0; i < sizeof(phrases) / sizeof(phrases[0]); i++)
		if (!strcmp(phrases[i].question, a->question) && phrases[i].part == part)
			return &phrases[i];
	return NULL;
}

const char *answer_scope(const struct answer *a, size_t part, char *buf, size_t cap)
{
	const struct phrases *ph = phrases_of(a, part);
	enum answer_class cls = a->parts[part].cls;

	if (cls == ANSWER_NO_FAMILY || cls == ANSWER_NO_RT_AXIS)
		return NULL;
	if (ph && ph->scope)
		snprintf(buf, cap, "confirmatory, %s", ph->scope);
	else
		snprintf(buf, cap, "confirmatory");
	return buf;
}

/* The hardest line's verdict at the runs that would decide it. */
static const char *would_be_word(enum verdict v)
{
	switch (v) {
	case VERDICT_EQUIVALENT: return "equivalent";
	case VERDICT_BETTER_WITHIN: return "better within the margin";
	case VERDICT_WORSE_WITHIN: return "worse within the margin";
	case VERDICT_BETTER: return "better";
	case VERDICT_WORSE: return "worse";
	default: return "?";
	}
}

/* "`multi-slot` on sendfile-clients at tenants=1": the cell a sentence names. */
static void which_cell(char *buf, size_t cap, const struct comparison *c)
{
	const char *tp = workload_tenant_param(c->cell->workload);
	double x = cell_param(c->cell, tp);

	if (isnan(x))
		snprintf(buf, cap, "`%s` on %s", c->cell->variant, c->cell->workload);
	else
		snprintf(buf, cap, "`%s` on %s at %s=%g", c->cell->variant, c->cell->workload, tp,
			 x);
}

const char *runs_needed_text(char *buf, size_t cap, const struct runs_needed *rn)
{
	const struct comparison *c = rn->hardest;
	char which[200];
	double pct;

	if (rn->kind == RUNS_NONE) {
		snprintf(buf, cap, "%s", "");
		return buf;
	}
	if (rn->kind == RUNS_AT_MARGINS) {
		if (rn->n > FAMILY_REPS_CAP)
			snprintf(buf, cap, "more than %d runs per cell (now %zu) would be needed to "
				 "decide at the declared margins", FAMILY_REPS_CAP, rn->now);
		else
			snprintf(buf, cap, "about %zu runs per cell (now %zu) would decide it at the "
				 "declared margins", rn->n, rn->now);
		return buf;
	}
	which_cell(which, sizeof(which), c);
	pct = (planning_ratio(c) - 1) * 100;
	if (rn->n > FAMILY_REPS_CAP)
		snprintf(buf, cap, "more than %d runs per cell (now %zu) would be needed to decide "
			 "%s, %+.1f%% (Hodges-Lehmann) against a margin of ±%g%%: its effect sits "
			 "on the margin", FAMILY_REPS_CAP, rn->now, which, pct, c->margin * 100);
	else if (rn->n <= rn->now)
		snprintf(buf, cap, "at their observed effects n = %zu already had about 80%% power "
			 "to decide each comparison (the hardest: %s, %+.1f%% (Hodges-Lehmann) "
			 "against ±%g%%), so this outcome is chance and a repetition of the runs "
			 "would likely decide it", rn->now, which, pct, c->margin * 100);
	else
		snprintf(buf, cap, "about %zu runs per cell (now %zu) would decide it if the "
			 "observed effects are the true ones (the hardest: %s, %+.1f%% "
			 "(Hodges-Lehmann) against a margin of ±%g%%, which would then come out "
			 "%s)", rn->n, rn->now, which, pct, c->margin * 100,
			 would_be_word(rn->would_be));
	return buf;
}

/* What the runs alone say, in a word or two, for an answer set beside another. */
static const char *class_word(enum answer_class cls)
{
	switch (cls) {
	case ANSWER_BETTER: return "better";
	case ANSWER_WORSE: return "worse";
	case ANSWER_TRADE_OFF: return "a trade-off";
	case ANSWER_EQUIVALENT: return "equivalent";
	case ANSWER_DIFFERS: return "some settings differ";
	case ANSWER_NET_BATCH: return "the batch";
	case ANSWER_GENERAL: return "the general cache";
	case ANSWER_BOTH: return "both";
	default: return "not decided";
	}
}

/*
 * "cannot decide on this machine": why in one line, what would decide, and
 * what the runs here show, so no answer carries a caveat that disowns it.
 */
static void not_here_text(FILE *f, const struct answer_part *p)
{
	const struct tally *t = &p->t;
	char which[200];

	fputs("cannot decide on this machine: ", f);
	if (p->regime & REGIME_BEYOND_SHARE) {
		which_cell(which, sizeof(which), p->beyond);
		fprintf(f, "the change it would rest on, %s, %+.1f%% (Hodges-Lehmann), is larger "
			"than `%s`'s charge share there (%.1f%%), so it is receive work outside the "
			"charge functions, not the charge path's own %s", which,
			(planning_ratio(p->beyond) - 1) * 100, p->beyond_whose->variant,
			p->beyond_share * 100, p->beyond_whose == p->beyond->base ? "saving" : "cost");
	}
	if (p->regime & REGIME_SHAPE)
		fprintf(f, "%sthe modelled gain does not grow with the clients as upstream's does "
			"(it rises in %zu of %zu steps, upstream's in %zu of %zu), so the contention "
			"the question is about is not reproduced",
			p->regime & REGIME_BEYOND_SHARE ? "; and " : "", p->shape.rises,
			p->shape.steps, p->shape.upstream_rises, p->shape.upstream_steps);
	fprintf(f, ". A many-core host with KVM and a PMU running the upstream-shaped load (one "
		"netperf-like client per memcg, 6 to 36 clients on 72 CPUs) would decide it: "
		"the `hardware` profile (`mmx matrix --profile hardware`). "
		"What these runs show (%s): better in %d, worse in %d, equivalent in %d, "
		"inconclusive in %d of the %d comparisons above.", class_word(p->measured),
		t->better, t->worse, t->equivalent, t->inconclusive, tally_tested(t));
}

/* Where another question answers the same design otherwise: which, and what it says. */
static void other_verdict(FILE *f, const struct report *r, const struct answer_part *p)
{
	const struct answer *o = (p->caveats & CAVEAT_OTHER_VERDICT) ?
		answer_of(r, p->other_question) : NULL;
	const struct answer_part *op;

	if (!o)
		return;
	op = &o->parts[p->other_part];
	fprintf(f, " %s answers this design otherwise (%s) from its own families, which count "
		"other comparisons.", question_title(o->question),
		class_word(op->cls == ANSWER_NOT_HERE ? op->measured : op->cls));
}

static void counts_of(FILE *f, const struct tally *t)
{
	if (t->better_within)
		fprintf(f, "; better within the margin in %d of those", t->better_within);
	if (t->worse_within)
		fprintf(f, "; worse within the margin in %d of those", t->worse_within);
	if (t->better_unsized + t->worse_unsized)
		fprintf(f, "; of a size the interval leaves uncertain (across the margin) in %d "
			"of those", t->better_unsized + t->worse_unsized);
	if (t->equivalent)
		fprintf(f, ", equivalent in %d", t->equivalent);
	if (t->inconclusive)
		fprintf(f, ", inconclusive in %d", t->inconclusive);
}

/* The answer of one group's tally: yes, no, same, a trade-off or not decided. */
static void family_answer_text(FILE *f, const struct answer_part *p, const struct phrases *ph)
{
	const struct tally *t = &p->t;
	int tested = tally_tested(t);
	char more[400];

	runs_needed_text(more, sizeof(more), &p->more);
	switch (p->cls) {
	case ANSWER_NO_DATA:
		fputs("not decided: no comparison of its family has data in this store (see the "
		      "family's parts above).", f);
		break;
	case ANSWER_GATE_FAILED:
		fputs("not decided: the variant failed the correctness gate; its numbers are "
		      "shown but decide nothing.", f);
		break;
	case ANSWER_NONE_TESTED:
		fputs("not decided: every comparison was left out (its cost numbers are not "
		      "trusted, or there is no p).", f);
		break;
	case ANSWER_BETTER:
		fprintf(f, "%s (better in %d of %d comparisons, worse in none", ph->yes, t->better,
			tested);
		counts_of(f, t);
		fputs(").", f);
		break;
	case ANSWER_WORSE:
		fprintf(f, "%s (worse in %d of %d comparisons, better in none", ph->no, t->worse,
			tested);
		counts_of(f, t);
		fputs(").", f);
		break;
	case ANSWER_TRADE_OFF:
		fprintf(f, "a trade-off: better in %d and worse in %d of %d comparisons", t->better,
			t->worse, tested);
		counts_of(f, t);
		fputs(" (each comparison is listed on the decisions page).", f);
		break;
	case ANSWER_EQUIVALENT:
		fprintf(f, "%s (equivalent to baseline within the declared margin in all %d "
			"comparisons).", ph->same, tested);
		break;
	default:
		fprintf(f, "not decided: no difference passes Holm in the family and equivalence "
			"within the margin is shown in %d of %d comparisons", t->equivalent,
			tested);
		if (t->rated)
			fprintf(f, " (improvement factors %.3f to %.3f, > 1 better)", t->worst,
				t->best);
		fprintf(f, "%s%s.", more[0] ? "; " : "", more);
		if (ph->undecided_extra)
			fprintf(f, " %s", ph->undecided_extra);
		break;
	}
	if (p->caveats & CAVEAT_INCONCLUSIVE_REST)
		fprintf(f, " For the inconclusive rest, %s.", more);
	if (p->caveats & CAVEAT_UNTRUSTED)
		fprintf(f, " Left out, their crosscheck having failed (numbers not trusted): %d "
			"of %d cost lines.", t->untrusted, t->lines);
	if (p->caveats & CAVEAT_PRICE_SENSITIVE)
		fprintf(f, " Priced for Zen 2 the verdict differs in %d line%s: there the answer "
			"depends on the machine (docs/cycle-model.md).",
			t->p_sensitive, t->p_sensitive > 1 ? "s" : "");
}

/* RFC 2 from the tallies of the batch, the general cache and beyond receive. */
static void net_or_general_text(FILE *f, const struct answer *a, const struct answer_part *p)
{
	const struct tally *net = &a->groups[RFC2_NET].t, *gen = &a->groups[RFC2_GENERAL].t;
	const struct tally *other = &a->groups[RFC2_BEYOND].t;
	char more[400];

	runs_needed_text(more, sizeof(more), &p->more);
	switch (p->cls) {
	case ANSWER_NONE_TESTED:
		fputs("not decided: it needs network-receive comparisons of both net-batch "
		      "and multi-slot against baseline in a family.", f);
		break;
	case ANSWER_NET_BATCH:
		fputs("on network receive only the network-specific batch is better than "
		      "baseline: the data favours net-batch for receive.", f);
		break;
	case ANSWER_GENERAL:
		fputs("on network receive only the general cache is better than baseline: "
		      "the data favours the general design.", f);
		break;
	case ANSWER_BOTH:
		fprintf(f, "both beat baseline on network receive (best gains %+.1f%% net-batch, "
			"%+.1f%% multi-slot); %s", (net->best - 1) * 100, (gen->best - 1) * 100,
			other->better ? "the general cache also helps the non-network workloads, "
			"which the batch cannot: the data favours the general design." :
			"the data cannot separate them on receive, and shows no gain of the "
			"general cache elsewhere.");
		break;
	case ANSWER_EQUIVALENT:
		fputs("neither changes receive beyond the declared margin: on performance the "
		      "data gives no reason to prefer one.", f);
		break;
	default:
		fprintf(f, "not decided: neither is better than baseline on network receive%s%s.",
			more[0] ? "; " : "", more);
		break;
	}
	if (net->worse)
		fprintf(f, " net-batch is worse than baseline in %d comparison%s.", net->worse,
			net->worse > 1 ? "s" : "");
	if (gen->worse)
		fprintf(f, " multi-slot is worse than baseline in %d comparison%s.", gen->worse,
			gen->worse > 1 ? "s" : "");
}

/* The comparisons of one test of a family with one verdict: "`v` +1.2%, `w` -3.4%". */
static int verdict_group(FILE *f, const struct report *r, const struct family *fam,
			 const struct family_part *p, enum verdict v, int printed)
{
	const struct family *const one[] = { fam };
	struct family_walk w;
	const struct comparison *c;
	int n = 0;

	family_walk_start(&w, r, one, 1);
	while ((c = family_walk_next(&w))) {
		char delta[96];

		if (c->metric != (size_t)p->metric || c->verdict != v ||
		    strcmp(c->cell->workload, p->workload))
			continue;
		if (!n++)
			fprintf(f, "%s **%s**: ", printed ? ";" : "", verdict_word(r, c));
		else
			fputs(", ", f);
		fprintf(f, "`%s` %s", c->cell->variant,
			fmt_delta(delta, sizeof(delta), planning_ratio(c), NULL));
	}
	return n;
}

/*
 * The families' comparisons against a named reference, by test and then by
 * verdict (losses first), each with its Hodges-Lehmann change.
 */
static void reference_clauses(FILE *f, const struct report *r, const struct answer *a)
{
	static const enum verdict order[] = {
		VERDICT_WORSE, VERDICT_WORSE_UNSIZED, VERDICT_WORSE_WITHIN, VERDICT_BETTER,
		VERDICT_BETTER_UNSIZED, VERDICT_BETTER_WITHIN,
		VERDICT_EQUIVALENT, VERDICT_INCONCLUSIVE, VERDICT_INVALID, VERDICT_UNTRUSTED,
		VERDICT_NOT_TESTED, VERDICT_NA,
	};
	int parts = 0;

	for (size_t k = 0; k < a->nfams; k++) {
		const struct family *fam = a->fams[k];
		const char *ref = family_reference(fam->spec);

		if (!strcmp(ref, BASELINE_VARIANT))
			continue;
		for (size_t i = 0; i < fam->nparts; i++) {
			const struct family_part *p = &fam->parts[i];
			json_t *tenants = json_object_get(p->test, "tenants");
			const char *tp = workload_tenant_param(p->workload);
			int n = 0;

			if (p->metric < 0)
				continue;
			fprintf(f, "%s %s against `%s`", parts++ ? "." : "", fam->id, ref);
			if (!isnan(p->margin))
				fprintf(f, " (margin ±%g%%)", p->margin * 100);
			fprintf(f, ", %s", p->workload);
			if (tp && json_array_size(tenants) == 1)
				fprintf(f, " at %s=%g", tp,
					json_number_value(json_array_get(tenants, 0)));
			fprintf(f, ", %s:", metric_defs[p->metric].label);
			for (size_t v = 0; v < sizeof(order) / sizeof(order[0]); v++)
				n += verdict_group(f, r, fam, p, order[v], n);
			if (!n)
				fputs(" no comparison with data", f);
		}
	}
	if (parts)
		fputc('.', f);
}

/* RFC 3: against each family's reference, then against baseline, then the knobs. */
/*
 * The verdicts above at the model's transfer price, and which of them
 * change where line transfers cost x4 or x16 (repriced.c): the answer
 * says so itself, so no table under it disowns it.
 */
static void machine_dependence(FILE *f, const struct report *r, const struct answer *a)
{
	struct repriced rows[64];
	size_t n = repriced_rows(r, a->fams, a->nfams, rows, 64), priced, shown = 0;
	size_t depends = repriced_depending(rows, n, &priced);

	if (!depends)
		return;
	fprintf(f, " **Depends on the machine:** %zu of these %zu verdicts change when the "
		"charge path's line transfers cost 4 or 16 times this model's one-socket price "
		"(a transfer from the other socket, a queued line):", depends, n);
	for (size_t i = 0; i < n; i++) {
		if (!rows[i].depends)
			continue;
		fprintf(f, "%s `%s` %s here, %s at x16", shown++ ? ";" : "",
			rows[i].c->cell->variant, verdict_text(rows[i].v[0]),
			rows[i].at[REPRICE_N - 1] ? verdict_text(rows[i].v[REPRICE_N - 1]) :
			"not priced");
	}
	fputs(". So the data decides the slot count only for a machine of this size.", f);
}

static void slots_text(FILE *f, const struct report *r, const struct answer *a,
		       const struct answer_part *p)
{
	const struct tally *t = &a->groups[RFC3_BASELINE].t;
	const struct tally *tr = &a->groups[RFC3_REFERENCE].t;
	char more[400];

	runs_needed_text(more, sizeof(more), &p->more);
	if (tally_tested(tr)) {
		fputs("against each family's reference (Hodges-Lehmann change, verdict "
		      "after Holm in the family):", f);
		reference_clauses(f, r, a);
		if (tally_tested(t))
			fputs(" Against baseline:", f);
	}
	switch (p->cls) {
	case ANSWER_NO_DATA:
		fputs("not decided: no slot setting of the family has data in this store.", f);
		break;
	case ANSWER_DIFFERS:
		fprintf(f, "the slot settings matter: %d settings better and %d worse than "
			"baseline (improvement factors %.3f to %.3f); the heat map shows which.",
			t->better, t->worse, t->worst, t->best);
		break;
	case ANSWER_EQUIVALENT:
		fputs("no slot setting measured differs from baseline beyond the declared "
		      "margin.", f);
		break;
	case ANSWER_UNDECIDED:
		fprintf(f, "not decided between the slot settings: none of the %d settings "
			"differs after Holm, %d equivalent within the margin (improvement factors "
			"%.3f to %.3f)%s%s.", tally_tested(t), t->equivalent, t->worst, t->best,
			more[0] ? "; " : "", more);
		break;
	default:
		break;
	}
	if (a->policies == POLICIES_ONE)
		fprintf(f, " Eviction policy: only `%s` was measured, so the data cannot compare "
			"policies.", a->policy);
	else if (a->policies == POLICIES_NONE_NAMED)
		fputs(" Eviction policy: no variant of the family names one.", f);
	if (a->dynamic_measured)
		fputs(" Static against dynamic sizing: the dynamic-size variant is compared "
		      "above.", f);
	else
		fputs(" Static against dynamic sizing: not measured (no dynamic-size variant), "
		      "so the data cannot decide it.", f);
	machine_dependence(f, r, a);
}

/* " Families counted: `no-cache`, `pathology-no-cache`.": where the counts come from. */
static void families_counted(FILE *f, const struct report *r, const struct answer *a,
			     const struct answer_part *p)
{
	int n = 0;

	if (p->cls == ANSWER_NO_FAMILY || p->cls == ANSWER_NO_RT_AXIS)
		return;
	for (size_t k = 0; k < a->nfams; k++) {
		size_t bit = (size_t)(a->fams[k] - r->families);

		if (bit >= 64 || !(p->t.families >> bit & 1))
			continue;
		fprintf(f, "%s`%s`", n++ ? ", " : " Families counted: ", a->fams[k]->id);
	}
	if (n)
		fputc('.', f);
}

void answer_sentence(FILE *f, const struct report *r, const struct answer *a, size_t part)
{
	const struct answer_part *p = &a->parts[part];
	const struct tally *t = &p->t;

	if (p->cls == ANSWER_NOT_HERE) {
		not_here_text(f, p);
	} else if (p->cls == ANSWER_NO_RT_AXIS) {
		fputs("the data cannot decide: no run in this store used a PREEMPT_RT kconfig "
		      "axis (a kconfig "
		      "axis named with \"rt\" setting CONFIG_PREEMPT_RT=y). Measuring baseline and "
		      "the candidate designs on such an axis would show whether the designs' "
		      "gains survive there.", f);
	} else if (p->cls == ANSWER_NO_FAMILY) {
		fputs("not decided: no confirmatory family answers this question for the "
		      "profiles in this store (declare one under `$.profiles.NAME.families` in "
		      "matrix.json before the runs).", f);
		if (t->lines)
			fprintf(f, " Descriptively: better in %d, worse in %d, equivalent in %d, "
				"inconclusive in %d of the %d lines above.", t->better, t->worse,
				t->equivalent, t->inconclusive, t->lines);
	} else if (!strcmp(a->question, "rfc2")) {
		net_or_general_text(f, a, p);
	} else if (!strcmp(a->question, "rfc3")) {
		slots_text(f, r, a, p);
	} else {
		const struct phrases *ph = phrases_of(a, part);
		static const struct phrases none = { "", 0, NULL, "better", "worse",
						     "equivalent", NULL };

		family_answer_text(f, p, ph ? ph : &none);
	}
	other_verdict(f, r, p);
	families_counted(f, r, a, p);
}

void deciding_sentence(FILE *f, const struct report *r, const struct answer_part *p)
{
	const struct comparison *c = p->deciding;
	const char *tp = workload_tenant_param(c->cell->workload);
	double x = cell_param(c->cell, tp);
	char at[96], delta[96], adj[96];

	at[0] = '\0';
	if (!isnan(x))
		snprintf(at, sizeof(at), " at %s=%g", tp, x);
	/* the centre of the interval shown, as the runs-per-cell sentences quote it */
	fprintf(f, "`%s` vs %s, %s%s, %s: %s (Hodges-Lehmann), **%s** (%s), n = %zu vs %zu",
		c->cell->variant, c->base->variant, c->cell->workload, at,
		metric_defs[c->metric].label,
		fmt_delta(delta, sizeof(delta), planning_ratio(c), &c->ci), verdict_word(r, c),
		fmt_adjusted(adj, sizeof(adj), r, c), c->cell->metrics[c->metric].n,
		c->base->metrics[c->metric].n);
	/* what the verdict was sized on: its margin and the 90% interval */
	if (!isnan(c->margin) && c->tost.valid)
		fprintf(f, "; margin ±%g%%, 90%% interval [%+.1f%%, %+.1f%%]", c->margin * 100,
			(c->tost.lo - 1) * 100, (c->tost.hi - 1) * 100);
	if (!isnan(p->deciding_share))
		fprintf(f, "; the change is larger than `%s`'s charge share there (%.1f%%), so "
			"most of it is receive work outside the charge functions, not the charge "
			"path's own %s", p->deciding_whose->variant, p->deciding_share * 100,
			p->deciding_whose == c->base ? "saving" : "cost");
}
