// SPDX-License-Identifier: GPL-2.0
/*
 * REPORT.md and its pages: the first screen answers each question in a
 * line, shows the calibration against upstream and every confirmatory
 * comparison in one chart, and links the detail; each section of detail is
 * a page of its own under the assets directory. Nothing is typed by hand.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "answer_text.h"
#include "chart_forest.h"
#include "evidence.h"
#include "family_spec.h"
#include "log.h"
#include "report_evidence.h"
#include "report_format.h"
#include "report_md.h"

static void md_charts(FILE *f, const struct chart_list *charts, const char *rel)
{
	fputs("## Charts\n\nEvery chart states its timing mode; bars are the "
	      "order-statistic intervals of the median, each chart naming their coverage "
	      "for its n. SVG shown, PNG beside it.\n\n", f);
	for (size_t i = 0; i < charts->n; i++) {
		const struct chart *c = &charts->v[i];

		/* shown in its own section near the top, or under its question */
		if (!strncmp(c->name, "calibration-", 12) ||
		    (!strncmp(c->name, "forest-", 7) && strcmp(c->name, "forest-confirmatory")))
			continue;
		if (c->drawn)
			fprintf(f, "### %s\n\n![%s](%s/%s.svg)\n\n(PNG: [%s/%s.png](%s/%s.png); "
				"data: `%s/%s.dat`, script: `%s/%s.gp`)\n\n", c->title,
				c->title, rel, c->name, rel, c->name, rel, c->name, rel,
				c->name, rel, c->name);
		else
			fprintf(f, "### %s\n\nNot drawn: gnuplot failed on `%s/%s.gp` "
				"(see `%s/gnuplot.log`).\n\n", c->title, rel, c->name, rel);
	}
	if (!charts->n)
		fputs("No chart: the store holds no run with a charted metric.\n\n", f);
	if (charts->absent[0])
		fprintf(f, "Charts not drawn for lack of data:\n\n%s\n", charts->absent);
}

/* The pages' writers, one signature: what a page shows and nothing else. */
static void page_decisions(FILE *f, const struct report *r, const struct chart_list *c)
{
	(void)c;
	md_decisions(f, r);
}

static void page_families(FILE *f, const struct report *r, const struct chart_list *c)
{
	(void)c;
	md_families(f, r);
}

static void page_correctness(FILE *f, const struct report *r, const struct chart_list *c)
{
	(void)c;
	md_correctness(f, r);
}

static void page_cost_model(FILE *f, const struct report *r, const struct chart_list *c)
{
	(void)c;
	md_cost_model(f, r);
}

static void page_ranking(FILE *f, const struct report *r, const struct chart_list *c)
{
	(void)c;
	md_ranking(f, r);
}

static void page_noise(FILE *f, const struct report *r, const struct chart_list *c)
{
	(void)c;
	md_calibration(f, r);
}

static void page_upstream(FILE *f, const struct report *r, const struct chart_list *c)
{
	md_upstream_calibration_full(f, r, c);
}

static void page_tables(FILE *f, const struct report *r, const struct chart_list *c)
{
	(void)c;
	md_tables(f, r);
}

static void page_charts(FILE *f, const struct report *r, const struct chart_list *c)
{
	(void)r;
	md_charts(f, c, ".");
}

static void page_failures(FILE *f, const struct report *r, const struct chart_list *c)
{
	(void)c;
	md_failures(f, r);
}

static void page_provenance(FILE *f, const struct report *r, const struct chart_list *c)
{
	(void)c;
	md_provenance(f, r);
}

static const struct report_page {
	const char *file, *title, *purpose;
	void (*write)(FILE *f, const struct report *r, const struct chart_list *c);
} pages[] = {
	{ "decisions.md", "Decisions in full", "each question's families, every comparison "
	  "that answers it with its interval, p and verdict, the descriptive evidence "
	  "beside it, and every significant regression", page_decisions },
	{ "families.md", "Confirmatory families and sample size", "what each family can "
	  "detect at its n and noise (MDE, reachable margin, the runs that would decide), "
	  "and what was not tested", page_families },
	{ "calibration.md", "Calibration against upstream in full", "each client count's "
	  "modelled gain with its interval beside upstream's, the charge path's own cycles, "
	  "the gain per received packet, the contention projection and why the shapes "
	  "differ", page_upstream },
	{ "correctness.md", "Correctness gate", "each variant's gate verdict: an invalid "
	  "variant's numbers are never ranked", page_correctness },
	{ "cost-model.md", "Cost model", "how the plugin's counts become modelled cycles, "
	  "their spread, the kprobe crosscheck and the per-vCPU split", page_cost_model },
	{ "ranking.md", "Ranking", "each design's geometric mean over the same cells, with "
	  "intervals", page_ranking },
	{ "noise.md", "A/A noise floor", "the baseline measured against itself: how far "
	  "two sets of the same kernel drift", page_noise },
	{ "tables.md", "Results per workload and metric", "every cell's median, interval, "
	  "CV and comparison with baseline", page_tables },
	{ "charts.md", "Charts", "every metric against tenants per design, the forest plot "
	  "and the profile charts", page_charts },
	{ "failures.md", "Failed runs", "each failed run with its reason and logs",
	  page_failures },
	{ "provenance.md", "Methodology and provenance", "where, when and how the runs were "
	  "made, and how the intervals are built", page_provenance },
};

