// SPDX-License-Identifier: GPL-2.0
/*
 * The decision questions answered, once: the RFC's four and the article's
 * three designs.  Each is answered by the confirmatory families
 * matrix.json declares for it (Holm within the family, five outcomes
 * against the stated margin, and where nothing decides, the runs per cell
 * that would); a question without a family is not decided, and only its
 * descriptive counts are given.  The descriptive comparisons shown beside
 * each are chosen here too (evidence.c); they decide nothing.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "answers.h"
#include "family_spec.h"
#include "upstream_calibration.h"

int member_picked(const struct member_pick *p, const struct comparison *c)
{
	int named = !p->variants;

	for (const char *const *v = p->variants; v && *v && !named; v++)
		named = !strcmp(*v, c->cell->variant);
	if (!named)
		return 0;
	if (p->against != AGAINST_ANY &&
	    !strcmp(c->base->variant, BASELINE_VARIANT) != (p->against == AGAINST_BASELINE))
		return 0;
	if (p->scope == SCOPE_ANY)
		return 1;
	return workload_is_receive(c->cell->workload) == (p->scope == SCOPE_RECEIVE);
}

/* The group's lines of the answer's families, tallied in the order shown. */
static void group_add(struct answer *a, const struct report *r, struct member_pick pick)
{
	struct answer_group *g = &a->groups[a->ngroups++];
	struct family_walk w;
	const struct comparison *c;

	*g = (struct answer_group){ .pick = pick };
	family_walk_start(&w, r, a->fams, a->nfams);
	while ((c = family_walk_next(&w)))
		if (member_picked(&pick, c))
			tally_add(&g->t, r, c);
}

static struct answer_part *part_new(struct answer *a, const struct tally *t)
{
	struct answer_part *p = &a->parts[a->nparts++];

	*p = (struct answer_part){ .t = *t, .beyond_share = NAN, .deciding_share = NAN };
	return p;
}

/* A class that says better or worse: what a regime the runs lack would void. */
static int decided(enum answer_class cls)
{
	switch (cls) {
	case ANSWER_BETTER: case ANSWER_WORSE: case ANSWER_TRADE_OFF: case ANSWER_DIFFERS:
	case ANSWER_NET_BATCH: case ANSWER_GENERAL: case ANSWER_BOTH:
		return 1;
	default:
		return 0;
	}
}

/* A change larger than baseline's charge share, gain or loss alike: not the charge path's. */
static void beyond_share(struct answer_part *p, const struct comparison *c)
{
	const struct cell *whose = NULL;
	double share = c ? beyond_charge_share(c, &whose) : NAN;

	if (isnan(share) || (p->regime & REGIME_BEYOND_SHARE))
		return;
	p->regime |= REGIME_BEYOND_SHARE;
	p->beyond = c;
	p->beyond_share = share;
	p->beyond_whose = whose;
}

/* The profile's calibration on c's workload, if its gain does not rise with clients as upstream's. */
static void shape(struct answer_part *p, const struct upstream_calibration *cal, size_t ncal,
		  const struct comparison *c)
{
	for (size_t i = 0; c && i < ncal; i++) {
		struct calibration_shape s;

		if (strcmp(cal[i].profile, c->cell->profile) ||
		    strcmp(cal[i].workload, c->cell->workload))
			continue;
		calibration_shape(&cal[i], &s);
		if (!s.steps || s.upstream_rises < s.upstream_steps || s.rises == s.steps)
			continue;
		p->regime |= REGIME_SHAPE;
		p->shape = (struct regime_shape){ s.rises, s.steps, s.upstream_rises,
						  s.upstream_steps };
		return;
	}
}

/*
 * Whether the runs reproduce the regime a decided answer is about: its
 * surest gain and loss each within baseline's charge share, and where the
 * profile calibrates the workload against upstream, a gain that grows with
 * the clients as upstream's does.  Where not, the answer is "cannot decide
 * on this machine", and what the runs alone say is kept beside it.
 */
