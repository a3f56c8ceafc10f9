// SPDX-License-Identifier: GPL-2.0
/*
 * The decision summary: the RFC's four questions and the article's three
 * designs, each answered from the comparisons with baseline by fixed rules
 * (Holm-significant at alpha, direction from the metric table), or stated
 * as undecidable with what would decide it.  Where runs carry the cost
 * plugin's counts, those are stated first and answer first
 * (report_cost_evidence.c); throughput follows as secondary evidence.
 */
#include <math.h>
#include <string.h>

#include "report_evidence.h"
#include "report_format.h"
#include "report_md.h"

/* Whether params of c say the cost plugin ran: its guest runs slower. */
static int plugin_on(const struct cell *c)
{
	return cell_param(c, "cost") == 1;
}

/* The comparison of variant on one metric at the most tenants in a mode. */
static const struct comparison *headline(const struct report *r, const char *variant,
					 const char *workload, const char *path,
					 const char *timing, int rt)
{
	const struct comparison *best = NULL;
	const char *tp = tenant_param_of(workload);

	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];

		if (strcmp(c->cell->variant, variant) || strcmp(c->cell->workload, workload) ||
		    strcmp(metric_defs[c->metric].path, path) ||
		    strcmp(c->cell->timing, timing) ||
		    (rt ? !strstr(c->cell->kconfig, "rt") : strcmp(c->cell->kconfig, "base")))
			continue;
		/* at equal tenants, throughput measured without the plugin attached */
		if (!best || cell_param(c->cell, tp) > cell_param(best->cell, tp) ||
		    (cell_param(c->cell, tp) == cell_param(best->cell, tp) &&
		     plugin_on(best->cell) && !plugin_on(c->cell)))
			best = c;
	}
	return best;
}

enum outcome outcome_of(const struct report *r, const struct comparison *c)
{
	const char *w;

	if (!c)
		return NO_DATA;
	w = verdict_word(r, c);
	if (!strcmp(w, "invalid"))
		return INVALID;
	if (!strcmp(w, "untrusted"))
		return UNTRUSTED;
	if (!strcmp(w, "n/a"))
		return NOT_COMPUTABLE;
	if (!strcmp(w, "~"))
		return SAME;
	return !strcmp(w, "better") ? BETTER : WORSE;
}

/* One evidence line; folds its outcome into t. */
static void evidence(FILE *f, const struct report *r, struct tally *t, const char *variant,
		     const char *workload, const char *path, const char *timing, int rt)
{
	const struct comparison *c = headline(r, variant, workload, path, timing, rt);
	int m = metric_index(workload, path);
	static const char *const new_options[] = { "rx_cpus", "cpus", "cost", NULL };
	char d[96], p[24], ph[24], at[160], set[96];
	double x;
	enum outcome o = outcome_of(r, c);

	if (m < 0)
		return;
	if (o == NO_DATA) {
		fprintf(f, "  - `%s`, %s %s (%s): no data\n", variant, workload,
			metric_defs[m].label, timing);
		return;
	}
	t->lines++;
	x = cell_param(c->cell, tenant_param_of(workload));
	if (isnan(x))
		at[0] = '\0';
	else
		snprintf(at, sizeof(at), " at %s=%g", tenant_param_of(workload), x);
	/* the run options that split cells since the cost plugin: which one this is */
	if (cell_setting(r, c->cell, c->metric, new_options, set, sizeof(set))[0])
		snprintf(at + strlen(at), sizeof(at) - strlen(at), " (%s)", set);
	fprintf(f, "  - `%s` vs baseline, %s %s%s, %s, kconfig %s: **%s**, p = %s "
		"(Holm %s), n = %zu vs %zu → %s%s\n", variant, workload,
		metric_defs[m].label, at, timing, c->cell->kconfig,
		fmt_delta(d, sizeof(d), c->ratio, &c->ci),
		fmt_p(p, sizeof(p), c->mwu.p), fmt_p(ph, sizeof(ph), c->p_holm),
		c->cell->metrics[c->metric].n, c->base->metrics[c->metric].n,
		verdict_word(r, c),
		c->min_p >= REPORT_ALPHA ? " (this n cannot reach p < 0.05)" : "");
	switch (o) {
	case BETTER: t->better++; break;
	case WORSE: t->worse++; break;
	case SAME: t->same++; break;
	case INVALID: t->invalid++; break;
	default: t->na++; break;
	}
	t->too_few += c->min_p >= REPORT_ALPHA;
	if (!isnan(c->ratio)) {
		double imp = metric_improvement(&metric_defs[m], c->ratio);

		if (t->lines == 1 || imp > t->best)
			t->best = imp;
		if (t->lines == 1 || imp < t->worst)
			t->worst = imp;
	}
}

