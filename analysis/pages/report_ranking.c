// SPDX-License-Identifier: GPL-2.0
/*
 * The per-variant geometric-mean summary that ranks the valid variants, per
 * matrix profile, timing mode and kconfig axis.  A geomean over different
 * cells ranks nothing, so every ranked variant is summarised over the same
 * cells: of the variants' cell sets, the one that the most variants share
 * times its size (the most comparisons used); a variant that lacks one of
 * them is listed, unranked.  Each geomean carries an interval: the mean of
 * the cells' Hodges-Lehmann log intervals, each built at 1 - alpha / cells,
 * so all hold at once, and the mean between them, with at least the
 * Bonferroni coverage stated.  Where the group's cells carry the cost
 * plugin's counts, the modelled cost ranks (the primary cost evidence) and
 * throughput over the same cells is shown beside it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_evidence.h"
#include "report_format.h"
#include "report_md.h"

#define MAX_RANK_CELLS 128
#define MAX_RANK_ROWS 128

/* What a table ranks over: one workload of one profile, timing mode and axis. */
struct group {
	const char *profile, *timing, *kconfig, *workload;
};

struct cellset {
	const struct cell *base[MAX_RANK_CELLS];	/* baseline cells: one per setting */
	size_t n;
};

struct ranked {
	const struct variant_info *v;
	int complete;		/* has every ranking cell */
	size_t shared;		/* of the ranking cells, those it has */
	double geomean, lo, hi, coverage;
	size_t better, worse, equivalent, untrusted;
	double secondary;	/* cost groups: throughput over the same cells */
};

static int in_group(const struct comparison *c, const struct group *g)
{
	return !strcmp(c->cell->profile, g->profile) && !strcmp(c->cell->timing, g->timing) &&
	       !strcmp(c->cell->kconfig, g->kconfig) && !strcmp(c->cell->workload, g->workload);
}

static int usable(const struct comparison *c, const struct group *g,
		  enum metric_primary role)
{
	/* against baseline only: a family's named reference is not a ranking cell */
	return metric_defs[c->metric].primary == role && in_group(c, g) && !c->not_tested &&
	       !strcmp(c->base->variant, BASELINE_VARIANT) && planning_ratio(c) > 0 &&
	       comparison_trusted(c);
}

/* v's comparison on role at the setting of baseline cell base, or NULL. */
static const struct comparison *at(const struct report *r, const char *v,
				   const struct group *g, enum metric_primary role,
				   const struct cell *base)
{
	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];

		if (c->base == base && !strcmp(c->cell->variant, v) && usable(c, g, role))
			return c;
	}
	return NULL;
}

static void cells_of(const struct report *r, const char *v, const struct group *g,
		     enum metric_primary role, struct cellset *s)
{
	s->n = 0;
	for (size_t i = 0; i < r->ncmp && s->n < MAX_RANK_CELLS; i++) {
		const struct comparison *c = &r->cmp[i];

		if (!strcmp(c->cell->variant, v) && usable(c, g, role))
			s->base[s->n++] = c->base;
	}
}

static int covers(const struct cellset *a, const struct cellset *s)
{
	for (size_t i = 0; i < s->n; i++) {
		size_t k = 0;

		while (k < a->n && a->base[k] != s->base[i])
			k++;
		if (k == a->n)
			return 0;
	}
	return 1;
}

/*
 * The ranking cells: of the cell sets of the ranked variants not yet ranked
 * (done[v] 0), the one with the most comparisons in it.
 */
static void choose(const struct report *r, const struct group *g, enum metric_primary role,
		   const int *done, struct cellset *best)
{
	static struct cellset sets[MAX_RANK_ROWS];
	size_t nv = 0, best_count = 0;

	best->n = 0;
	for (size_t v = 0; v < r->nvariants && nv < MAX_RANK_ROWS; v++)
		if (variant_ranked(&r->variants[v]) && !done[v]) {
			cells_of(r, r->variants[v].name, g, role, &sets[nv]);
			if (sets[nv].n)
				nv++;
		}
	for (size_t i = 0; i < nv; i++) {
		size_t count = 0;

		for (size_t k = 0; k < nv; k++)
			count += covers(&sets[k], &sets[i]);
		if (sets[i].n * count > best->n * best_count ||
		    (sets[i].n * count == best->n * best_count &&
		     (count > best_count || (count == best_count && sets[i].n > best->n)))) {
			*best = sets[i];
			best_count = count;
		}
	}
}