#define NPAGES (sizeof(pages) / sizeof(pages[0]))

static int page_shown(const struct report_page *p, const struct report *r)
{
	if (p->write == page_upstream)
		return md_upstream_calibrations(r);
	return p->write != page_cost_model || report_has_cost(r);
}

static int write_page(const char *dir, const struct report_page *p, const struct report *r,
		      const struct chart_list *charts)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, p->file);
	f = fopen(path, "w");
	if (!f) {
		fail_msg("cannot write %s", path);
		return -1;
	}
	fprintf(f, "# %s\n\n<!-- Generated by `mmx report`; do not edit by hand: regenerate. "
		"-->\n\nPart of [the report](../REPORT.md): %s.\n\n", p->title, p->purpose);
	p->write(f, r, charts);
	if (fclose(f)) {
		fail_msg("cannot write %s", path);
		return -1;
	}
	return 0;
}

/* A table cell's text: pipes escaped. */
static void table_text(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '|')
			fputc('\\', f);
		fputc(s[i], f);
	}
}

/* What a writer of one sentence prints, as a table cell (the sentence is one line). */
static void table_cell(FILE *f, const struct report *r, const struct answer *a, size_t part,
		       void (*write)(FILE *g, const struct report *r, const struct answer *a,
				     size_t part))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *g = open_memstream(&buf, &len);

	if (!g)
		return;
	write(g, r, a, part);
	if (!fclose(g))
		table_text(f, buf, len);
	free(buf);
}

static void deciding_cell(FILE *g, const struct report *r, const struct answer *a, size_t part)
{
	deciding_sentence(g, r, &a->parts[part]);
}

/* The question's own forest chart, if drawn: "forest-rfc1". */
static const struct chart *question_chart(const struct chart_list *charts, const char *id)
{
	char name[64];

	chart_forest_name(id, name, sizeof(name));
	for (size_t i = 0; i < charts->n; i++)
		if (!strcmp(charts->v[i].name, name) && charts->v[i].drawn)
			return &charts->v[i];
	return NULL;
}

/* One row: the question, each of its answers, and the comparisons they rest on. */
static void decision_row(FILE *f, const struct report *r, const struct answer *a,
			 const struct chart_list *charts, const char *rel)
{
	const struct chart *ch = question_chart(charts, a->question);
	const char *heading = question_heading(a->question);
	char scope[128];
	int deciding = 0;

	fputs("| ", f);
	table_text(f, heading, strlen(heading));
	if (ch)
		fprintf(f, " ([chart](%s/%s.svg))", rel, ch->name);
	fputs(" | ", f);
	for (size_t i = 0; i < a->nparts; i++) {
		if (i)
			fputs("<br>", f);
		if (answer_scope(a, i, scope, sizeof(scope)))
			fprintf(f, "(%s) ", scope);
		table_cell(f, r, a, i, answer_sentence);
	}
	fputs(" | ", f);
	for (size_t i = 0; i < a->nparts; i++) {
		if (!a->parts[i].deciding)
			continue;
		if (deciding++)
			fputs("<br>", f);
		if (a->parts[i].deciding_undecided)
			fputs("(undecided; the hardest) ", f);
		table_cell(f, r, a, i, deciding_cell);
	}
	fprintf(f, "%s |\n", deciding ? "" : "none tested");
}