/* The plain answer of a tally, with what would decide when nothing does. */
static void answer_body(FILE *f, const struct report *r, const struct tally *t,
			const char *yes, const char *no, const char *undecided_extra)
{
	if (t->invalid && !t->better && !t->worse)
		fputs("the data cannot decide: the variant failed the correctness gate, "
		      "its numbers are shown but not trusted.", f);
	else if (!t->lines)
		fputs("the data cannot decide: this results store has no measurement for "
		      "it; add the variant and workload to the matrix profile.", f);
	else if (t->better && !t->worse)
		fprintf(f, "%s (significantly better in %d of %d comparisons, worse in none).",
			yes, t->better, t->lines);
	else if (t->worse && !t->better)
		fprintf(f, "%s (significantly worse in %d of %d comparisons, better in none).",
			no, t->worse, t->lines);
	else if (t->worse && t->better)
		fprintf(f, "a trade-off: significantly better in %d and worse in %d of %d "
			"comparisons (lines above).", t->better, t->worse, t->lines);
	else {
		fprintf(f, "the data cannot decide: no difference is significant after Holm "
			"at α = %.2f.", REPORT_ALPHA);
		if (t->too_few)
			fprintf(f, " With these repetitions the smallest possible p is above α; "
				"about %zu runs per cell would let a clear separation pass Holm over "
				"this report's %zu comparisons.", reps_needed(r), r->ncmp);
		if (undecided_extra)
			fprintf(f, " %s", undecided_extra);
	}
}

/*
 * The answer: from the cost tally first where it has lines, then from the
 * time-based tally as secondary; from the latter alone otherwise.
 */
static void answer(FILE *f, const struct report *r, const struct tally *cost,
		   const struct tally *t, const char *yes, const char *no,
		   const char *undecided_extra)
{
	if (cost && cost->lines) {
		fputs(COST_ANSWER_LEAD, f);
		cost_answer(f, r, cost, yes, no);
		fputs(SECONDARY_ANSWER_LEAD, f);
	} else {
		fputs("\n  **Answer:** ", f);
	}
	answer_body(f, r, t, yes, no, undecided_extra);
	fputs("\n\n", f);
}

static void question(FILE *f, const char *title)
{
	fprintf(f, "### %s\n\n", title);
}

static const char *const emulation_caveat =
	"Emulated CPUs hide cache-line and atomic contention costs (the LKP report "
	"of a 73.9% regression from uncached atomics was on a large machine), so "
	"KVM on a many-core host with a PMU would decide it.";

static void q_keep_stock(FILE *f, const struct report *r, const char **modes, size_t nm)
{
	struct tally gen = { 0 }, none = { 0 }, gen_c = { 0 }, none_c = { 0 };

	question(f, "RFC 1. Keep the single-memcg per-CPU stock at all?");
	fputs("  What a multi-memcg cache gains over the single-memcg stock:\n", f);
	cost_lines_begin(f, r);
	for (size_t i = 0; i < nm; i++) {
		cost_evidence(f, r, &gen_c, "multi-slot", "rx-mixed", modes[i], 0);
		cost_evidence(f, r, &gen_c, "net-batch", "rx-mixed", modes[i], 0);
	}
	cost_lines_end(f, r, &gen_c);
	for (size_t i = 0; i < nm; i++) {
		evidence(f, r, &gen, "multi-slot", "rx-mixed", "throughput_bytes_per_sec", modes[i], 0);
		evidence(f, r, &gen, "multi-slot", "rx-mixed", "charges_per_mb", modes[i], 0);
		evidence(f, r, &gen, "net-batch", "rx-mixed", "throughput_bytes_per_sec", modes[i], 0);
	}
	fputs("  What the stock buys over no cache at all:\n", f);
	cost_lines_begin(f, r);
	for (size_t i = 0; i < nm; i++)
		cost_evidence(f, r, &none_c, "atomics-only", "rx-mixed", modes[i], 0);
	cost_lines_end(f, r, &none_c);
	for (size_t i = 0; i < nm; i++) {
		evidence(f, r, &none, "atomics-only", "rx-mixed", "throughput_bytes_per_sec",
			 modes[i], 0);
		evidence(f, r, &none, "atomics-only", "rx-mixed", "charges_per_mb", modes[i], 0);
	}
	answer(f, r, &gen_c, &gen, "evolve it: a multi-memcg cache beats the single-memcg stock",
	       "keep it as it is: the multi-memcg designs measured do worse",
	       "Higher tenant counts and more repetitions would.");
	fputs("  On dropping caching altogether:", f);
	answer(f, r, &none_c, &none, "the data does not show the stock is needed "
	       "(atomics-only is not worse)", "some per-CPU caching earns its keep: "
	       "without it (atomics-only) the receive path does worse", emulation_caveat);
}

