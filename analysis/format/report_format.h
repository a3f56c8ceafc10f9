/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_REPORT_FORMAT_H
#define MMX_REPORT_FORMAT_H

#include <stddef.h>

#include "model.h"

/* Text of numbers as the report shows them; "n/a" when not computable. */
const char *fmt_value(char *buf, size_t cap, const struct metric_def *d, double v);
/* "98.4%": an interval's coverage, rounded down; "≈95.1%" when approximate. */
const char *fmt_coverage(char *buf, size_t cap, const struct interval *ci);
/* "12.3 [11.9, 12.8] (98.4%)" in the metric's unit, the interval's coverage last. */
const char *fmt_median_ci(char *buf, size_t cap, const struct metric_def *d,
			  const struct cell_metric *cm);
/* "+12.3% [+8.1%, +15.0%] (96.2%)" of a ratio; the reason when no interval. */
const char *fmt_delta(char *buf, size_t cap, double ratio, const struct interval *ci);
const char *fmt_p(char *buf, size_t cap, double p);
/*
 * "better", "worse", "equivalent", "inconclusive", or "invalid" (failed
 * gate), "untrusted" (cost numbers whose crosscheck failed), "not tested"
 * (degenerate), "n/a" for a comparison row.
 */
const char *verdict_word(const struct report *r, const struct comparison *c);
/* "Holm 0.012 in family no-cache", "BH 0.31, descriptive" or "not tested". */
const char *fmt_adjusted(char *buf, size_t cap, const struct report *r,
			 const struct comparison *c);
/* "12.3%", "0.04%": a coefficient of variation. */
const char *fmt_cv(char *buf, size_t cap, double cv);
/* "±5%", or "no margin declared". */
const char *fmt_margin(char *buf, size_t cap, double margin);
/* The mmx command line that re-runs one repetition of a cell. */
const char *reproduce_cmd(char *buf, size_t cap, const struct cell *c);
/* A file-name-safe slug of s. */
const char *slug(char *buf, size_t cap, const char *s);

const char *gate_word(enum gate_state g);
/* Distinct values of a record field over runs (of variant, or all): "`a`, `b`". */
void distinct_field(const struct report *r, const char *variant, const char *field,
		    char *buf, size_t cap);
/* "RFC 1" for "rfc1": a question's short title. */
const char *question_title(const char *id);
/* "RFC 1. Keep the single-memcg per-CPU stock at all?": its heading. */
const char *question_heading(const char *id);

#endif