static void regime(struct answer_part *p, const struct tally *t,
		   const struct upstream_calibration *cal, size_t ncal)
{
	/*
	 * an undecided or equivalent answer is no more this machine's to give
	 * where the calibration says the regime is not here: more runs here
	 * would not decide it either
	 */
	if (decided(p->cls)) {
		beyond_share(p, t->surest_loss);
		beyond_share(p, t->surest_gain);
	} else if (p->cls != ANSWER_UNDECIDED && p->cls != ANSWER_EQUIVALENT) {
		return;
	}
	shape(p, cal, ncal, p->deciding);
	if (!p->regime)
		return;
	p->measured = p->cls;
	p->cls = ANSWER_NOT_HERE;
}

static void rest_on(struct answer_part *p, const struct tally *t)
{
	p->deciding = tally_deciding(t, &p->deciding_undecided);
	if (p->deciding)
		p->deciding_share = beyond_charge_share(p->deciding, &p->deciding_whose);
}

/* The confirmatory answer of one group's tally. */
static void family_answer(struct answer *a, const struct report *r, const struct tally *t)
{
	struct answer_part *p = part_new(a, t);
	int tested = tally_tested(t);

	runs_needed(&p->more, r, t);
	if (!t->lines)
		p->cls = ANSWER_NO_DATA;
	else if (t->invalid && !t->better && !t->worse)
		p->cls = ANSWER_GATE_FAILED;
	else if (!tested)
		p->cls = ANSWER_NONE_TESTED;
	else if (t->better && !t->worse)
		p->cls = ANSWER_BETTER;
	else if (t->worse && !t->better)
		p->cls = ANSWER_WORSE;
	else if (t->worse && t->better)
		p->cls = ANSWER_TRADE_OFF;
	else if (t->equivalent == tested)
		p->cls = ANSWER_EQUIVALENT;
	else
		p->cls = ANSWER_UNDECIDED;
	if ((t->better || t->worse) && t->inconclusive && p->more.kind != RUNS_NONE)
		p->caveats |= CAVEAT_INCONCLUSIVE_REST;
	if (t->untrusted)
		p->caveats |= CAVEAT_UNTRUSTED;
	if (t->p_sensitive)
		p->caveats |= CAVEAT_PRICE_SENSITIVE;
	if (tested)
		rest_on(p, t);
	regime(p, t, a->cal, a->ncal);
}

/* A question no family answers: its descriptive counts, not a decision. */
static void undeclared(struct answer *a)
{
	if (!a->nfams)
		part_new(a, &a->descriptive_t)->cls = ANSWER_NO_FAMILY;
}

static int receive_evidence(struct answer *a, const struct report *r, const char *workload,
			    const char *timing)
{
	static const char *const designs[] = { "multi-slot", "net-batch", "atomics-only" };
	static const char *const paths[] = { "throughput_bytes_per_sec", "charges_per_mb" };
	struct evidence_list *l = &a->descriptive;
	struct tally *t = &a->descriptive_t;
	int rc = 0;

	for (size_t v = 0; v < sizeof(designs) / sizeof(designs[0]); v++)
		rc |= evidence_cost(l, t, r, designs[v], workload, timing, 0);
	for (size_t v = 0; v < sizeof(designs) / sizeof(designs[0]); v++)
		for (size_t k = 0; k < sizeof(paths) / sizeof(paths[0]); k++)
			rc |= evidence_metric(l, t, r, designs[v], workload, paths[k], timing, 0);
	return rc;
}

static int keep_stock(struct answer *a, const struct report *r, const char **modes, size_t nm,
		      const char *const *design)
{
	static const char *const multi[] = { "multi-slot", "net-batch", NULL };
	static const char *const none[] = { "atomics-only", NULL };
	static const char *const receive[] = { "rx-mixed", "sendfile-clients" };
	int rc = 0;

	(void)design;
	if (a->nfams) {
		group_add(a, r, (struct member_pick){ multi, SCOPE_ANY, AGAINST_ANY });
		group_add(a, r, (struct member_pick){ none, SCOPE_ANY, AGAINST_ANY });
		family_answer(a, r, &a->groups[RFC1_MULTI].t);
		family_answer(a, r, &a->groups[RFC1_NONE].t);
	}
	for (size_t i = 0; i < nm; i++)
		for (size_t w = 0; w < sizeof(receive) / sizeof(receive[0]); w++)
			rc |= receive_evidence(a, r, receive[w], modes[i]);
	undeclared(a);
	return rc;
}

