// SPDX-License-Identifier: GPL-2.0
/*
 * The decision summary: the RFC's four questions and the article's three
 * designs.  Each is answered by the confirmatory families matrix.json
 * declares for it (report_family_lines.c): Holm within the family,
 * five outcomes against the stated margin, and where nothing decides,
 * the runs per cell that would.  The descriptive comparisons follow,
 * labelled so (Benjamini-Hochberg over all of them); they decide nothing.
 * A question without a family is stated as not decided.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_forest.h"
#include "family_spec.h"
#include "report_evidence.h"
#include "report_format.h"
#include "report_md.h"

#define MAX_FAMILIES 16

/* Which workloads a part of a question is about. */
enum scope { ANY_WORKLOAD, RECEIVE, BEYOND_RECEIVE };

/* Which family members a part of a question is about. */
struct pick {
	const char *const *variants;	/* NULL-terminated; NULL: any */
	enum scope scope;
};

static int picked(const struct report *r, const struct comparison *c, const void *arg)
{
	const struct pick *p = arg;
	int named = !p->variants;

	(void)r;
	for (const char *const *v = p->variants; v && *v && !named; v++)
		named = !strcmp(*v, c->cell->variant);
	if (!named)
		return 0;
	if (p->scope == ANY_WORKLOAD)
		return 1;
	return workload_is_receive(c->cell->workload) == (p->scope == RECEIVE);
}

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
	const char *tp = workload_tenant_param(workload);

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

/* One descriptive line at the most tenants, unless its family listed it. */
static void evidence(FILE *f, const struct report *r, struct tally *t, const char *variant,
		     const char *workload, const char *path, const char *timing, int rt)
{
	const struct comparison *c = headline(r, variant, workload, path, timing, rt);
	int m = metric_index(workload, path);

	if (m < 0 || (c && c->family >= 0))
		return;
	if (!c) {
		/* not measured here: counted into one sentence, never a line */
		t->no_data++;
		return;
	}
	comparison_line(f, r, c);
	tally_add(t, r, c);
}

static void descriptive_head(FILE *f, const struct report *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ncmp; i++)
		n += r->cmp[i].family < 0 && !isnan(r->cmp[i].p_adj);
	fprintf(f, "  Descriptive evidence (in no family: Benjamini-Hochberg over this "
		"report's %zu descriptive comparisons; it decides nothing), at the most "
		"tenants measured:\n", n);
}

/* The descriptive lines, held until it is known whether any has data. */
struct descriptive {
	FILE *g;
	char *buf;
	size_t len;
};

/* Where the descriptive lines go: memory, or f itself if memory fails. */
static FILE *descriptive_open(struct descriptive *ds, FILE *f)
{
	ds->buf = NULL;
	ds->len = 0;
	ds->g = open_memstream(&ds->buf, &ds->len);
	return ds->g ? ds->g : f;
}

/* The lines under their heading if any; what was not measured in one sentence. */
static void descriptive_close(FILE *f, const struct report *r, struct descriptive *ds,
			      const struct tally *d)
{
	if (ds->g && !fclose(ds->g) && ds->len) {
		descriptive_head(f, r);
		fwrite(ds->buf, 1, ds->len, f);
	}
	free(ds->buf);
	if (d->no_data)
		fprintf(f, "  Not measured in this store: %d descriptive comparison%s (the "
			"design, workload or timing mode has no runs here).\n", d->no_data,
			d->no_data > 1 ? "s" : "");
}

/* The answer of a question no family answers: a summary, not a decision. */
static void undeclared(FILE *f, const struct tally *t)
{
	fputs("\n  **Answer:** not decided: no confirmatory family answers this question "
	      "for the profiles in this store (declare one under "
	      "`$.profiles.NAME.families` in matrix.json before the runs).", f);
	if (t->lines)
		fprintf(f, " Descriptively: better in %d, worse in %d, equivalent in %d, "
			"inconclusive in %d of the %d lines above.", t->better, t->worse,
			t->equivalent, t->inconclusive, t->lines);
	fputs("\n\n", f);
}

static size_t question(FILE *f, const struct report *r, const char *id, const char *title,
		       const struct family **fams)
{
	size_t nf = families_of_question(r, id, fams, MAX_FAMILIES);
	char name[64];

	fprintf(f, "### %s\n\n", title);
	if (chart_forest_count(r, id))
		fprintf(f, "![%s: its confirmatory comparisons against their reference](%s.svg)\n\n",
			question_title(id), chart_forest_name(id, name, sizeof(name)));
	for (size_t i = 0; i < nf; i++)
		family_header(f, r, fams[i]);
	return nf;
}

