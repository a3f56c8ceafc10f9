/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_REPORT_EVIDENCE_H
#define MMX_REPORT_EVIDENCE_H

#include <stdio.h>

#include "answers.h"

/* The decision summary's evidence lines, each one comparison. */

/* report_family_lines.c */
/*
 * One evidence line: the variant, cell and metric, the ratio with its
 * interval, the equivalence interval against the margin, p and its
 * adjustment (family or descriptive), n, the verdict; cost lines add the
 * counts beside the modelled cost at P=200.
 */
void comparison_line(FILE *f, const struct report *r, const struct comparison *c);
/* A family's declaration and what its n can show, before its lines. */
void family_header(FILE *f, const struct report *r, const struct family *fam);
/* The lines of one group of an answer: its families' members the group's pick keeps. */
void group_lines(FILE *f, const struct report *r, const struct answer *a, size_t group);

/* report_line_parts.c */
/*
 * The cell's parameters other than the tenant count whose value differs in
 * another cell with data for metric m in the same workload, timing mode and
 * kconfig ("rx_cpus=3 cpus=8"): what tells its line from the others.  only:
 * a NULL-terminated list of the keys to consider, or NULL for every key.
 */
const char *cell_setting(const struct report *r, const struct cell *c, size_t m,
			 const char *const *only, char *buf, size_t cap);
/* "; charge-path instructions -3.0% (equivalent)...": the counts beside P=200. */
void cost_beside(FILE *f, const struct report *r, const struct comparison *c);

/* report_pass_shape.c */
/*
 * One line per baseline rx-mixed cell that a comparison of one of variants
 * (NULL-terminated) rests on: its pass-shaping parameters (flows,
 * dev_weight, receive CPUs) and, where measured, its median pass shape.
 */
void pass_shape_block(FILE *f, const struct report *r, const char *const *variants);

#endif