/* One row per question, from the same answers the decisions page renders. */
static void decision_table(FILE *f, const struct report *r, const struct chart_list *charts,
			   const char *rel)
{
	fprintf(f, "## Decision summary\n\nEach question's answer from its confirmatory "
		"families (Holm within each family, not across a question's families; every "
		"comparison with its interval: [the decisions in full](%s/decisions.md)); "
		"\"(confirmatory)\" marks an answer its declared families give, decided or not; "
		"\"cannot decide on this machine\" one whose runs do not reproduce what the "
		"question is about. The last column is the "
		"comparison the answer rests on (a significant loss before any gain) or, where "
		"nothing decides, the one that needs the most runs: its change against baseline "
		"(or the family's reference) with the Hodges-Lehmann interval and, in "
		"parentheses, its exact coverage; the verdict; the adjusted p (\"BH\": "
		"descriptive, Benjamini-Hochberg over the comparisons in no family, deciding "
		"nothing); n. The tests are exact, so p has a floor: at 5 runs a side 2/252 = "
		"0.0079, reached only when the two sets do not overlap. A chart link draws the "
		"question's confirmatory comparisons.\n\n| question | answer | "
		"deciding comparison: effect [interval], verdict, n |\n|---|---|---|\n", rel);
	for (size_t q = 0; q < r->nanswers; q++)
		decision_row(f, r, &r->answers[q], charts, rel);
	fputc('\n', f);
}

/* "tenants=16", or the workload alone: which cell of a design's row. */
static const char *cell_at(char *buf, size_t cap, const struct cell *c)
{
	const char *tp = workload_tenant_param(c->workload);
	double x = cell_param(c, tp);

	if (isnan(x))
		snprintf(buf, cap, "%s", c->workload);
	else
		snprintf(buf, cap, "%s=%g", tp, x);
	return buf;
}

static void mechanism_cell(FILE *f, const struct mechanism_row *m)
{
	char lo[96], hi[96], a[64], b[64];

	if (!m) {
		fputs(" no data |", f);
		return;
	}
	fmt_delta(lo, sizeof(lo), planning_ratio(m->lo), NULL);
	fmt_delta(hi, sizeof(hi), planning_ratio(m->hi), NULL);
	if (m->lo == m->hi) {
		fprintf(f, " %s (%s)", lo, cell_at(a, sizeof(a), m->lo->cell));
	} else {
		cell_at(a, sizeof(a), m->lo->cell);
		cell_at(b, sizeof(b), m->hi->cell);
		/* two cells at the same settings differ in timing mode or axis */
		if (!strcmp(a, b))
			fprintf(f, " %s (%s, %s, %s) to %s (%s, %s, %s)", lo, a, m->lo->cell->timing,
				m->lo->cell->kconfig, hi, b, m->hi->cell->timing,
				m->hi->cell->kconfig);
		else
			fprintf(f, " %s (%s) to %s (%s)", lo, a, hi, b);
	}
	fprintf(f, ", %zu of %zu cells significant |", m->significant, m->cells);
}

/*
 * The mechanism on the first screen: what each design does to the page
 * counter, so an answer is read beside what its design changed (a design
 * whose charges rise is no cache, whatever its time).
 */
static void mechanism_section(FILE *f, const struct report *r, const char *rel)
{
	struct mechanism_row ch[64], un[64];
	size_t nc = mechanism_rows(r, "charges_per_mb", ch, 64);
	size_t nu = mechanism_rows(r, "uncharges_per_mb", un, 64);

	if (!nc)
		return;
	fprintf(f, "## What each design does to the page counter (descriptive)\n\n"
		"Page-counter charges and uncharges per MB received against baseline: the "
		"Hodges-Lehmann change over each design's cells of a workload, smallest to "
		"largest, and how many of those cells are significant (Holm in a family, else "
		"Benjamini-Hochberg). It decides nothing; read each answer beside what its "
		"design does to the counter ([every line](%s/tables.md)).\n\n"
		"| design | workload | charges per MB | uncharges per MB |\n|---|---|---|---|\n",
		rel);
	for (size_t i = 0; i < nc; i++) {
		const struct mechanism_row *u = NULL;

		for (size_t k = 0; k < nu && !u; k++)
			if (!strcmp(un[k].variant, ch[i].variant) &&
			    !strcmp(un[k].workload, ch[i].workload))
				u = &un[k];
		fprintf(f, "| `%s` | %s |", ch[i].variant, ch[i].workload);
		mechanism_cell(f, &ch[i]);
		mechanism_cell(f, u);
		fputc('\n', f);
	}
	fputc('\n', f);
}

/* What "1 client" is on sendfile-clients, where the store has such cells. */
static void memcgs_note(FILE *f, const struct report *r)
{
	for (size_t i = 0; i < r->ncells; i++) {
		const char *sc = json_string_value(json_object_get(r->cells[i].params_json,
								    "server_cgroup"));

		if (strcmp(r->cells[i].workload, "sendfile-clients") || !sc || strcmp(sc, "shared"))
			continue;
		fputs("On sendfile-clients, tenants=N is N clients, each in a memcg of its own; "
		      "with `server_cgroup=shared` their servers share one more, so tenants=1 is "
		      "two memcgs taking turns on the receive path.\n\n", f);
		return;
	}
}