/* RFC 2: the batch's and the general cache's receive lines, the cache's beyond receive. */
static void net_or_general(struct answer *a, const struct report *r)
{
	const struct tally *net = &a->groups[RFC2_NET].t, *gen = &a->groups[RFC2_GENERAL].t;
	struct tally both = *net;
	struct answer_part *p;

	tally_merge(&both, gen);
	p = part_new(a, &both);
	runs_needed(&p->more, r, &both);
	if (!tally_tested(net) || !tally_tested(gen)) {
		p->cls = ANSWER_NONE_TESTED;
		return;
	}
	if (net->better && !gen->better) {
		p->cls = ANSWER_NET_BATCH;
	} else if (gen->better && !net->better) {
		p->cls = ANSWER_GENERAL;
	} else if (gen->better && net->better) {
		p->cls = ANSWER_BOTH;
	} else if (net->equivalent == tally_tested(net) && gen->equivalent == tally_tested(gen)) {
		p->cls = ANSWER_EQUIVALENT;
	} else {
		p->cls = ANSWER_UNDECIDED;
	}
	rest_on(p, &both);
	regime(p, &both, a->cal, a->ncal);
}

static int net_or_general_question(struct answer *a, const struct report *r, const char **modes,
				   size_t nm, const char *const *design)
{
	static const char *const nb[] = { "net-batch", NULL };
	static const char *const ms[] = { "multi-slot", NULL };
	static const char *const keep[] = { "net-batch-keepstock", NULL };
	struct evidence_list *l = &a->descriptive;
	struct tally *t = &a->descriptive_t;
	int rc = 0;

	(void)design;
	if (a->nfams) {
		group_add(a, r, (struct member_pick){ nb, SCOPE_ANY, AGAINST_ANY });
		group_add(a, r, (struct member_pick){ ms, SCOPE_RECEIVE, AGAINST_ANY });
		/* a deviation of a design is shown, never counted as the design */
		group_add(a, r, (struct member_pick){ keep, SCOPE_RECEIVE, AGAINST_ANY });
		group_add(a, r, (struct member_pick){ ms, SCOPE_BEYOND_RECEIVE, AGAINST_ANY });
		net_or_general(a, r);
	}
	for (size_t i = 0; i < nm; i++) {
		rc |= evidence_cost(l, t, r, "multi-slot", "fault-mix", modes[i], 0);
		rc |= evidence_cost(l, t, r, "multi-slot", "kmem-mix", modes[i], 0);
		rc |= evidence_metric(l, t, r, "multi-slot", "fault-mix", "faults_per_sec",
				      modes[i], 0);
		rc |= evidence_metric(l, t, r, "multi-slot", "kmem-mix", "ops_per_sec", modes[i], 0);
	}
	undeclared(a);
	return rc;
}

/* The eviction policies and sizings the families' variants name (their knobs). */
static void slot_knobs(struct answer *a, const struct report *r)
{
	const char *seen[8];
	size_t n = 0, members = 0;
	struct family_walk w;
	const struct comparison *c;

	family_walk_start(&w, r, a->fams, a->nfams);
	while ((c = family_walk_next(&w))) {
		const struct variant_info *v = variant_find(r, c->cell->variant);
		const char *p = v ? json_string_value(json_object_get(v->knobs, "policy")) : NULL;
		const char *sizing = v ? json_string_value(json_object_get(v->knobs, "sizing")) :
			NULL;

		members++;
		a->dynamic_measured |= sizing && !strcmp(sizing, "dynamic");
		for (size_t k = 0; p && k < n; k++)
			if (!strcmp(seen[k], p))
				p = NULL;
		if (p && n < 8)
			seen[n++] = p;
	}
	a->policies = !members ? POLICIES_NO_MEMBERS : !n ? POLICIES_NONE_NAMED :
		n == 1 ? POLICIES_ONE : POLICIES_SEVERAL;
	a->policy = n == 1 ? seen[0] : NULL;
}

static int slot_variant(const struct variant_info *vi)
{
	return vi->knobs || !strcmp(vi->name, "multi-slot");
}

