/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_REPORT_MD_H
#define MMX_REPORT_MD_H

#include <stdio.h>

#include "charts.h"
#include "model.h"

/* REPORT.md at path; charts and summaries are referenced under asset_rel/. */
int report_md_write(const struct report *r, const struct chart_list *charts,
		    const char *path, const char *asset_rel);

/* the sections, one file each */
void md_decisions(FILE *f, const struct report *r);
/* The decision summary's last part: every "worse" of a design, any setting. */
void md_regressions(FILE *f, const struct report *r);
/* The families, what their n can show, and what was not tested or has no data. */
void md_families(FILE *f, const struct report *r);
void md_correctness(FILE *f, const struct report *r);
/* Only when a run carries the cost plugin's counts. */
void md_cost_model(FILE *f, const struct report *r);
void md_ranking(FILE *f, const struct report *r);
void md_calibration(FILE *f, const struct report *r);
/*
 * A profile's "calibration": the design's modelled gain beside upstream's
 * table, in short on the first screen and in full on a page of its own
 * (shown when some calibration has runs).
 */
void md_upstream_calibration(FILE *f, const struct report *r, const struct chart_list *charts,
			     const char *rel);
void md_upstream_calibration_full(FILE *f, const struct report *r,
				  const struct chart_list *charts);
int md_upstream_calibrations(const struct report *r);
void md_tables(FILE *f, const struct report *r);
void md_failures(FILE *f, const struct report *r);
void md_provenance(FILE *f, const struct report *r);
/* The methodology's intervals: method, and rank and coverage per sample size. */
void md_intervals(FILE *f, const struct report *r);

#endif
