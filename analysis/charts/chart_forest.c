// SPDX-License-Identifier: GPL-2.0
/*
 * The forest plot: every confirmatory comparison as one row, its change
 * against baseline or the family's reference variant (Hodges-Lehmann) with
 * the interval, the family's margin drawn behind it in grey and the verdict
 * as its colour; the whole set of decisions on one screen.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chart_forest.h"
#include "family_spec.h"
#include "report_format.h"

#define FOREST_MAX_ROWS 64

/*
 * the outcome classes, each one series in the legend: Okabe and Ito's
 * colour-blind-safe palette, and a mark of its own so no class rests on
 * colour alone (gains blue, losses vermillion and orange, filled when sized
 * beyond the margin, open when the size is uncertain)
 */
static const struct {
	enum verdict v;
	const char *colour;
	int point;	/* gnuplot's point type */
} classes[] = {
	{ VERDICT_BETTER, "#0072B2", 7 },	  { VERDICT_BETTER_UNSIZED, "#0072B2", 6 },
	{ VERDICT_BETTER_WITHIN, "#56B4E9", 9 },  { VERDICT_EQUIVALENT, "#009E73", 5 },
	{ VERDICT_INCONCLUSIVE, "#666666", 13 },  { VERDICT_WORSE_WITHIN, "#E69F00", 11 },
	{ VERDICT_WORSE_UNSIZED, "#D55E00", 6 },  { VERDICT_WORSE, "#D55E00", 7 },
};

/* A comparison that decides something and has an effect to draw. */
static int drawable(const struct comparison *c)
{
	for (size_t k = 0; k < sizeof(classes) / sizeof(classes[0]); k++)
		if (c->verdict == classes[k].v)
			return c->family >= 0 && !isnan(c->ratio_hl) && c->ratio_hl > 0;
	return 0;
}

static void row_label(char *buf, size_t cap, const struct report *r, const struct comparison *c)
{
	const char *tp = workload_tenant_param(c->cell->workload);
	double t = tp ? cell_param(c->cell, tp) : NAN;

	/* two short lines: the metric is the family's declared one, named in the tables */
	snprintf(buf, cap, "%s: %s\n%s", r->families[c->family].id, c->cell->variant,
		 c->cell->workload);
	if (!isnan(t))
		snprintf(buf + strlen(buf), cap - strlen(buf), ", %s=%g", tp, t);
	if (strcmp(c->base->variant, BASELINE_VARIANT))
		snprintf(buf + strlen(buf), cap - strlen(buf), " vs %s", c->base->variant);
}

/* What the rows are compared with: one variant's name, or "each row's reference". */
static const char *rows_reference(const struct comparison *const *rows, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (strcmp(rows[i]->base->variant, rows[0]->base->variant))
			return "each row's reference";
	return n ? rows[0]->base->variant : BASELINE_VARIANT;
}

/*
 * The rows of a forest: the comparisons of question's families (NULL: of
 * every family), in family order.
 */
static size_t forest_rows(const struct report *r, const char *question,
			  const struct comparison **rows, size_t cap)
{
	const struct family *fams[FOREST_MAX_ROWS];
	const struct comparison *c;
	struct family_walk w;
	size_t n = 0;

	if (question)
		family_walk_start(&w, r, fams,
				  families_of_question(r, question, fams, FOREST_MAX_ROWS));
	else
		family_walk_start(&w, r, NULL, 0);
	while ((c = family_walk_next(&w)) && n < cap)
		if (drawable(c))
			rows[n++] = c;
	return n;
}

size_t chart_forest_count(const struct report *r, const char *question)
{
	const struct comparison *rows[FOREST_MAX_ROWS];

	return forest_rows(r, question, rows, FOREST_MAX_ROWS);
}

const char *chart_forest_name(const char *question, char *buf, size_t cap)
{
	snprintf(buf, cap, "forest-%s", question ? question : "confirmatory");
	return buf;
}