static int slots(struct answer *a, const struct report *r, const char **modes, size_t nm,
		 const char *const *design)
{
	const struct tally *t, *tr;
	struct answer_part *p;
	int rc = 0;

	(void)design;
	if (a->nfams) {
		group_add(a, r, (struct member_pick){ NULL, SCOPE_ANY, AGAINST_BASELINE });
		group_add(a, r, (struct member_pick){ NULL, SCOPE_ANY, AGAINST_REFERENCE });
		t = &a->groups[RFC3_BASELINE].t;
		tr = &a->groups[RFC3_REFERENCE].t;
		p = part_new(a, t);
		runs_needed(&p->more, r, t);
		if (!tally_tested(t))
			p->cls = tally_tested(tr) ? ANSWER_NONE_TESTED : ANSWER_NO_DATA;
		else if (t->better || t->worse)
			p->cls = ANSWER_DIFFERS;
		else if (t->equivalent == tally_tested(t))
			p->cls = ANSWER_EQUIVALENT;
		else
			p->cls = ANSWER_UNDECIDED;
		slot_knobs(a, r);
		/* against the references where they decide, else against baseline */
		if (tally_tested(tr))
			rest_on(p, tr);
		else if (tally_tested(t))
			rest_on(p, t);
		regime(p, t, a->cal, a->ncal);
	}
	for (size_t v = 0; v < r->nvariants; v++)
		for (size_t i = 0; slot_variant(&r->variants[v]) && i < nm; i++) {
			const char *name = r->variants[v].name;

			rc |= evidence_cost(&a->descriptive, &a->descriptive_t, r, name, "rx-mixed",
					    modes[i], 0);
			rc |= evidence_metric(&a->descriptive, &a->descriptive_t, r, name,
					      "rx-mixed", "throughput_bytes_per_sec", modes[i], 0);
			/* the mechanism: what the slots save in page-counter traffic */
			rc |= evidence_metric(&a->descriptive, &a->descriptive_t, r, name,
					      "rx-mixed", "charges_per_mb", modes[i], 0);
		}
	undeclared(a);
	return rc;
}

static int rt(struct answer *a, const struct report *r, const char **modes, size_t nm,
	      const char *const *design)
{
	int measured = 0, rc = 0;

	(void)design;
	for (size_t i = 0; i < r->ncmp && !measured; i++)
		measured = !strcmp(r->cmp[i].cell->workload, "rx-mixed") &&
			   kconfig_is_rt(r->cmp[i].cell->kconfig);
	if (!measured && !a->nfams) {
		part_new(a, &a->descriptive_t)->cls = ANSWER_NO_RT_AXIS;
		return 0;
	}
	if (a->nfams) {
		group_add(a, r, (struct member_pick){ NULL, SCOPE_ANY, AGAINST_ANY });
		family_answer(a, r, &a->groups[0].t);
	}
	for (size_t v = 0; v < r->nvariants; v++)
		for (size_t i = 0; i < nm; i++) {
			const char *name = r->variants[v].name;

			rc |= evidence_cost(&a->descriptive, &a->descriptive_t, r, name, "rx-mixed",
					    modes[i], 1);
			if (evidence_headline(r, name, "rx-mixed", "throughput_bytes_per_sec",
					      modes[i], 1))
				rc |= evidence_metric(&a->descriptive, &a->descriptive_t, r, name,
						      "rx-mixed", "throughput_bytes_per_sec",
						      modes[i], 1);
		}
	undeclared(a);
	return rc;
}

/* The article's designs: each one variant against the stock. */
static int one_design(struct answer *a, const struct report *r, const char **modes, size_t nm,
		      const char *const *design)
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
	int rc = 0;

	if (a->nfams) {
		group_add(a, r, (struct member_pick){ design, SCOPE_ANY, AGAINST_ANY });
		family_answer(a, r, &a->groups[0].t);
	}
	for (size_t i = 0; i < nm; i++) {
		for (size_t k = 0; k < sizeof(costed) / sizeof(costed[0]); k++)
			rc |= evidence_cost(&a->descriptive, &a->descriptive_t, r, design[0],
					    costed[k], modes[i], 0);
		for (size_t k = 0; k < sizeof(probes) / sizeof(probes[0]); k++)
			rc |= evidence_metric(&a->descriptive, &a->descriptive_t, r, design[0],
					      probes[k].workload, probes[k].path, modes[i], 0);
	}
	undeclared(a);
	return rc;
}