static const char *const emulation_caveat =
	"Emulated CPUs hide cache-line and atomic contention costs (the LKP report "
	"of a 73.9% regression from uncached atomics was on a large machine), so "
	"KVM on a many-core host with a PMU would decide it.";

/* The receive designs' descriptive lines on one network workload. */
static void receive_evidence(FILE *g, const struct report *r, struct tally *d,
			     const char *workload, const char *timing)
{
	static const char *const designs[] = { "multi-slot", "net-batch", "atomics-only" };
	static const char *const paths[] = { "throughput_bytes_per_sec", "charges_per_mb" };

	for (size_t v = 0; v < sizeof(designs) / sizeof(designs[0]); v++)
		cost_evidence(g, r, d, designs[v], workload, timing, 0);
	for (size_t v = 0; v < sizeof(designs) / sizeof(designs[0]); v++)
		for (size_t k = 0; k < sizeof(paths) / sizeof(paths[0]); k++)
			evidence(g, r, d, designs[v], workload, paths[k], timing, 0);
}

static void q_keep_stock(FILE *f, const struct report *r, const char **modes, size_t nm)
{
	static const char *const multi[] = { "multi-slot", "net-batch", NULL };
	static const char *const none[] = { "atomics-only", NULL };
	static const char *const receive[] = { "rx-mixed", "sendfile-clients" };
	const struct pick pm = { multi, ANY_WORKLOAD }, pn = { none, ANY_WORKLOAD };
	const struct family *fams[MAX_FAMILIES];
	struct tally gen = { 0 }, no = { 0 }, d = { 0 };
	struct descriptive ds;
	FILE *g;
	size_t nf = question(f, r, "rfc1", "RFC 1. Keep the single-memcg per-CPU stock at "
			     "all?", fams);

	if (nf) {
		gen.part = "multi-memcg designs";
		no.part = "no cache: atomics-only";
		fputs("  What a multi-memcg cache gains over the single-memcg stock:\n", f);
		family_lines(f, r, fams, nf, picked, &pm, &gen);
		family_answer(f, r, &gen, "evolve it: a multi-memcg cache beats the "
			      "single-memcg stock", "keep it as it is: the multi-memcg designs "
			      "measured do worse", "the multi-memcg designs neither gain nor lose "
			      "beyond the margin, so the data gives no reason to replace the stock",
			      "Higher tenant counts would show more of what a multi-memcg cache "
			      "can gain.");
		fputs("  What the stock buys over no cache at all:\n", f);
		family_lines(f, r, fams, nf, picked, &pn, &no);
		family_answer(f, r, &no, "the data does not show the stock is needed "
			      "(atomics-only does better)", "some per-CPU caching earns its keep: "
			      "without it (atomics-only) the design does worse", "atomics-only is "
			      "equivalent within the margin: the stock buys nothing measurable here",
			      emulation_caveat);
	}
	g = descriptive_open(&ds, f);
	for (size_t i = 0; i < nm; i++)
		for (size_t w = 0; w < sizeof(receive) / sizeof(receive[0]); w++)
			receive_evidence(g, r, &d, receive[w], modes[i]);
	descriptive_close(f, r, &ds, &d);
	if (!nf)
		undeclared(f, &d);
	else
		fputc('\n', f);
}

