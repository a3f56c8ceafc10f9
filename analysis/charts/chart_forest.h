/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CHART_FOREST_H
#define MMX_CHART_FOREST_H

#include "chart_script.h"
#include "model.h"

/* One row per confirmatory comparison: its change, interval, margin and verdict. */
void chart_forest(const struct report *r, const char *dir, struct chart_list *l);
/* The rows question's own forest has (0: none drawn); NULL: every family. */
size_t chart_forest_count(const struct report *r, const char *question);
/* "forest-rfc1": the chart of question, NULL: of every confirmatory comparison. */
const char *chart_forest_name(const char *question, char *buf, size_t cap);

#endif
