/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CHART_UPSTREAM_H
#define MMX_CHART_UPSTREAM_H

#include "chart_script.h"
#include "model.h"
#include "upstream_calibration.h"

/* One chart per profile calibration with data: the matrix's gain and upstream's. */
void chart_upstream(const struct report *r, const char *dir, struct chart_list *l);
/* Its chart's file name, for the section that shows it. */
void chart_upstream_name(const struct upstream_calibration *c, char *buf, size_t cap);

#endif
