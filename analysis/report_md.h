/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_REPORT_MD_H
#define MMX_REPORT_MD_H

#include <stdio.h>

#include "charts.h"
#include "report.h"

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
void md_tables(FILE *f, const struct report *r);
void md_failures(FILE *f, const struct report *r);
void md_provenance(FILE *f, const struct report *r);
/* The methodology's intervals: method, and rank and coverage per sample size. */
void md_intervals(FILE *f, const struct report *r);

/* helpers shared by the sections (report_md.c) */
const char *gate_word(enum gate_state g);
/* The tenant-count parameter of a workload ("tenants", "kmem_tenants"). */
const char *tenant_param_of(const char *workload);
/* Distinct values of a record field over runs (of variant, or all): "a, b". */
void distinct_field(const struct report *r, const char *variant, const char *field,
		    char *buf, size_t cap);
/* Ordered distinct timing modes that have comparisons. */
size_t timing_modes(const struct report *r, const char **out, size_t cap);

#endif