/* RFC 2's answer from one kind of evidence (cost or time-based). */
static void net_or_general_body(FILE *f, const struct tally *net, const struct tally *gen,
				const struct tally *other)
{
	if (!net->lines || !gen->lines)
		fputs("the data cannot decide: it needs rx-mixed runs of both net-batch and "
		      "multi-slot against baseline.", f);
	else if (net->better && !gen->better)
		fputs("on rx-mixed only the network-specific batch is significantly better "
		      "than baseline: the data favours net-batch for receive.", f);
	else if (gen->better && !net->better)
		fputs("on rx-mixed only the general cache is significantly better than "
		      "baseline: the data favours the general design.", f);
	else if (gen->better && net->better)
		fprintf(f, "both beat baseline on rx-mixed (best gains %+.1f%% net-batch, "
			"%+.1f%% multi-slot); %s", (net->best - 1) * 100, (gen->best - 1) * 100,
			other->better ? "the general cache also helps the non-network workloads, "
			"which the batch cannot: the data favours the general design." :
			"the data cannot separate them on receive, and shows no gain of the "
			"general cache elsewhere.");
	else
		fputs("the data cannot decide: neither is significantly different from "
		      "baseline on rx-mixed. More tenants per receive CPU and more repetitions "
		      "would.", f);
}

static void q_net_or_general(FILE *f, const struct report *r, const char **modes, size_t nm)
{
	struct tally net = { 0 }, gen = { 0 }, other = { 0 };
	struct tally net_c = { 0 }, gen_c = { 0 }, other_c = { 0 }, rx_c;

	question(f, "RFC 2. A network-specific batch, or a general multi-memcg cache?");
	cost_lines_begin(f, r);
	for (size_t i = 0; i < nm; i++) {
		cost_evidence(f, r, &net_c, "net-batch", "rx-mixed", modes[i], 0);
		cost_evidence(f, r, &gen_c, "multi-slot", "rx-mixed", modes[i], 0);
	}
	rx_c = (struct tally){ .lines = net_c.lines + gen_c.lines };
	cost_lines_end(f, r, &rx_c);
	for (size_t i = 0; i < nm; i++) {
		evidence(f, r, &net, "net-batch", "rx-mixed", "throughput_bytes_per_sec", modes[i], 0);
		evidence(f, r, &gen, "multi-slot", "rx-mixed", "throughput_bytes_per_sec", modes[i], 0);
	}
	fputs("  Beyond network receive (a network-only batch cannot help these):\n", f);
	cost_lines_begin(f, r);
	for (size_t i = 0; i < nm; i++) {
		cost_evidence(f, r, &other_c, "multi-slot", "fault-mix", modes[i], 0);
		cost_evidence(f, r, &other_c, "multi-slot", "kmem-mix", modes[i], 0);
	}
	cost_lines_end(f, r, &other_c);
	for (size_t i = 0; i < nm; i++) {
		evidence(f, r, &other, "multi-slot", "fault-mix", "faults_per_sec", modes[i], 0);
		evidence(f, r, &other, "multi-slot", "kmem-mix", "ops_per_sec", modes[i], 0);
	}
	if (rx_c.lines) {
		fputs(COST_ANSWER_LEAD, f);
		net_or_general_body(f, &net_c, &gen_c, &other_c);
		rx_c.untrusted = net_c.untrusted + gen_c.untrusted;
		rx_c.p_sensitive = net_c.p_sensitive + gen_c.p_sensitive;
		cost_caveats(f, &rx_c);
		fputs(SECONDARY_ANSWER_LEAD, f);
	} else {
		fputs("\n  **Answer:** ", f);
	}
	net_or_general_body(f, &net, &gen, &other);
	fputs("\n\n", f);
}