/* The geomean over the ranking cells, with its simultaneous interval. */
static void summarise(const struct report *r, struct ranked *w, const struct group *g,
		      enum metric_primary role, const struct cellset *s)
{
	double sum = 0, lo = 0, hi = 0, miss = 0;
	int bounded = 1;

	w->geomean = w->lo = w->hi = w->coverage = NAN;
	for (size_t i = 0; i < s->n; i++) {
		const struct comparison *c = at(r, w->v->name, g, role, s->base[i]);
		const struct metric_def *d;
		const struct cell_metric *x, *b;
		struct interval ci;

		if (!c)
			return;
		d = &metric_defs[c->metric];
		x = &c->cell->metrics[c->metric];
		b = &c->base->metrics[c->metric];
		sum += log(metric_improvement(d, planning_ratio(c)));
		w->better += verdict_is_better(c->verdict);
		w->worse += verdict_is_worse(c->verdict);
		w->equivalent += c->verdict == VERDICT_EQUIVALENT;
		if (stats_ratio_interval(x->values, x->n, b->values, b->n,
					 1 - REPORT_ALPHA / (double)s->n, &ci, NULL) < 0) {
			bounded = 0;
			continue;
		}
		/* turned like the ratio: the better end is the higher one */
		lo += log(d->direction == HIGHER_IS_BETTER ? ci.lo : 1 / ci.hi);
		hi += log(d->direction == HIGHER_IS_BETTER ? ci.hi : 1 / ci.lo);
		miss += 1 - ci.coverage;
	}
	w->complete = 1;
	w->geomean = exp(sum / (double)s->n);
	if (!bounded || !s->n)
		return;
	w->lo = exp(lo / (double)s->n);
	w->hi = exp(hi / (double)s->n);
	w->coverage = fmax(0, 1 - miss);
}

static double secondary_geomean(const struct report *r, const char *v, const struct group *g,
				const struct cellset *s)
{
	double sum = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct comparison *c = at(r, v, g, PRIMARY_FALLBACK, s->base[i]);

		if (!c)
			return NAN;
		sum += log(metric_improvement(&metric_defs[c->metric], planning_ratio(c)));
	}
	return s->n ? exp(sum / (double)s->n) : NAN;
}

static int cmp_ranked(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->complete != y->complete)
		return x->complete ? -1 : 1;
	if (isnan(x->geomean) != isnan(y->geomean))
		return isnan(x->geomean) ? 1 : -1;
	return (x->geomean < y->geomean) - (x->geomean > y->geomean);
}

static void rank_word(char *buf, size_t cap, const struct ranked *w, size_t cells,
		      size_t *rank)
{
	const struct variant_info *v = w->v;

	if (!variant_ranked(v))
		snprintf(buf, cap, "%s", v->gate == GATE_INVALID ?
			 "not ranked (invalid)" : variant_is_aa(v->name) ?
			 "not ranked (A/A set)" : "not ranked (control)");
	else if (!w->complete)
		snprintf(buf, cap, "not ranked here (has %zu of the %zu cells)", w->shared,
			 cells);
	else
		snprintf(buf, cap, "%zu", ++*rank);
}

static const char *geomean_text(char *buf, size_t cap, const struct ranked *w)
{
	struct interval cov = { .coverage = w->coverage, .exact = 1 };
	char c[16];

	if (isnan(w->geomean))
		snprintf(buf, cap, "—");
	else if (isnan(w->lo))
		snprintf(buf, cap, "%.3f (no interval: n < %d in a cell)", w->geomean,
			 STATS_CI_MIN_N);
	else
		snprintf(buf, cap, "%.3f [%.3f, %.3f] (≥ %s)", w->geomean, w->lo, w->hi,
			 fmt_coverage(c, sizeof(c), &cov));
	return buf;
}

/* Whether key has the same value in every cell of the set. */
static int same_in_set(const struct cellset *s, const char *key, json_t *value)
{
	for (size_t i = 0; i < s->n; i++)
		if (!json_equal(json_object_get(s->base[i]->params_json, key), value))
			return 0;
	return 1;
}

