// SPDX-License-Identifier: GPL-2.0
/*
 * REPORT.md's account of the families: what each profile declared, how
 * large each family is, what its n can show at the noise measured (MDE,
 * reachable equivalence margin, the runs per cell that would decide), and
 * what was not tested at all: degenerate comparisons and metrics with no
 * real measurement.
 */
#include <math.h>
#include <string.h>

#include "report_evidence.h"
#include "report_format.h"
#include "report_md.h"

static void family_rows(FILE *f, const struct family *fam)
{
	json_t *q;
	size_t i;
	char qs[128], mg[32], cv[24];
	size_t len = 0;

	qs[0] = '\0';
	json_array_foreach(json_object_get(fam->spec, "questions"), i, q)
		len += snprintf(qs + len, len < sizeof(qs) ? sizeof(qs) - len : 0, "%s%s",
				i ? ", " : "", json_string_value(q) ?: "?");
	for (i = 0; i < fam->nparts; i++) {
		const struct family_part *p = &fam->parts[i];

		fprintf(f, "| %s | `%s` | %s | %zu | %s: ", fam->profile, fam->id, qs, fam->size,
			p->workload ? p->workload : "?");
		if (p->metric < 0) {
			fprintf(f, "(no data: %s) | | | | | | |\n", p->no_data);
			continue;
		}
		fprintf(f, "%s%s%s%s | %zu vs %zu | %s | ", metric_defs[p->metric].label,
			p->no_data[0] ? " (" : "", p->no_data,
			p->no_data[0] ? ": no data)" : "", p->n1, p->n2,
			fmt_margin(mg, sizeof(mg), p->margin));
		if (!p->n1) {
			fputs("| | | |\n", f);
			continue;
		}
		fprintf(f, "%s (%s) | ", fmt_cv(cv, sizeof(cv), p->cv), p->cv_source);
		if (isinf(p->mde))
			fputs("none: the smallest p cannot pass | ", f);
		else
			fprintf(f, "%.1f%% | ", p->mde * 100);
		if (isinf(p->reach))
			fputs("none at this n | ", f);
		else
			fprintf(f, "≈ ±%.1f%% | ", p->reach * 100);
		if (p->n_decide > FAMILY_REPS_CAP)
			fprintf(f, "more than %d |\n", FAMILY_REPS_CAP);
		else
			fprintf(f, "%s%zu%s |\n", isnan(p->margin) ? "(significance only) " : "≈ ",
				p->n_decide, p->cv_own > p->cv ? " (at its own cells' CV)" : "");
	}
}

/* Tables whose never-zero metric was 0 in every run: no data, never 0. */
static size_t dead_tables(FILE *f, const struct report *r)
{
	size_t shown = 0;

	for (size_t m = 0; m < metric_defs_count; m++)
		for (size_t i = 0; i < r->ncells; i++) {
			const struct cell *c = &r->cells[i];
			size_t runs = 0, cells = 0;
			int seen = 0;

			if (!c->metrics[m].dead_runs)
				continue;
			for (size_t j = 0; j < i && !seen; j++)
				seen = r->cells[j].metrics[m].dead_runs &&
				       !strcmp(r->cells[j].workload, c->workload) &&
				       !strcmp(r->cells[j].timing, c->timing) &&
				       !strcmp(r->cells[j].kconfig, c->kconfig);
			if (seen)
				continue;
			for (size_t j = i; j < r->ncells; j++)
				if (r->cells[j].metrics[m].dead_runs &&
				    !strcmp(r->cells[j].workload, c->workload) &&
				    !strcmp(r->cells[j].timing, c->timing) &&
				    !strcmp(r->cells[j].kconfig, c->kconfig)) {
					runs += r->cells[j].metrics[m].dead_runs;
					cells++;
				}
			fprintf(f, "  - %s %s, timing %s, kconfig %s: **no data**: 0 in all %zu runs "
				"of all %zu cells, which a live measurement cannot be (it was not "
				"measured there); not tested, not charted\n", c->workload,
				metric_defs[m].label, c->timing, c->kconfig, runs, cells);
			shown++;
		}
	return shown;
}

static size_t degenerate(FILE *f, const struct report *r)
{
	size_t shown = 0;

	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];

		if (!c->not_tested)
			continue;
		comparison_line(f, r, c);
		shown++;
	}
	return shown;
}

void md_families(FILE *f, const struct report *r)
{
	size_t descriptive = families_descriptive(r), shown;

	fputs("## Confirmatory families and sample size\n\n", f);
	if (!r->nfamilies) {
		fprintf(f, "No profile in this store declares a confirmatory family "
			"(`$.profiles.NAME.families` in matrix.json): all %zu tested comparisons "
			"are descriptive (Benjamini-Hochberg) and nothing is decided.\n\n",
			descriptive);
	} else {
		fprintf(f, "Declared per profile in matrix.json before the runs; Holm runs within "
			"each family, Benjamini-Hochberg over the %zu descriptive comparisons. The "
			"CV is the run-to-run coefficient of variation of the family's metric in the "
			"A/A cells at its settings (`%s` and `%s`, and any further A/A sets: the "
			"same kernel measured independently, so pure noise) where the profile has "
			"them, else in its own cells. At that CV and n, "
			"the MDE is the smallest difference Holm in the family finds with 80%% "
			"power, simulated with the test itself (20,000 draws of log-normal runs, "
			"the exact Mann-Whitney p times the family size below %.2f: at n = 5 the "
			"normal formula's MDE has only 44-56%% power), \"reachable\" the smallest "
			"margin the equivalence test reaches with 80%% power when nothing differs, "
			"and the last column the runs per cell at which both reach the declared "
			"margin (≈: the normal approximation with Mann-Whitney's efficiency 3/π; "
			"the exact floor, 2 / C(2n, n) times the family size below %.2f, is "
			"applied exactly).\n\n"
			"| profile | family | answers | comparisons | workload: metric | n | margin "
			"| CV (source) | MDE | equivalence reachable | runs per cell that would "
			"decide |\n|---|---|---|---|---|---|---|---|---|---|---|\n", descriptive,
			BASELINE_VARIANT, AA_VARIANT, REPORT_ALPHA, REPORT_ALPHA);
		for (size_t i = 0; i < r->nfamilies; i++)
			family_rows(f, &r->families[i]);
		fputc('\n', f);
	}
	fputs("### Not tested\n\nComparisons that cannot differ are not tested, so they "
	      "neither fill a family nor count for Benjamini-Hochberg; a metric with no real "
	      "measurement is no data, never 0.\n\n", f);
	shown = degenerate(f, r);
	shown += dead_tables(f, r);
	if (!shown)
		fputs("None.\n", f);
	fputc('\n', f);
}
