// SPDX-License-Identifier: GPL-2.0
/*
 * The calibration chart: the calibrated design's modelled receive gain
 * over baseline against clients per CPU, with its Hodges-Lehmann bars,
 * upstream's published gain as the second series, and the contention
 * projection (closed_queue.h) where the profile declares it.
 */
#include <math.h>
#include <stdio.h>

#include "chart_upstream.h"
#include "upstream_calibration.h"

void chart_upstream_name(const struct upstream_calibration *c, char *buf, size_t cap)
{
	snprintf(buf, cap, "calibration-%s", c->profile);
}

/* One series of the plot command: data block index, columns and style, its key. */
static void series(FILE *gp, const struct chart *ch, int index, const char *how,
		   const char *key)
{
	fprintf(gp, "'%s.dat' index %d using %s title ", ch->name, index, how);
	gp_string(gp, key);
	/* upstream's (index 0) comes last and ends the command */
	if (index)
		fputs(", \\\n    ", gp);
}

static void one_chart(const char *dir, struct chart_list *l, const struct upstream_calibration *c)
{
	char name[200], title[300], sub[400], key[200];
	struct chart *ch;
	FILE *dat, *gp;
	size_t gains = 0, ceilings = 0, queued = 0;

	chart_upstream_name(c, name, sizeof(name));
	snprintf(title, sizeof(title), "%s over baseline: modelled receive gain against upstream %s",
		 c->variant, c->commit);
	ch = chart_new(l, name, title);
	if (!ch || !(dat = chart_open(dir, ch, "dat")))
		return;
	gp = chart_open(dir, ch, "gp");
	if (!gp) {
		fclose(dat);
		return;
	}
	/* index 0: upstream's rows; index 1: the matrix's (no interval: a bare point) */
	for (size_t i = 0; i < c->npoints; i++)
		fprintf(dat, "%g %.6g\n", c->points[i].clients / c->cpus,
			calibration_upstream_gain(c, i) * 100);
	fputs("\n\n", dat);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct calibration_row *row = &c->rows[i];

		if (isnan(row->gain))
			continue;
		fprintf(dat, "%g %.6g %.6g %.6g\n", row->per_cpu, row->gain * 100,
			(isnan(row->gain_lo) ? row->gain : row->gain_lo) * 100,
			(isnan(row->gain_hi) ? row->gain : row->gain_hi) * 100);
		gains++;
	}
	/* two lines: a metric path is too long to share one with upstream's part */
	snprintf(sub, sizeof(sub), "timing mode: %s; %s, Hodges-Lehmann bars\nupstream: "
		 "%g CPUs, published throughput with / without - 1", c->timing ? c->timing : "?",
		 c->metric_path, c->cpus);
	chart_preamble(gp, ch, sub, "clients per CPU", "throughput gain over baseline (%)");
	fputs("set xzeroaxis lt -1\nset offsets graph 0.03, graph 0.03, 0, 0\n", gp);
	fputs("\n\n", dat);
	/* index 2: the ceiling, where the spec names a variant for it */
	for (size_t i = 0; i < c->nrows; i++)
		if (!isnan(c->rows[i].ceiling)) {
			fprintf(dat, "%g %.6g\n", c->rows[i].per_cpu, c->rows[i].ceiling * 100);
			ceilings++;
		}
	fputs("\n\n", dat);
	/* index 3: the contention projection at upstream's CPU count */
	for (size_t i = 0; i < c->nrows; i++)
		if (!isnan(c->rows[i].queue_gain)) {
			fprintf(dat, "%g %.6g\n", c->rows[i].per_cpu, c->rows[i].queue_gain * 100);
			queued++;
		}
	fputs("plot ", gp);
	/* no cell with a gain yet (n < 3 a side): upstream's series alone */
	if (gains) {
		snprintf(key, sizeof(key), "%s, this matrix (1 / cost ratio - 1)", c->variant);
		series(gp, ch, 1, "1:2:3:4 with yerrorlines lw 2 lc rgb '#1f77b4' pt 7", key);
	}
	if (ceilings) {
		snprintf(key, sizeof(key), "ceiling: baseline / %s - 1", c->ceiling_variant);
		series(gp, ch, 2, "1:2 with linespoints lw 1 dt 3 lc rgb '#7f7f7f' pt 6", key);
	}
	if (queued) {
		snprintf(key, sizeof(key), "%s, contention projection at %g CPUs (queue on one line)",
			 c->variant, c->cpus);
		series(gp, ch, 3, "1:2 with linespoints lw 1 dt 4 lc rgb '#2ca02c' pt 9", key);
	}
	snprintf(key, sizeof(key), "upstream %s (%g CPUs)", c->commit, c->cpus);
	series(gp, ch, 0, "1:2 with linespoints lw 2 dt 2 lc rgb '#d62728' pt 5", key);
	fputs("\n", gp);
	chart_finish(gp, ch);
	fclose(dat);
	fclose(gp);
}

void chart_upstream(const struct report *r, const char *dir, struct chart_list *l)
{
	struct upstream_calibration cal[4];
	size_t n = upstream_calibrations(r, cal, 4);

	for (size_t i = 0; i < n; i++)
		one_chart(dir, l, &cal[i]);
}