/* "tenants=1, tenants=16 (cost=1)": each cell by the parameters that tell it apart. */
static void describe(FILE *f, const struct cellset *s)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct cell *b = s->base[i];
		const char *tp = workload_tenant_param(b->workload), *key;
		json_t *value;
		int more = 0;

		fputs(i ? ", " : "", f);
		if (!isnan(cell_param(b, tp)))
			fprintf(f, "%s=%g", tp, cell_param(b, tp));
		else
			fputs("one setting", f);
		json_object_foreach(b->params_json, key, value) {
			char *text;

			if ((tp && !strcmp(key, tp)) || same_in_set(s, key, value))
				continue;
			text = json_dumps(value, JSON_ENCODE_ANY);
			fprintf(f, "%s%s=%s", more++ ? " " : " (", key, text ? text : "?");
			free(text);
		}
		if (more)
			fputc(')', f);
	}
}

static void table(FILE *f, const struct report *r, const struct group *g, struct ranked *rows,
		  size_t n, const struct cellset *s, int costed, int first)
{
	size_t rank = 0;

	if (first)
		fprintf(f, "### profile %s, %s, timing %s, kconfig %s\n\n", g->profile,
			g->workload, g->timing, g->kconfig);
	if (first)
		fprintf(f, "Ranked on %s over the %zu cell%s of %s every variant ranked here has: ",
			costed ? "the modelled cycles (Skylake-SP)" : "the primary metric", s->n,
			s->n == 1 ? "" : "s", g->workload);
	else
		fprintf(f, "Then, the variants the cells above leave out, ranked on %s over the "
			"%zu cell%s of %s they share: ", costed ? "the modelled cycles "
			"(Skylake-SP)" : "the primary metric", s->n, s->n == 1 ? "" : "s",
			g->workload);
	describe(f, s);
	fprintf(f, ".\n\n| rank | variant | gate | geomean of gains vs baseline (>1 better) "
		"[simultaneous interval] (coverage) | better | worse | equivalent |%s\n"
		"|---|---|---|---|---|---|---|%s\n| | `baseline` | %s | 1 (reference) | | | |%s\n",
		costed ? " secondary: throughput geomean, same cells | cost cells left out "
		"(crosscheck failed) |" : "", costed ? "---|---|" : "",
		gate_word(variant_gate_on(variant_find(r, BASELINE_VARIANT), g->kconfig)),
		costed ? " | |" : "");
	for (size_t i = 0; i < n; i++) {
		const struct ranked *w = &rows[i];
		char rk[128], gm[96];

		rank_word(rk, sizeof(rk), w, s->n, &rank);
		fprintf(f, "| %s | `%s` | %s | %s | %zu | %zu | %zu |", rk, w->v->name,
			gate_word(variant_gate_on(w->v, g->kconfig)),
			geomean_text(gm, sizeof(gm), w), w->better, w->worse, w->equivalent);
		if (costed) {
			if (isnan(w->secondary))
				fputs(" no data |", f);
			else
				fprintf(f, " %.3f |", w->secondary);
			fprintf(f, " %zu |", w->untrusted);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
}

static size_t untrusted_of(const struct report *r, const char *v, const struct group *g)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];

		n += metric_defs[c->metric].primary == PRIMARY_COST && in_group(c, g) &&
		     !strcmp(c->cell->variant, v) && !comparison_trusted(c);
	}
	return n;
}

#define MAX_TIERS 4

/*
 * One table of a group: the variants not yet ranked (done[v] 0) over the
 * cells most of them share; in the first, every variant with data is
 * listed, ranked or why not. Returns how many it ranked.
 */
static size_t rank_tier(FILE *f, const struct report *r, const struct group *g,
			enum metric_primary role, int *done, int first)
{
	static struct ranked rows[MAX_RANK_ROWS];
	size_t index[MAX_RANK_ROWS];
	struct cellset s, own;
	size_t n = 0, ranked = 0;