/* RFC 2's answer from the tallies of the batch, the general cache and beyond receive. */
static void net_or_general(FILE *f, const struct report *r, const struct tally *net,
			   const struct tally *gen, const struct tally *other)
{
	struct tally both = *net;
	char more[400];

	tally_merge(&both, gen);
	would_decide(more, sizeof(more), r, &both);
	fputs("\n  **Answer (confirmatory):** ", f);
	if (!tally_tested(net) || !tally_tested(gen))
		fputs("not decided: it needs network-receive comparisons of both net-batch "
		      "and multi-slot against baseline in a family.", f);
	else if (net->better && !gen->better) {
		fputs("on network receive only the network-specific batch is better than "
		      "baseline: the data favours net-batch for receive.", f);
		gain_caveat(f, net);
	} else if (gen->better && !net->better) {
		fputs("on network receive only the general cache is better than baseline: "
		      "the data favours the general design.", f);
		gain_caveat(f, gen);
	}
	else if (gen->better && net->better)
		fprintf(f, "both beat baseline on network receive (best gains %+.1f%% net-batch, "
			"%+.1f%% multi-slot); %s", (net->best - 1) * 100, (gen->best - 1) * 100,
			other->better ? "the general cache also helps the non-network workloads, "
			"which the batch cannot: the data favours the general design." :
			"the data cannot separate them on receive, and shows no gain of the "
			"general cache elsewhere.");
	else if (net->equivalent == tally_tested(net) && gen->equivalent == tally_tested(gen))
		fputs("neither changes receive beyond the declared margin: on performance the "
		      "data gives no reason to prefer one.", f);
	else
		fprintf(f, "not decided: neither is better than baseline on network receive%s%s.",
			more[0] ? "; " : "", more);
	if (net->worse)
		fprintf(f, " net-batch is worse than baseline in %d comparison%s.", net->worse,
			net->worse > 1 ? "s" : "");
	if (gen->worse)
		fprintf(f, " multi-slot is worse than baseline in %d comparison%s.", gen->worse,
			gen->worse > 1 ? "s" : "");
	fputs("\n\n", f);
	if (tally_tested(net) && tally_tested(gen))
		deciding_line(f, r, &both);
}

static const char *const rfc2_variants[] = {
	"net-batch", "net-batch-keepstock", "multi-slot", "multi-slot-clamp", NULL
};

static void q_net_or_general(FILE *f, const struct report *r, const char **modes, size_t nm)
{
	static const char *const nb[] = { "net-batch", NULL };
	static const char *const ms[] = { "multi-slot", NULL };
	const struct pick pnet = { nb, ANY_WORKLOAD }, pgen = { ms, RECEIVE };
	static const char *const keep[] = { "net-batch-keepstock", NULL };
	const struct pick pother = { ms, BEYOND_RECEIVE }, pdev = { keep, RECEIVE };
	const struct family *fams[MAX_FAMILIES];
	struct tally net = { 0 }, gen = { 0 }, other = { 0 }, dev = { 0 }, d = { 0 };
	struct descriptive ds;
	FILE *g;
	size_t nf = question(f, r, "rfc2", "RFC 2. A network-specific batch, or a general "
			     "multi-memcg cache?", fams);

	if (nf) {
		family_lines(f, r, fams, nf, picked, &pnet, &net);
		family_lines(f, r, fams, nf, picked, &pgen, &gen);
		/* a deviation of a design is shown, never counted as the design */
		family_lines(f, r, fams, nf, picked, &pdev, &dev);
		if (dev.lines)
			fputs("  (the lines of `net-batch-keepstock` above are a labelled deviation, "
			      "not the RFC: they do not enter the answer)\n", f);
		fputs("  Beyond network receive (a network-only batch cannot help these):\n", f);
		family_lines(f, r, fams, nf, picked, &pother, &other);
		if (!other.lines)
			fputs("  - none: its family has no multi-slot comparison beyond network receive "
			      "here\n", f);
		net_or_general(f, r, &net, &gen, &other);
	}
	pass_shape_block(f, r, rfc2_variants);
	g = descriptive_open(&ds, f);
	for (size_t i = 0; i < nm; i++) {
		cost_evidence(g, r, &d, "multi-slot", "fault-mix", modes[i], 0);
		cost_evidence(g, r, &d, "multi-slot", "kmem-mix", modes[i], 0);
		evidence(g, r, &d, "multi-slot", "fault-mix", "faults_per_sec", modes[i], 0);
		evidence(g, r, &d, "multi-slot", "kmem-mix", "ops_per_sec", modes[i], 0);
	}
	descriptive_close(f, r, &ds, &d);
	if (!nf)
		undeclared(f, &d);
	else
		fputc('\n', f);
}

/* Whether comparison c is in one of the families fams. */
static int in_families(const struct report *r, const struct comparison *c,
		       const struct family **fams, size_t nf)
{
	for (size_t k = 0; k < nf; k++)
		if (c->family == (int)(fams[k] - r->families))
			return 1;
	return 0;
}

static int slot_variant(const struct variant_info *vi)
{
	return vi->knobs || !strcmp(vi->name, "multi-slot");
}