/* RFC 3's answer on the slot settings from one kind of evidence. */
static void slots_body(FILE *f, int knobbed, const struct tally *t, const char *shown)
{
	if (!knobbed)
		fputs("the data cannot decide: no variant with knobs {slots, policy} in "
		      "matrix.json was measured; a slots x policy sweep of multi-slot would.", f);
	else if (!t->better && !t->worse)
		fprintf(f, "the data cannot decide between slot counts and policies: none of "
			"the %d comparisons is significant (improvement factors %.3f to %.3f); "
			"%s shows the medians.", t->lines, t->worst, t->best, shown);
	else
		fprintf(f, "slot count and policy matter: %d settings significantly better and "
			"%d worse than baseline (best factor %.3f); %s shows which.", t->better,
			t->worse, t->best, shown);
}

static int slot_variant(const struct variant_info *vi)
{
	return vi->knobs || !strcmp(vi->name, "multi-slot");
}

static void q_slots(FILE *f, const struct report *r, const char **modes, size_t nm)
{
	struct tally t = { 0 }, charges = { 0 }, cost = { 0 };
	int knobbed = 0;

	question(f, "RFC 3. If multi-memcg: how many slots, static or dynamic, which "
		 "eviction policy?");
	cost_lines_begin(f, r);
	for (size_t v = 0; v < r->nvariants; v++)
		for (size_t i = 0; slot_variant(&r->variants[v]) && i < nm; i++)
			cost_evidence(f, r, &cost, r->variants[v].name, "rx-mixed", modes[i], 0);
	cost_lines_end(f, r, &cost);
	for (size_t v = 0; v < r->nvariants; v++) {
		const struct variant_info *vi = &r->variants[v];

		if (!slot_variant(vi))
			continue;
		knobbed += vi->knobs != NULL;
		for (size_t i = 0; i < nm; i++) {
			evidence(f, r, &t, vi->name, "rx-mixed", "throughput_bytes_per_sec",
				 modes[i], 0);
			/* the mechanism: what the slots save in page-counter traffic */
			evidence(f, r, &charges, vi->name, "rx-mixed", "charges_per_mb",
				 modes[i], 0);
		}
	}
	if (cost.lines) {
		fputs(COST_ANSWER_LEAD, f);
		slots_body(f, knobbed, &cost, "the modelled-cost table");
		cost_caveats(f, &cost);
		fputs(SECONDARY_ANSWER_LEAD, f);
	} else {
		fputs("\n  **Answer:** ", f);
	}
	slots_body(f, knobbed, &t, "the heat map below");
	if (charges.lines)
		fprintf(f, " Page-counter charges per MB: %d of %d settings significantly "
			"fewer than baseline, %d more (factors %.3f to %.3f, > 1 = fewer).",
			charges.better, charges.lines, charges.worse, charges.worst,
			charges.best);
	fputs(" Static against dynamic sizing: not measured (no dynamic-size variant), so "
	      "the data cannot decide it.\n\n", f);
}

static void q_rt(FILE *f, const struct report *r, const char **modes, size_t nm)
{
	struct tally t = { 0 }, cost = { 0 };
	int rt = 0;

	question(f, "RFC 4. Does throughput matter on PREEMPT_RT?");
	for (size_t i = 0; i < r->ncmp && !rt; i++)
		rt = !strcmp(r->cmp[i].cell->workload, "rx-mixed") &&
		     strstr(r->cmp[i].cell->kconfig, "rt");
	if (rt)
		cost_lines_begin(f, r);
	for (size_t v = 0; rt && v < r->nvariants; v++)
		for (size_t i = 0; i < nm; i++)
			cost_evidence(f, r, &cost, r->variants[v].name, "rx-mixed", modes[i], 1);
	if (rt)
		cost_lines_end(f, r, &cost);
	for (size_t v = 0; v < r->nvariants; v++)
		for (size_t i = 0; i < nm; i++)
			if (headline(r, r->variants[v].name, "rx-mixed",
				     "throughput_bytes_per_sec", modes[i], 1))
				evidence(f, r, &t, r->variants[v].name, "rx-mixed",
					 "throughput_bytes_per_sec", modes[i], 1);
	if (!t.lines)
		fputs("\n  **Answer:** the data cannot decide: no run used a PREEMPT_RT kconfig "
		      "axis (a kconfig axis named with \"rt\" setting CONFIG_PREEMPT_RT=y). "
		      "Measuring baseline and the candidate designs on such an axis would show "
		      "whether the designs' gains survive there.\n\n", f);
	else if (cost.lines) {
		/* the same answer, in the words of the modelled cost */
		fputs(COST_ANSWER_LEAD, f);
		cost_answer(f, r, &cost, "on PREEMPT_RT the designs still change the "
			    "modelled cost measurably", "on PREEMPT_RT the designs cost more");
		fputs(SECONDARY_ANSWER_LEAD, f);
		answer_body(f, r, &t, "on PREEMPT_RT the designs still change throughput "
			    "measurably", "on PREEMPT_RT the designs cost throughput",
			    "The designs make no measurable throughput difference on PREEMPT_RT "
			    "here.");
		fputs("\n\n", f);
	} else
		answer(f, r, NULL, &t, "on PREEMPT_RT the designs still change throughput "
		       "measurably",
		       "on PREEMPT_RT the designs cost throughput",
		       "The designs make no measurable throughput difference on PREEMPT_RT here.");
}

