/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CHART_FOREST_H
#define MMX_CHART_FOREST_H

#include "chart_script.h"
#include "report.h"

/* One row per confirmatory comparison: its change, interval, margin and verdict. */
void chart_forest(const struct report *r, const char *dir, struct chart_list *l);

#endif