	choose(r, g, role, done, &s);
	if (!s.n)
		return 0;
	for (size_t v = 0; v < r->nvariants && n < MAX_RANK_ROWS; v++) {
		struct ranked *w = &rows[n];

		cells_of(r, r->variants[v].name, g, role, &own);
		if (!own.n || (done[v] && !first) || (!first && !variant_ranked(&r->variants[v])))
			continue;
		*w = (struct ranked){ .v = &r->variants[v], .secondary = NAN };
		for (size_t k = 0; k < s.n; k++) {
			struct cellset one = { .base = { s.base[k] }, .n = 1 };

			w->shared += covers(&own, &one);
		}
		if (covers(&own, &s))
			summarise(r, w, g, role, &s);
		else
			w->geomean = NAN;
		if (!first && !w->complete)
			continue;
		if (role == PRIMARY_COST) {
			w->secondary = w->complete ? secondary_geomean(r, w->v->name, g, &s) : NAN;
			w->untrusted = untrusted_of(r, w->v->name, g);
		}
		index[n++] = v;
	}
	for (size_t i = 0; i < n; i++)
		if (rows[i].complete && variant_ranked(rows[i].v)) {
			done[index[i]] = 1;
			ranked++;
		}
	if (!ranked)
		return 0;
	qsort(rows, n, sizeof(rows[0]), cmp_ranked);
	table(f, r, g, rows, n, &s, role == PRIMARY_COST, first);
	return ranked;
}

static void rank_group(FILE *f, const struct report *r, const struct group *g)
{
	int done[MAX_RANK_ROWS] = { 0 };
	enum metric_primary role = PRIMARY_FALLBACK;

	for (size_t i = 0; i < r->ncmp && role == PRIMARY_FALLBACK; i++)
		if (usable(&r->cmp[i], g, PRIMARY_COST))
			role = PRIMARY_COST;
	/* a variant the first table's cells leave out is ranked over the cells it has */
	for (int t = 0; t < MAX_TIERS && r->nvariants <= MAX_RANK_ROWS; t++)
		if (!rank_tier(f, r, g, role, done, !t))
			break;
}

void md_ranking(FILE *f, const struct report *r)
{
	fputs("## Summary per variant (geometric mean)\n\n"
	      "Per matrix profile, workload, timing mode and kconfig axis (a workload ranks "
	      "the variants that ran it, over the cells they share): the geometric mean of each "
	      "variant's primary-metric ratios to baseline, turned so that > 1 is better "
	      "(throughput, faults/s, ops/s), over the same cells for every ranked variant "
	      "(the cells named above each table; a variant without all of them is listed "
	      "unranked: a geomean over other cells is not comparable). The interval beside "
	      "it holds with at least the coverage stated: each cell's Hodges-Lehmann "
	      "interval is built at 1 - 0.05 / cells, so all hold at once (Bonferroni), and "
	      "the geomean of their ends brackets the geomean of the factors. The verdicts "
	      "counted are those of the comparisons shown in the tables (confirmatory or "
	      "descriptive). Only variants that passed (or were not put through) the "
	      "correctness gate are ranked; invalid variants, the A/A set and controls are "
	      "shown unranked.\n\n", f);
	if (report_has_cost(r))
		fputs("Where cells carry the cost plugin's counts (runs with cost=1), the "
		      "primary metric is the modelled cycles on Skylake-SP (turned so that > 1 "
		      "is cheaper): deterministic counts (their spread is in the cost model "
		      "section) where TCG throughput's A/A noise is 6-12%, so the counts rank "
		      "and throughput over the same cells is secondary. The modelled cycles "
		      "are the kernel's instructions less the instrumentation's, each priced "
		      "by its class, plus the estimated cache-line transfers priced by how "
		      "many cores held the line, per unit of work (docs/cycle-model.md). A "
		      "cell whose crosscheck failed ranks nothing; groups without cost data are "
		      "ranked on throughput alone.\n\n", f);
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		struct group g = { c->profile, c->timing, c->kconfig, c->workload };
		int seen = 0;

		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(r->cells[j].profile, c->profile) &&
			       !strcmp(r->cells[j].timing, c->timing) &&
			       !strcmp(r->cells[j].kconfig, c->kconfig) &&
			       !strcmp(r->cells[j].workload, c->workload);
		if (!seen)
			rank_group(f, r, &g);
	}
}