static void q_variant(FILE *f, const struct report *r, const char **modes, size_t nm,
		      const char *title, const char *variant, const char *yes,
		      const char *no, const char *extra)
{
	static const struct { const char *workload, *path; } probes[] = {
		{ "rx-mixed", "throughput_bytes_per_sec" },
		{ "rx-mixed", "charges_per_mb" },
		{ "kmem-mix", "ops_per_sec" },
		{ "fault-mix", "faults_per_sec" },
	};
	static const char *const costed[] = { "rx-mixed", "kmem-mix", "fault-mix" };
	struct tally t = { 0 }, cost = { 0 };

	question(f, title);
	cost_lines_begin(f, r);
	for (size_t i = 0; i < nm; i++)
		for (size_t k = 0; k < sizeof(costed) / sizeof(costed[0]); k++)
			cost_evidence(f, r, &cost, variant, costed[k], modes[i], 0);
	cost_lines_end(f, r, &cost);
	for (size_t i = 0; i < nm; i++)
		for (size_t k = 0; k < sizeof(probes) / sizeof(probes[0]); k++)
			evidence(f, r, &t, variant, probes[k].workload, probes[k].path,
				 modes[i], 0);
	answer(f, r, &cost, &t, yes, no, extra);
}

void md_decisions(FILE *f, const struct report *r)
{
	const char *modes[8];
	size_t nm = timing_modes(r, modes, 8);

	fputs("## Decision summary\n\nEach answer follows from the comparisons listed "
	      "under it: median ratio to baseline with the Hodges-Lehmann interval of the "
	      "factor between the two and that interval's coverage in parentheses (see "
	      "[Methodology](#methodology-and-provenance)), at the "
	      "most tenants measured, Mann-Whitney p and its Holm-adjusted value over all "
	      "comparisons of this report; \"better\"/\"worse\" only when Holm p < 0.05, "
	      "\"~\" otherwise. Timing modes are never mixed in one comparison.\n\n", f);
	if (report_has_cost(r))
		fputs("Where runs carry the cost plugin's counts (cost=1), each question states "
		      "that deterministic cost evidence first and answers from it: it is the "
		      "primary cost evidence, instruction and cache-line-transfer counts in the "
		      "measured window, not time (their run-to-run spread is in [the cost model]"
		      "(#cost-model-deterministic-counts-under-the-tcg-plugin)). Throughput "
		      "and the kprobe counts follow, labelled secondary: time under "
		      "emulation carries host noise and hides cache and atomic costs.\n\n", f);
	q_keep_stock(f, r, modes, nm);
	q_net_or_general(f, r, modes, nm);
	q_slots(f, r, modes, nm);
	q_rt(f, r, modes, nm);
	q_variant(f, r, modes, nm, "Article 1. Plain atomics, no per-CPU cache, as the "
		  "baseline to beat", "atomics-only",
		  "atomics-only is not worse here and could serve as the baseline",
		  "atomics-only is measurably worse: the per-CPU cache is worth its complexity",
		  emulation_caveat);
	q_variant(f, r, modes, nm, "Article 2. Split task/irq stocks (no irq disabling "
		  "on the task path)", "split-stock",
		  "the split stock helps", "the split stock costs",
		  "This matches the 2022 revert's finding of no benefit only as far as this "
		  "timing mode can see: irq-disable cost and PREEMPT_RT behaviour need KVM "
		  "and an RT axis.");
	q_variant(f, r, modes, nm, "Article 3. A local-lock objcg (byte) stock", "objcg-locallock",
		  "the local-lock obj stock helps", "the local-lock obj stock costs",
		  "Upstream measured changes under 1-4% for the same change; differences "
		  "that small need many repetitions under icount or KVM.");
}
