/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_SUMMARY_FILES_H
#define MMX_SUMMARY_FILES_H

#include "model.h"

/*
 * The machine-readable side of the report, in DIR: cells.csv (one row per
 * cell and metric), comparisons.csv (one row per comparison with baseline),
 * failed_runs.csv, and summary.json holding all of it plus the gate status.
 */
int summary_files_write(const struct report *r, const char *dir);

#endif