/* The eviction policies the families' variants ran: one sentence on what can be compared. */
static void policies_said(FILE *f, const struct report *r, const struct family **fams,
			  size_t nf)
{
	const char *seen[8];
	size_t n = 0, members = 0;

	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];
		const struct variant_info *v;
		const char *p;
		int in = in_families(r, c, fams, nf);

		members += in;
		v = in ? variant_find(r, c->cell->variant) : NULL;
		p = v ? json_string_value(json_object_get(v->knobs, "policy")) : NULL;
		for (size_t k = 0; p && k < n; k++)
			if (!strcmp(seen[k], p))
				p = NULL;
		if (p && n < 8)
			seen[n++] = p;
	}
	if (!members)
		return;
	if (n == 1)
		fprintf(f, " Eviction policy: only `%s` was measured, so the data cannot compare "
			"policies.", seen[0]);
	else if (!n)
		fputs(" Eviction policy: no variant of the family names one.", f);
}

/* Members compared with baseline (arg NULL) or with a family's named reference (arg set). */
static int against(const struct report *r, const struct comparison *c, const void *arg)
{
	(void)r;
	return !strcmp(c->base->variant, BASELINE_VARIANT) == !arg;
}

/* The comparisons of one test of a family with one verdict: "`v` +1.2%, `w` -3.4%". */
static int verdict_group(FILE *f, const struct report *r, const struct family *fam,
			 const struct family_part *p, enum verdict v, int printed)
{
	int index = (int)(fam - r->families), n = 0;

	for (size_t j = 0; j < r->ncmp; j++) {
		const struct comparison *c = &r->cmp[j];
		char delta[96];

		if (c->family != index || c->metric != (size_t)p->metric || c->verdict != v ||
		    strcmp(c->cell->workload, p->workload))
			continue;
		if (!n++)
			fprintf(f, "%s **%s**: ", printed ? ";" : "", verdict_word(r, c));
		else
			fputs(", ", f);
		fprintf(f, "`%s` %s", c->cell->variant,
			fmt_delta(delta, sizeof(delta), isnan(c->ratio_hl) ? c->ratio : c->ratio_hl,
				  NULL));
	}
	return n;
}

/*
 * The families' comparisons against a named reference, by test and then by
 * verdict (losses first), each with its Hodges-Lehmann change.
 */
