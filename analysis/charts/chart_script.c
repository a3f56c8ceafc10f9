// SPDX-License-Identifier: GPL-2.0
/*
 * What every chart kind writes the same way: its entry in the list, its
 * files, the gnuplot lines around its plot commands, and the caption of its
 * intervals. Kept apart from charts.c, which calls the kinds, so that the
 * kinds and the driver depend on this file and not on each other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_script.h"
#include "report_format.h"

#define CHART_WIDTH 1000
#define CHART_HEIGHT 600

static int chart_height(const struct chart *c)
{
	return c->height > 0 ? c->height : CHART_HEIGHT;
}

struct chart *chart_new(struct chart_list *l, const char *name, const char *title)
{
	struct chart *c = realloc(l->v, (l->n + 1) * sizeof(*c));

	if (!c)
		return NULL;
	l->v = c;
	c = &l->v[l->n++];
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	snprintf(c->title, sizeof(c->title), "%s", title);
	return c;
}

FILE *chart_open(const char *dir, const struct chart *c, const char *ext)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s.%s", dir, c->name, ext);
	return fopen(path, "w");
}

void gp_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '\n') {
			fputs("\\n", f);
			continue;
		}
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void chart_preamble(FILE *gp, const struct chart *c, const char *subtitle,
		    const char *xlabel, const char *ylabel)
{
	char title[800];

	/* noenhanced: variant and parameter names hold underscores */
	fprintf(gp, "set terminal svg size %d,%d dynamic noenhanced font 'sans,12' "
		"background '#ffffff'\nset output '%s.svg'\n", CHART_WIDTH, chart_height(c),
		c->name);
	snprintf(title, sizeof(title), "%s\n%s", c->title, subtitle);
	fputs("set title ", gp);
	gp_string(gp, title);
	fputs("\nset xlabel ", gp);
	gp_string(gp, xlabel);
	fputs("\nset ylabel ", gp);
	gp_string(gp, ylabel);
	fputs("\nset grid\nset key below horizontal noenhanced spacing 1.1\nset bmargin 9\n", gp);
}

void coverage_span_add(struct coverage_span *s, const struct cell_metric *cm)
{
	if (!cm || !cm->n)
		return;
	if (!cm->ci.valid) {
		s->bare++;
		return;
	}
	if (!s->nhi || cm->ci.coverage < s->lo)
		s->lo = cm->ci.coverage;
	if (!s->nhi || cm->ci.coverage > s->hi)
		s->hi = cm->ci.coverage;
	if (!s->nhi || cm->n < s->nlo)
		s->nlo = cm->n;
	if (cm->n > s->nhi)
		s->nhi = cm->n;
}

const char *coverage_span_text(char *buf, size_t cap, const struct coverage_span *s)
{
	struct interval lo = { .coverage = s->lo, .exact = 1 };
	struct interval hi = { .coverage = s->hi, .exact = 1 };
	char a[16], b[16];
	size_t len;

	if (!s->nhi) {
		snprintf(buf, cap, "median (no interval: n < %d)", STATS_CI_MIN_N);
		return buf;
	}
	if (s->nlo == s->nhi)
		len = snprintf(buf, cap, "median and order-statistic interval (coverage %s "
			       "at n = %zu)", fmt_coverage(a, sizeof(a), &lo), s->nlo);
	else
		len = snprintf(buf, cap, "median and order-statistic interval (coverage %s "
			       "to %s at n = %zu to %zu)", fmt_coverage(a, sizeof(a), &lo),
			       fmt_coverage(b, sizeof(b), &hi), s->nlo, s->nhi);
	if (s->bare && len < cap)
		snprintf(buf + len, cap - len, "; no bar below n = %d", STATS_CI_MIN_N);
	return buf;
}

void chart_finish(FILE *gp, const struct chart *c)
{
	fprintf(gp, "set terminal pngcairo size %d,%d noenhanced font 'sans,10' "
		"background '#ffffff'\nset output '%s.png'\nreplot\n", CHART_WIDTH,
		chart_height(c), c->name);
}

void chart_note_absent(struct chart_list *l, const char *what)
{
	size_t len = strlen(l->absent);

	snprintf(l->absent + len, sizeof(l->absent) - len, "%s- %s\n",
		 len ? "" : "", what);
}

const char *variant_colour(size_t i)
{
	/* black, then Tableau 10 and six more, far apart in hue or lightness */
	static const char *const colours[] = {
		"#000000", "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
		"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79",
		"#e7ba52", "#637939", "#ad494a", "#7b4173",
	};

	return colours[i % (sizeof(colours) / sizeof(colours[0]))];
}
