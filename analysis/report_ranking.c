// SPDX-License-Identifier: GPL-2.0
/*
 * The per-variant geometric-mean summary that ranks the valid variants, per
 * matrix profile, timing mode and kconfig axis.  Where the group's cells
 * carry the cost plugin's counts, a variant is ranked on its modelled cost
 * (the primary cost evidence) with its throughput beside it as secondary;
 * a group without cost data is ranked on throughput as before the plugin.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_format.h"
#include "report_md.h"

struct ranked {
	const struct variant_info *v;
	double geomean;
	size_t cells, better, worse;
	int on_cost;		/* ranked on the cost metric, not throughput */
	double secondary;	/* cost groups: the throughput geomean */
	size_t secondary_cells, untrusted;
};

struct group {
	const char *profile, *timing, *kconfig;
};

static int in_group(const struct comparison *c, const struct group *g)
{
	return !strcmp(c->cell->profile, g->profile) && !strcmp(c->cell->timing, g->timing) &&
	       !strcmp(c->cell->kconfig, g->kconfig);
}

/* The geomean of v's improvements on the metrics of one primary role. */
static struct ranked collect(const struct report *r, const struct variant_info *v,
			     const struct group *g, enum metric_primary role)
{
	double imp[512];
	struct ranked row = { v, NAN, 0, 0, 0, 0, NAN, 0, 0 };

	for (size_t i = 0; i < r->ncmp && row.cells < 512; i++) {
		const struct comparison *c = &r->cmp[i];
		const char *w;

		if (metric_defs[c->metric].primary != role || isnan(c->ratio) ||
		    c->ratio <= 0 || strcmp(c->cell->variant, v->name) || !in_group(c, g))
			continue;
		/* a cost number the kprobes contradict ranks nothing */
		if (!comparison_trusted(c)) {
			row.untrusted++;
			continue;
		}
		imp[row.cells++] = metric_improvement(&metric_defs[c->metric], c->ratio);
		w = verdict_word(r, c);
		row.better += !strcmp(w, "better");
		row.worse += !strcmp(w, "worse");
	}
	row.geomean = stats_geomean(imp, row.cells);
	return row;
}

static int cmp_ranked(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->on_cost != y->on_cost)
		return x->on_cost ? -1 : 1;
	if (isnan(x->geomean) != isnan(y->geomean))
		return isnan(x->geomean) ? 1 : -1;
	return (x->geomean < y->geomean) - (x->geomean > y->geomean);
}

static void rank_word(char *buf, size_t cap, const struct variant_info *v, size_t *rank)
{
	if (!variant_ranked(v))
		snprintf(buf, cap, "%s", v->gate == GATE_INVALID ?
			 "not ranked (invalid)" : !strcmp(v->name, AA_VARIANT) ?
			 "not ranked (A/A set)" : "not ranked (control)");
	else
		snprintf(buf, cap, "%zu", ++*rank);
}

static void plain_table(FILE *f, const struct report *r, const struct group *g,
			struct ranked *rows, size_t n)
{
	size_t rank = 0;

	fprintf(f, "### profile %s, timing %s, kconfig %s\n\n| rank | variant | gate | "
		"cells | geomean of primary-metric gains vs baseline (>1 better) | "
		"better | worse |\n|---|---|---|---|---|---|---|\n| | `baseline` | %s | | "
		"1 (reference) | | |\n", g->profile, g->timing, g->kconfig,
		gate_word(variant_gate_on(variant_find(r, BASELINE_VARIANT), g->kconfig)));
	for (size_t i = 0; i < n; i++) {
		char rk[48];

		rank_word(rk, sizeof(rk), rows[i].v, &rank);
		fprintf(f, "| %s | `%s` | %s | %zu | %.3f | %zu | %zu |\n", rk, rows[i].v->name,
			gate_word(variant_gate_on(rows[i].v, g->kconfig)), rows[i].cells,
			rows[i].geomean, rows[i].better, rows[i].worse);
	}
	fputc('\n', f);
}

static void cost_table(FILE *f, const struct report *r, const struct group *g,
		       struct ranked *rows, size_t n)
{
	size_t rank = 0;