static void reference_clauses(FILE *f, const struct report *r, const struct family **fams,
			      size_t nf)
{
	static const enum verdict order[] = {
		VERDICT_WORSE, VERDICT_WORSE_WITHIN, VERDICT_BETTER, VERDICT_BETTER_WITHIN,
		VERDICT_EQUIVALENT, VERDICT_INCONCLUSIVE, VERDICT_INVALID, VERDICT_UNTRUSTED,
		VERDICT_NOT_TESTED, VERDICT_NA,
	};
	int parts = 0;

	for (size_t k = 0; k < nf; k++) {
		const struct family *fam = fams[k];
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
			fprintf(f, "%s %s against `%s`, %s", parts++ ? "." : "", fam->id, ref,
				p->workload);
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

/* Whether a family of the question compares a dynamic-size variant (knobs.sizing). */
static int dynamic_measured(const struct report *r, const struct family **fams, size_t nf)
{
	for (size_t i = 0; i < r->ncmp; i++) {
		const struct variant_info *v = variant_find(r, r->cmp[i].cell->variant);
		const char *sizing = v ? json_string_value(json_object_get(v->knobs, "sizing")) :
			NULL;

		if (sizing && !strcmp(sizing, "dynamic") && in_families(r, &r->cmp[i], fams, nf))
			return 1;
	}
	return 0;
}

static void q_slots(FILE *f, const struct report *r, const char **modes, size_t nm)
{
	const struct family *fams[MAX_FAMILIES];
	struct tally t = { 0 }, tr = { 0 }, d = { 0 };
	struct descriptive ds;
	FILE *g;
	size_t nf = question(f, r, "rfc3", "RFC 3. If multi-memcg: how many slots, static or "
			     "dynamic, which eviction policy?", fams);
	char more[400];

	if (nf) {
		family_lines(f, r, fams, nf, against, NULL, &t);
		family_lines(f, r, fams, nf, against, "", &tr);
		would_decide(more, sizeof(more), r, &t);
		fputs("\n  **Answer (confirmatory):** ", f);
		if (tally_tested(&tr)) {
			fputs("against each family's reference (Hodges-Lehmann change, verdict "
			      "after Holm in the family):", f);
			reference_clauses(f, r, fams, nf);
			if (tally_tested(&t))
				fputs(" Against baseline:", f);
		}
		if (!tally_tested(&t)) {
			if (!tally_tested(&tr))
				fputs("not decided: no slot setting of the family has data in this "
				      "store.", f);
		} else if (t.better || t.worse)
			fprintf(f, "the slot settings matter: %d settings better and %d worse "
				"than baseline (improvement factors %.3f to %.3f); the heat map "
				"shows which.", t.better, t.worse, t.worst, t.best);
		else if (t.equivalent == tally_tested(&t))
			fputs("no slot setting measured differs from baseline beyond the declared "
			      "margin.", f);
		else
			fprintf(f, "not decided between the slot settings: none of the %d "
				"settings differs after Holm, %d equivalent within the margin "
				"(improvement factors %.3f to %.3f)%s%s.", tally_tested(&t),
				t.equivalent, t.worst, t.best, more[0] ? "; " : "", more);
		policies_said(f, r, fams, nf);
		if (dynamic_measured(r, fams, nf))
			fputs(" Static against dynamic sizing: the dynamic-size variant is "
			      "compared above.\n\n", f);
		else
			fputs(" Static against dynamic sizing: not measured (no dynamic-size "
			      "variant), so the data cannot decide it.\n\n", f);
		if (tally_tested(&tr))
			deciding_line(f, r, &tr);
		else if (tally_tested(&t))
			deciding_line(f, r, &t);
	}
	g = descriptive_open(&ds, f);
	for (size_t v = 0; v < r->nvariants; v++)
		for (size_t i = 0; slot_variant(&r->variants[v]) && i < nm; i++) {
			cost_evidence(g, r, &d, r->variants[v].name, "rx-mixed", modes[i], 0);
			evidence(g, r, &d, r->variants[v].name, "rx-mixed",
				 "throughput_bytes_per_sec", modes[i], 0);
			/* the mechanism: what the slots save in page-counter traffic */
			evidence(g, r, &d, r->variants[v].name, "rx-mixed", "charges_per_mb",
				 modes[i], 0);
		}
	descriptive_close(f, r, &ds, &d);
	if (!nf)
		undeclared(f, &d);
	else
		fputc('\n', f);
}

static void q_rt(FILE *f, const struct report *r, const char **modes, size_t nm)
{
	const struct family *fams[MAX_FAMILIES];
	struct tally t = { 0 }, d = { 0 };
	struct descriptive ds;
	FILE *g;
	size_t nf = question(f, r, "rfc4", "RFC 4. Does throughput matter on PREEMPT_RT?", fams);
	int rt = 0;

	for (size_t i = 0; i < r->ncmp && !rt; i++)
		rt = !strcmp(r->cmp[i].cell->workload, "rx-mixed") &&
		     strstr(r->cmp[i].cell->kconfig, "rt");
	if (!rt && !nf) {
		fputs("  **Answer:** the data cannot decide: no run used a PREEMPT_RT kconfig "
		      "axis (a kconfig axis named with \"rt\" setting CONFIG_PREEMPT_RT=y). "
		      "Measuring baseline and the candidate designs on such an axis would show "
		      "whether the designs' gains survive there.\n\n", f);
		return;
	}
	if (nf) {
		family_lines(f, r, fams, nf, NULL, NULL, &t);
		family_answer(f, r, &t, "on PREEMPT_RT the designs still change it "
			      "measurably", "on PREEMPT_RT the designs cost it", "on PREEMPT_RT "
			      "no design measured changes it beyond the declared margin", NULL);
	}
	g = descriptive_open(&ds, f);
	for (size_t v = 0; v < r->nvariants; v++)
		for (size_t i = 0; i < nm; i++) {
			cost_evidence(g, r, &d, r->variants[v].name, "rx-mixed", modes[i], 1);
			if (headline(r, r->variants[v].name, "rx-mixed",
				     "throughput_bytes_per_sec", modes[i], 1))
				evidence(g, r, &d, r->variants[v].name, "rx-mixed",
					 "throughput_bytes_per_sec", modes[i], 1);
		}
	descriptive_close(f, r, &ds, &d);
	if (!nf)
		undeclared(f, &d);
	else
		fputc('\n', f);
}

static void q_variant(FILE *f, const struct report *r, const char **modes, size_t nm,
		      const char *id, const char *title, const char *variant,
		      const char *yes, const char *no, const char *same, const char *extra)
{
	static const struct { const char *workload, *path; } probes[] = {
		{ "rx-mixed", "throughput_bytes_per_sec" },
		{ "rx-mixed", "charges_per_mb" },
		{ "sendfile-clients", "throughput_bytes_per_sec" },
		{ "kmem-mix", "ops_per_sec" },
		{ "fault-mix", "faults_per_sec" },
	};
	static const char *const costed[] = {
		"rx-mixed", "sendfile-clients", "kmem-mix", "fault-mix"
	};
	const char *const names[] = { variant, NULL };
	const struct pick p = { names, ANY_WORKLOAD };
	const struct family *fams[MAX_FAMILIES];
	struct tally t = { 0 }, d = { 0 };
	struct descriptive ds;
	FILE *g;
	size_t nf = question(f, r, id, title, fams);

	if (nf) {
		family_lines(f, r, fams, nf, picked, &p, &t);
		family_answer(f, r, &t, yes, no, same, extra);
	}
	g = descriptive_open(&ds, f);
	for (size_t i = 0; i < nm; i++) {
		for (size_t k = 0; k < sizeof(costed) / sizeof(costed[0]); k++)
			cost_evidence(g, r, &d, variant, costed[k], modes[i], 0);
		for (size_t k = 0; k < sizeof(probes) / sizeof(probes[0]); k++)
			evidence(g, r, &d, variant, probes[k].workload, probes[k].path,
				 modes[i], 0);
	}
	descriptive_close(f, r, &ds, &d);
	if (!nf)
		undeclared(f, &d);
	else
		fputc('\n', f);
}

void md_decisions(FILE *f, const struct report *r)
{
	const char *modes[8];
	size_t nm = timing_modes(r, modes, 8);

	fprintf(f, "## Decision summary\n\nEach question is answered by its confirmatory "
		"families: the comparisons matrix.json declares for it before the runs "
		"(`$.profiles.NAME.families`: the variants, the primary metric, the tenant "
		"counts), with Holm's correction within each family. Each comparison with "
		"baseline (or with the reference variant its family names) gets one of five "
		"outcomes: **better** or **worse** (adjusted p < "
		"%.2f, the effect beyond the margin the profile states for the metric), "
		"**better within margin** or **worse within margin** (significant, but "
		"smaller than the margin: never called equivalent, and a loss is a "
		"regression), **equivalent** (not significant, and the %.0f%% Hodges-Lehmann "
		"interval of the ratio lies inside the margin: two one-sided tests at "
		"%.0f%%), or **inconclusive**; where nothing decides, the runs per cell that would are "
		"given, from the noise measured (the A/A cells where present). Every other "
		"comparison is descriptive: Benjamini-Hochberg over all of them, labelled so, "
		"and it decides nothing. A comparison that cannot differ is not tested (a "
		"metric zero by construction, or zero in every run of both cells), and a "
		"metric with no real measurement is \"no data\", never 0. The ratio is of "
		"medians, with the Hodges-Lehmann interval of the factor and its coverage in "
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
	q_keep_stock(f, r, modes, nm);
	q_net_or_general(f, r, modes, nm);
	q_slots(f, r, modes, nm);
	q_rt(f, r, modes, nm);
	q_variant(f, r, modes, nm, "article1", "Article 1. Plain atomics, no per-CPU cache, as "
		  "the baseline to beat", "atomics-only",
		  "atomics-only does better here and could serve as the baseline",
		  "atomics-only is measurably worse: the per-CPU cache is worth its complexity",
		  "atomics-only is equivalent to the stock within the margin here and could "
		  "serve as the baseline", emulation_caveat);
	q_variant(f, r, modes, nm, "article2", "Article 2. Split task/irq stocks (no irq "
		  "disabling on the task path)", "split-stock",
		  "the split stock helps", "the split stock costs",
		  "the split stock is equivalent to the single stock within the margin",
		  "This matches the 2022 revert's finding of no benefit only as far as this "
		  "timing mode can see: irq-disable cost and PREEMPT_RT behaviour need KVM "
		  "and an RT axis.");
	q_variant(f, r, modes, nm, "article3", "Article 3. A local-lock objcg (byte) stock",
		  "objcg-locallock", "the local-lock obj stock helps",
		  "the local-lock obj stock costs",
		  "the local-lock obj stock is equivalent to the shared one within the margin",
		  "Upstream measured changes under 1-4% for the same change; differences "
		  "that small need many repetitions under icount or KVM.");
	md_regressions(f, r);
}
