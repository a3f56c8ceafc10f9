/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CHART_LINES_H
#define MMX_CHART_LINES_H

#include "chart_script.h"
#include "model.h"

/* a metric against the tenant count, one line per variant */
void chart_lines_vs_tenants(const struct report *r, const char *dir, struct chart_list *l);

#endif