	fprintf(f, "### profile %s, timing %s, kconfig %s\n\n"
		"| rank | variant | gate | ranked on | cells | geomean of gains vs baseline "
		"(>1 better) | better | worse | secondary: time-based geomean (throughput, "
		"ops/s, faults/s; cells) | cost cells left out (crosscheck failed) |\n"
		"|---|---|---|---|---|---|---|---|---|---|\n"
		"| | `baseline` | %s | | | 1 (reference) | | | | |\n", g->profile, g->timing,
		g->kconfig,
		gate_word(variant_gate_on(variant_find(r, BASELINE_VARIANT), g->kconfig)));
	for (size_t i = 0; i < n; i++) {
		const struct ranked *w = &rows[i];
		char rk[48], sec[48];

		rank_word(rk, sizeof(rk), w->v, &rank);
		if (w->secondary_cells)
			snprintf(sec, sizeof(sec), "%.3f (%zu)", w->secondary, w->secondary_cells);
		else
			snprintf(sec, sizeof(sec), "no data");
		fprintf(f, "| %s | `%s` | %s | %s | %zu | %.3f | %zu | %zu | %s | %zu |\n", rk,
			w->v->name, gate_word(variant_gate_on(w->v, g->kconfig)),
			w->on_cost ? "modelled cost, P=200" :
			"throughput (no trusted cost data)", w->cells, w->geomean, w->better,
			w->worse, w->on_cost ? sec : "(ranked on it)", w->untrusted);
	}
	fputc('\n', f);
}

static void rank_group(FILE *f, const struct report *r, const struct group *g)
{
	struct ranked rows[128];
	size_t n = 0;
	int costed = 0;

	for (size_t i = 0; i < r->ncmp && !costed; i++)
		costed = metric_defs[r->cmp[i].metric].primary == PRIMARY_COST &&
			 in_group(&r->cmp[i], g);
	for (size_t v = 0; v < r->nvariants && n < 128; v++) {
		struct ranked row = collect(r, &r->variants[v], g, PRIMARY_FALLBACK);

		if (costed) {
			struct ranked cost = collect(r, &r->variants[v], g, PRIMARY_COST);

			if (cost.cells) {
				cost.on_cost = 1;
				cost.secondary = row.geomean;
				cost.secondary_cells = row.cells;
				row = cost;
			} else {
				row.untrusted = cost.untrusted;
			}
		}
		if (row.cells)
			rows[n++] = row;
	}
	if (!n)
		return;
	qsort(rows, n, sizeof(rows[0]), cmp_ranked);
	if (costed)
		cost_table(f, r, g, rows, n);
	else
		plain_table(f, r, g, rows, n);
}

void md_ranking(FILE *f, const struct report *r)
{
	fputs("## Summary per variant (geometric mean)\n\n"
	      "Per matrix profile, timing mode and kconfig axis: the geometric mean, over "
	      "every cell of every workload, of each variant's primary-metric ratio to "
	      "baseline, turned so that > 1 is better (throughput, faults/s, ops/s). Only "
	      "variants that passed (or were not put through) the correctness gate are "
	      "ranked; invalid variants, the A/A set and controls are shown unranked.\n\n", f);
	if (report_has_cost(r))
		fputs("Where cells carry the cost plugin's counts (runs with cost=1), the "
		      "primary metric is the modelled cost at P=200 (turned so that > 1 is "
		      "cheaper): deterministic counts (their spread is in the cost model "
		      "section) where TCG throughput's A/A noise is 6-12%, so the counts rank and throughput is secondary "
		      "(its geomean is beside each row). The modelled cost is the kernel's "
		      "instructions less the instrumentation's, plus 200 instruction-"
		      "equivalents per cache-line transfer, per unit of work. A variant with no "
		      "trusted cost cell in a group is ranked after those that have one, on "
		      "throughput, and the row says so; groups without cost data are ranked on "
		      "throughput alone.\n\n", f);
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		struct group g = { c->profile, c->timing, c->kconfig };
		int seen = 0;

		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(r->cells[j].profile, c->profile) &&
			       !strcmp(r->cells[j].timing, c->timing) &&
			       !strcmp(r->cells[j].kconfig, c->kconfig);
		if (!seen)
			rank_group(f, r, &g);
	}
}
