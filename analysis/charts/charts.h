/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CHARTS_H
#define MMX_CHARTS_H

#include "chart_script.h"
#include "model.h"

/* Writes every chart's data and script into dir and runs gnuplot on each. */
int charts_write(const struct report *r, const char *dir, struct chart_list *out);
void charts_free(struct chart_list *l);

#endif
