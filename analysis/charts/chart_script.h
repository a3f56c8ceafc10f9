/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CHART_SCRIPT_H
#define MMX_CHART_SCRIPT_H

#include <stdio.h>

#include "model.h"

/* One chart: DIR/NAME.{dat,gp,svg,png}. */
struct chart {
	char name[200];
	char title[300];
	int drawn;		/* gnuplot produced both images */
	int height;		/* pixels; 0: the default size */
};

struct chart_list {
	struct chart *v;
	size_t n;
	char absent[2048];	/* charts that have no data, and why */
};

/* what every chart kind shares (chart_script.c) */
struct chart *chart_new(struct chart_list *l, const char *name, const char *title);
FILE *chart_open(const char *dir, const struct chart *c, const char *ext);
/* Writes the terminal lines, title, labels; the caller adds plot commands. */
void chart_preamble(FILE *gp, const struct chart *c, const char *subtitle,
		    const char *xlabel, const char *ylabel);
/* Ends the script: the same plot again as PNG. */
void chart_finish(FILE *gp, const struct chart *c);
/*
 * A colour of its own for the i-th variant of the report, the same in
 * every chart: baseline first (black); 16 colours that tell apart at a
 * glance, then they repeat (the point shape differs).
 */
const char *variant_colour(size_t i);
void chart_note_absent(struct chart_list *l, const char *what);
/* Prints s as a double-quoted gnuplot string. */
void gp_string(FILE *f, const char *s);

/* What the bars of a chart are: the coverage and n range of its intervals. */
struct coverage_span {
	double lo, hi;
	size_t nlo, nhi;
	size_t bare;		/* cells drawn without an interval (n too small) */
};
void coverage_span_add(struct coverage_span *s, const struct cell_metric *cm);
/* "median and order-statistic interval (coverage 98.4% at n = 7)" */
const char *coverage_span_text(char *buf, size_t cap, const struct coverage_span *s);

#endif