static void forest_draw(const struct report *r, const char *dir, struct chart_list *l,
			const struct comparison *const *rows, size_t n, const char *name,
			const char *title)
{
	char label[400], sub[300], axis[200];
	struct chart *ch;
	size_t drawn_series = 0;
	FILE *dat, *gp;

	ch = chart_new(l, name, title);
	if (!ch)
		return;
	ch->height = 260 + 34 * (int)n;
	if (!(dat = chart_open(dir, ch, "dat")))
		return;
	gp = chart_open(dir, ch, "gp");
	if (!gp) {
		fclose(dat);
		return;
	}
	/* index 0: each row's margin, centred on no change */
	for (size_t i = 0; i < n; i++)
		fprintf(dat, "0 %zu %.6g %.6g\n", i + 1,
			isnan(rows[i]->margin) ? 0 : -rows[i]->margin * 100,
			isnan(rows[i]->margin) ? 0 : rows[i]->margin * 100);
	fputs("\n\n", dat);
	snprintf(sub, sizeof(sub), "Hodges-Lehmann change and its 90%% interval, on which the "
		 "verdict is sized against the margin (grey)\na cost going up is worse, "
		 "throughput going up is better");
	snprintf(axis, sizeof(axis), "change against %s (%%)", rows_reference(rows, n));
	chart_preamble(gp, ch, sub, axis, "");
	/*
	 * the row labels push the plot right, so the title and the legend are
	 * placed on the canvas, not over the plot, or they run off its edge
	 */
	fputs("unset title\nset label 1 ", gp);
	snprintf(label, sizeof(label), "%s\n%s", title, sub);
	gp_string(gp, label);
	fputs(" at screen 0.5, screen 1 center front offset 0, -1\nset tmargin 6\n", gp);
	fputs("set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 3 "
	      "width 2\nset bmargin 9\n", gp);
	fputs("set yrange [] reverse\nset ytics nomirror font ',9' (", gp);
	for (size_t i = 0; i < n; i++) {
		row_label(label, sizeof(label), r, rows[i]);
		fprintf(gp, "%s", i ? ", " : "");
		gp_string(gp, label);
		fprintf(gp, " %zu", i + 1);
	}
	fprintf(gp, ")\nset yrange [%zu.5:0.5]\nset xzeroaxis lt -1\nset grid xtics\n", n);
	fprintf(gp, "plot '%s.dat' index 0 using 1:2:3:4 with xerrorbars lw 6 lc rgb '#d9d9d9' "
		"pt -1 title \"margin\"", ch->name);
	for (size_t k = 0; k < sizeof(classes) / sizeof(classes[0]); k++) {
		size_t rowsk = 0;

		for (size_t i = 0; i < n; i++) {
			const struct comparison *c = rows[i];
			double lo = c->tost.valid ? c->tost.lo : c->ratio_hl;
			double hi = c->tost.valid ? c->tost.hi : c->ratio_hl;

			if (c->verdict != classes[k].v)
				continue;
			fprintf(dat, "%.6g %zu %.6g %.6g\n", (c->ratio_hl - 1) * 100, i + 1,
				(lo - 1) * 100, (hi - 1) * 100);
			rowsk++;
		}
		if (!rowsk)
			continue;
		fputs("\n\n", dat);
		drawn_series++;
		fprintf(gp, ", \\\n    '%s.dat' index %zu using 1:2:3:4 with xerrorbars lw 2 "
			"pt %d ps 1.3 lc rgb '%s' title ", ch->name, drawn_series, classes[k].point,
			classes[k].colour);
		gp_string(gp, verdict_text(classes[k].v));
	}
	fputs("\n", gp);
	chart_finish(gp, ch);
	fclose(dat);
	fclose(gp);
}

void chart_forest(const struct report *r, const char *dir, struct chart_list *l)
{
	const struct comparison *rows[FOREST_MAX_ROWS];
	char name[64], title[200];
	size_t n = forest_rows(r, NULL, rows, FOREST_MAX_ROWS);

	if (!n) {
		chart_note_absent(l, "forest plot: no confirmatory comparison with an effect");
		return;
	}
	snprintf(title, sizeof(title), "Every confirmatory comparison: change against %s",
		 rows_reference(rows, n));
	forest_draw(r, dir, l, rows, n, "forest-confirmatory", title);
	/* one per question, shown under it on the decisions page */
	for (const char *const *q = family_questions; *q; q++) {
		n = forest_rows(r, *q, rows, FOREST_MAX_ROWS);
		if (!n)
			continue;
		snprintf(title, sizeof(title), "%s: its confirmatory comparisons against %s",
			 question_title(*q), rows_reference(rows, n));
		forest_draw(r, dir, l, rows, n, chart_forest_name(*q, name, sizeof(name)), title);
	}
}
