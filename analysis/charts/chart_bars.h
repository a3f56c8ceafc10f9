/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CHART_BARS_H
#define MMX_CHART_BARS_H

#include "chart_script.h"
#include "model.h"

/* the bar and heatmap kinds; each adds its charts to l, or notes their absence */
void chart_slot_heatmap(const struct report *r, const char *dir, struct chart_list *l);
void chart_rt_bars(const struct report *r, const char *dir, struct chart_list *l);
void chart_charge_share(const struct report *r, const char *dir, struct chart_list *l);

#endif