static const char *const atomics[] = { "atomics-only", NULL };
static const char *const split[] = { "split-stock", NULL };
static const char *const locallock[] = { "objcg-locallock", NULL };

/* How each question is answered; the article's questions name their design. */
static const struct {
	const char *id;
	int (*build)(struct answer *a, const struct report *r, const char **modes, size_t nm,
		     const char *const *design);
	const char *const *design;
} rules[] = {
	{ "rfc1", keep_stock, NULL },
	{ "rfc2", net_or_general_question, NULL },
	{ "rfc3", slots, NULL },
	{ "rfc4", rt, NULL },
	{ "article1", one_design, atomics },
	{ "article2", one_design, split },
	{ "article3", one_design, locallock },
};

#define NRULES (sizeof(rules) / sizeof(rules[0]))

/* The one design a part is about, or NULL: the article's, and RFC 1's second part. */
static const char *design_of(const struct answer *a, size_t part)
{
	const struct member_pick *pick = NULL;

	if (!strncmp(a->question, "article", 7) && a->ngroups)
		pick = &a->groups[0].pick;
	else if (!strcmp(a->question, "rfc1") && part == 1 && a->ngroups > RFC1_NONE)
		pick = &a->groups[RFC1_NONE].pick;
	return pick && pick->variants && pick->variants[0] && !pick->variants[1] ?
		pick->variants[0] : NULL;
}

/* The class two answers about one design are compared by: what the runs say. */
static enum answer_class said(const struct answer_part *p)
{
	return p->cls == ANSWER_NOT_HERE ? p->measured : p->cls;
}

/*
 * Where two questions answer one design (atomics-only: RFC 1's "no cache"
 * and Article 1), their answers agree or each names the other: their
 * families differ, and so do the lines they count.
 */
static void one_verdict_per_design(struct report *r)
{
	for (size_t q = 0; q < r->nanswers; q++)
		for (size_t i = 0; i < r->answers[q].nparts; i++) {
			struct answer_part *p = &r->answers[q].parts[i];
			const char *d = design_of(&r->answers[q], i);

			for (size_t k = 0; d && k < r->nanswers; k++)
				for (size_t j = 0; k != q && j < r->answers[k].nparts; j++) {
					const struct answer_part *o = &r->answers[k].parts[j];
					const char *e = design_of(&r->answers[k], j);

					if (!e || strcmp(d, e) || said(o) == said(p) ||
					    (p->caveats & CAVEAT_OTHER_VERDICT))
						continue;
					p->caveats |= CAVEAT_OTHER_VERDICT;
					p->other_question = r->answers[k].question;
					p->other_part = j;
				}
		}
}

#define MAX_CALIBRATIONS 4

int answers_build(struct report *r)
{
	const char *modes[8];
	size_t nm = timing_modes(r, modes, 8), ncal;
	struct upstream_calibration *cal = calloc(MAX_CALIBRATIONS, sizeof(*cal));
	int rc = 0;

	r->answers = calloc(NRULES, sizeof(*r->answers));
	if (!r->answers || !cal) {
		free(cal);
		return -1;
	}
	ncal = upstream_calibrations(r, cal, MAX_CALIBRATIONS);
	r->nanswers = NRULES;
	for (size_t q = 0; q < NRULES; q++) {
		struct answer *a = &r->answers[q];

		a->question = rules[q].id;
		a->nfams = families_of_question(r, a->question, a->fams, ANSWER_MAX_FAMILIES);
		a->cal = cal;
		a->ncal = ncal;
		rc |= rules[q].build(a, r, modes, nm, rules[q].design);
		a->cal = NULL;
		a->ncal = 0;
	}
	free(cal);
	one_verdict_per_design(r);
	return rc ? -1 : 0;
}

void answers_free(struct report *r)
{
	for (size_t q = 0; q < r->nanswers; q++)
		free(r->answers[q].descriptive.v);
	free(r->answers);
	r->answers = NULL;
	r->nanswers = 0;
}

const struct answer *answer_of(const struct report *r, const char *question)
{
	for (size_t q = 0; q < r->nanswers; q++)
		if (!strcmp(r->answers[q].question, question))
			return &r->answers[q];
	return NULL;
}