static size_t failed_runs(const struct report *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ncells; i++)
		n += json_array_size(r->cells[i].failed_runs);
	return n;
}

static void correctness_line(FILE *f, const struct report *r, const char *rel)
{
	size_t invalid = 0, ungated = 0;

	for (size_t i = 0; i < r->nvariants; i++) {
		invalid += r->variants[i].gate == GATE_INVALID;
		ungated += r->variants[i].gate == GATE_NOT_GATED;
	}
	fprintf(f, "**Correctness gate:** %zu of %zu variants pass", r->nvariants - invalid -
		ungated, r->nvariants);
	fputs(" (", f);
	for (size_t i = 0; i < r->nvariants; i++)
		fprintf(f, "%s`%s`", i ? ", " : "", r->variants[i].name);
	fputc(')', f);
	if (invalid) {
		fputs("; **INVALID** (never ranked):", f);
		for (size_t i = 0; i < r->nvariants; i++)
			if (r->variants[i].gate == GATE_INVALID)
				fprintf(f, " `%s`", r->variants[i].name);
	}
	if (ungated)
		fprintf(f, "; %zu not gated (numbers unverified)", ungated);
	fprintf(f, " ([detail](%s/correctness.md)).\n\n", rel);
}

static void forest_section(FILE *f, const struct chart_list *charts, const char *rel)
{
	for (size_t i = 0; i < charts->n; i++)
		if (!strcmp(charts->v[i].name, "forest-confirmatory") && charts->v[i].drawn)
			fprintf(f, "## Every confirmatory comparison\n\nOne row per comparison "
				"of the families above: the change against baseline (or the "
				"family's named reference) with its "
				"Hodges-Lehmann interval, the family's margin in grey, the "
				"verdict as the colour.\n\n![%s](%s/%s.svg)\n\n", charts->v[i].title,
				rel, charts->v[i].name);
}

int report_md_write(const struct report *r, const struct chart_list *charts,
		    const char *path, const char *asset_rel)
{
	char dir[4096];
	const char *slash;
	FILE *f;
	int rc = 0;

	/* the pages go beside the charts: the assets directory next to REPORT.md */
	slash = strrchr(path, '/');
	snprintf(dir, sizeof(dir), "%.*s%s%s", slash ? (int)(slash - path) : 0, path,
		 slash ? "/" : "", asset_rel);
	for (size_t i = 0; i < NPAGES; i++)
		if (page_shown(&pages[i], r))
			rc |= write_page(dir, &pages[i], r, charts);
	f = fopen(path, "w");
	if (!f) {
		fail_msg("cannot write %s", path);
		return -1;
	}
	fprintf(f, "# memcg-matrix report\n\n"
		"<!-- Generated by `mmx report`; do not edit by hand: regenerate. -->\n\n"
		"Generated %s by `mmx report` from `%s` (%zu run records, %zu of them failed "
		"runs: [listed](%s/failures.md), never data", r->generated_at, r->results_path,
		json_array_size(r->runs), failed_runs(r), asset_rel);
	if (r->skipped_lines)
		fprintf(f, ", %zu corrupt lines skipped", r->skipped_lines);
	fprintf(f, "). Every run is a QEMU guest on a host without a hardware PMU: "
		"throughput and times are the emulator's (the timing mode is named with "
		"each figure), and the cost metrics are cycles modelled from counted "
		"instructions and cache-line transfers, not time measured on hardware. "
		"Machine-readable summaries: [`%s/cells.csv`](%s/cells.csv), "
		"[`%s/comparisons.csv`](%s/comparisons.csv), [`%s/failed_runs.csv`]"
		"(%s/failed_runs.csv), [`%s/summary.json`](%s/summary.json). Where and when "
		"the runs happened: [methodology and provenance](%s/provenance.md).\n\n",
		asset_rel, asset_rel, asset_rel, asset_rel, asset_rel, asset_rel, asset_rel,
		asset_rel, asset_rel);
	decision_table(f, r, charts, asset_rel);
	memcgs_note(f, r);
	correctness_line(f, r, asset_rel);
	md_upstream_calibration(f, r, charts, asset_rel);
	mechanism_section(f, r, asset_rel);
	forest_section(f, charts, asset_rel);
	fputs("## Detail\n\n", f);
	for (size_t i = 0; i < NPAGES; i++)
		if (page_shown(&pages[i], r))
			fprintf(f, "- [%s](%s/%s): %s.\n", pages[i].title, asset_rel,
				pages[i].file, pages[i].purpose);
	if (fclose(f)) {
		fail_msg("cannot write %s", path);
		return -1;
	}
	return rc ? -1 : 0;
}
