// SPDX-License-Identifier: GPL-2.0
/*
 * The benchstat-like tables: one per workload, metric, timing mode and
 * kconfig axis: median and interval, delta against baseline, p, verdict,
 * the command that reproduces the cell.
 */
#include <math.h>
#include <string.h>

#include "report_format.h"
#include "report_md.h"

static int same_table(const struct cell *a, const struct cell *b)
{
	return !strcmp(a->workload, b->workload) && !strcmp(a->timing, b->timing) &&
	       !strcmp(a->kconfig, b->kconfig);
}

/* Whether every cell of the table carries the "k=v" token: then the heading says it once. */
static int token_fixed(const struct report *r, const struct cell *first, const char *tok,
		       size_t len)
{
	for (size_t i = 0; i < r->ncells; i++) {
		const char *p = r->cells[i].params;
		int found = 0;

		if (!same_table(&r->cells[i], first))
			continue;
		while (*p && !found) {
			size_t n = strcspn(p, " ");

			found = n == len && !strncmp(p, tok, len);
			p += n;
			p += *p == ' ';
		}
		if (!found)
			return 0;
	}
	return 1;
}

/* The cell's parameters that vary in its table (fixed = 0) or those that do not. */
static const char *params_part(const struct report *r, const struct cell *c, int fixed,
			       char *buf, size_t cap)
{
	const char *p = c->params;
	size_t len = 0;

	buf[0] = '\0';
	while (*p) {
		size_t n = strcspn(p, " ");

		if (token_fixed(r, c, p, n) == fixed)
			len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%.*s",
					len ? " " : "", (int)n, p);
		p += n;
		p += *p == ' ';
	}
	return buf;
}

/* Beside a cost number whose cell failed the crosscheck; "" otherwise. */
static const char *untrusted_note(char *buf, size_t cap, const struct cell *c)
{
	if (cell_cost_trusted(c))
		return "";
	snprintf(buf, cap, " **not trusted: crosscheck_ok not true in %zu of %zu runs**",
		 c->crosscheck_false + c->crosscheck_unchecked, c->cost_runs);
	return buf;
}

static void table_row(FILE *f, const struct report *r, const struct cell *c, size_t m)
{
	const struct metric_def *d = &metric_defs[m];
	const struct cell_metric *cm = &c->metrics[m];
	const struct comparison *cmp = comparison_find(r, c, (int)m);
	const struct variant_info *v = variant_find(r, c->variant);
	char med[96], cv[24], delta[96], p[24], ph[96], cmd[1024], vary[512], note[160];

	if (isnan(cm->cv))
		snprintf(cv, sizeof(cv), "n/a");
	else
		snprintf(cv, sizeof(cv), "%.1f%%", cm->cv * 100);
	params_part(r, c, 0, vary, sizeof(vary));
	fprintf(f, "| %s | `%s`%s | %zu", vary[0] ? vary : "(all fixed)", c->variant,
		v && v->gate == GATE_INVALID ? " **INVALID**" : "", cm->n);
	if (json_array_size(c->failed_runs))
		fprintf(f, " (+%zu failed)", json_array_size(c->failed_runs));
	fprintf(f, " | %s%s | %s | ", fmt_median_ci(med, sizeof(med), d, cm),
		metric_is_cost(d) ? untrusted_note(note, sizeof(note), c) : "", cv);
	if (!strcmp(c->variant, BASELINE_VARIANT))
		fputs("baseline | | |", f);
	else if (!cmp)
		fputs("no baseline cell | | |", f);
	else if (cmp->not_tested)
		fprintf(f, "not tested: %s | | not tested |", cmp->not_tested);
	else
		fprintf(f, "%s | %s (%s) | %s |", fmt_delta(delta, sizeof(delta),
							    planning_ratio(cmp), &cmp->ci),
			fmt_p(p, sizeof(p), cmp->mwu.p), fmt_adjusted(ph, sizeof(ph), r, cmp),
			verdict_word(r, cmp));
	fprintf(f, " `%s` |\n", reproduce_cmd(cmd, sizeof(cmd), c));
}

/* benchstat's geomean row: of each variant's ratios over the table's cells. */
static void geomean_rows(FILE *f, const struct report *r, const struct cell *first, size_t m)
{
	for (size_t v = 0; v < r->nvariants; v++) {
		double ratios[512];
		size_t n = 0;

		for (size_t i = 0; i < r->ncmp && n < 512; i++) {
			const struct comparison *c = &r->cmp[i];

			/* a cost ratio the crosscheck voids is not summarised */
			if (c->metric == m && same_table(c->cell, first) &&
			    !strcmp(c->cell->variant, r->variants[v].name) &&
			    planning_ratio(c) > 0 && comparison_trusted(c))
				ratios[n++] = planning_ratio(c);
		}
		if (n > 1)
			fprintf(f, "| geomean of %zu cells | `%s` | | | | %+.1f%% | | | |\n", n,
				r->variants[v].name, (stats_geomean(ratios, n) - 1) * 100);
	}
}

static void one_table(FILE *f, const struct report *r, size_t first_cell, size_t m)
{
	const struct cell *first = &r->cells[first_cell];
	const struct metric_def *d = &metric_defs[m];
	char fixed[1024];

	fprintf(f, "#### %s: %s (%s, %s is better), timing %s, kconfig %s\n\n"
		"Fixed in this table: %s.\n\n"
		"| varying parameters | variant | n | median [interval] (coverage), %s | CV | "
		"Δ vs baseline [interval] (coverage) | p (adjusted) | verdict | reproduce one "
		"run |\n"
		"|---|---|---|---|---|---|---|---|---|\n", first->workload, d->label, d->unit,
		d->direction == HIGHER_IS_BETTER ? "higher" : "lower", first->timing,
		first->kconfig, params_part(r, first, 1, fixed, sizeof(fixed))[0] ?
		fixed : "no parameter", d->unit);
	for (size_t i = first_cell; i < r->ncells; i++)
		if (same_table(&r->cells[i], first) &&
		    (r->cells[i].metrics[m].n || json_array_size(r->cells[i].failed_runs)))
			table_row(f, r, &r->cells[i], m);
	geomean_rows(f, r, first, m);
	fputc('\n', f);
}

/* Every table of metric m: one per workload, timing mode and kconfig with data. */
static void tables_of(FILE *f, const struct report *r, size_t m)
{
	for (size_t i = 0; i < r->ncells; i++) {
		int seen = 0, data = 0;

		if (strcmp(r->cells[i].workload, metric_defs[m].workload))
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = same_table(&r->cells[j], &r->cells[i]);
		for (size_t j = i; j < r->ncells && !seen && !data; j++)
			data = same_table(&r->cells[j], &r->cells[i]) &&
			       r->cells[j].metrics[m].n > 0;
		if (!seen && data)
			one_table(f, r, i, m);
	}
}

void md_tables(FILE *f, const struct report *r)
{
	fputs("## Results per workload and metric\n\n"
	      "Median of the ok runs with its order-statistic interval and that "
	      "interval's coverage at the row's n; CV is the coefficient of variation; Δ is "
	      "the Hodges-Lehmann change against the baseline cell with the same parameters, "
	      "timing mode and kconfig (the one estimate every page quotes; the ratio of "
	      "medians is only in comparisons.csv, column ratio), with its interval and "
	      "coverage (both explained, with the coverage for every n, in "
	      "[Methodology](provenance.md#methodology-and-provenance)); p is the two-sided Mann-Whitney "
	      "U p-value, in parentheses adjusted: Holm within its confirmatory family, or "
	      "Benjamini-Hochberg when descriptive; the verdict is better, worse, equivalent "
	      "(within the profile's margin) or inconclusive (see the [Decision summary]"
	      "(decisions.md#decision-summary)). A metric 0 in every run where a live measurement "
	      "cannot be has no table: it is listed as no data under [Not tested]"
	      "(families.md#not-tested). Failed runs are counted beside n and never enter a "
	      "statistic.\n\n", f);
	if (report_has_cost(r))
		fputs("Each workload's cost tables come first: they are the primary cost "
		      "evidence (instruction and line-transfer counts under the cost plugin, "
		      "not time; see [the cost model](cost-model.md#cost-model-deterministic-"
		      "counts-under-the-tcg-plugin)); throughput and the kprobe counts follow as secondary "
		      "evidence. A cost number marked \"not trusted\" comes from a cell where "
		      "the plugin's call counts disagreed with the kprobes'; its comparisons "
		      "say \"untrusted\" and decide nothing.\n\n", f);
	/* workload by workload, its cost metrics (the primary evidence) first */
	for (size_t w = 0; w < metric_defs_count; w++) {
		int seen = 0;

		for (size_t j = 0; j < w && !seen; j++)
			seen = !strcmp(metric_defs[j].workload, metric_defs[w].workload);
		for (int cost = 1; !seen && cost >= 0; cost--)
			for (size_t m = 0; m < metric_defs_count; m++)
				if (!strcmp(metric_defs[m].workload, metric_defs[w].workload) &&
				    metric_is_cost(&metric_defs[m]) == cost)
					tables_of(f, r, m);
	}
}
