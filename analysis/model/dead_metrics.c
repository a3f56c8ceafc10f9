// SPDX-License-Identifier: GPL-2.0
/*
 * A metric with no real measurement is "no data", never 0.  A live
 * counter of time, rate or instructions (metric_def.never_zero) cannot be
 * 0 where it was measured; when it is 0 in every run of every cell of a
 * table (workload, timing mode, kconfig axis), the table did not measure
 * it: NET_RX softirq time on PREEMPT_RT, where NET_RX runs in threads the
 * softirq tracepoints do not see.  Its cells keep the count of such runs
 * (dead_runs) and get n = 0, so no statistic, chart or comparison uses it.
 */
#include <math.h>
#include <string.h>

#include "model.h"

static int all_zero(const struct cell_metric *cm)
{
	for (size_t i = 0; i < cm->n; i++)
		if (cm->values[i] != 0)
			return 0;
	return cm->n > 0;
}

static int same_table(const struct cell *a, const struct cell *b)
{
	return !strcmp(a->workload, b->workload) && !strcmp(a->timing, b->timing) &&
	       !strcmp(a->kconfig, b->kconfig);
}

/* Every cell of c's table with data for m has only zeros. */
static int table_dead(const struct report *r, const struct cell *c, size_t m)
{
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *o = &r->cells[i];

		if (same_table(o, c) && o->metrics[m].n && !all_zero(&o->metrics[m]))
			return 0;
	}
	return 1;
}

void cells_mark_dead(struct report *r)
{
	for (size_t m = 0; m < metric_defs_count; m++) {
		if (!metric_defs[m].never_zero)
			continue;
		for (size_t i = 0; i < r->ncells; i++) {
			struct cell *c = &r->cells[i];
			struct cell_metric *cm = &c->metrics[m];

			if (strcmp(c->workload, metric_defs[m].workload) || !cm->n ||
			    !table_dead(r, c, m))
				continue;
			/* the whole table goes: its other cells are all zeros too */
			for (size_t j = i; j < r->ncells; j++) {
				struct cell_metric *o = &r->cells[j].metrics[m];

				if (!same_table(&r->cells[j], c) || !o->n)
					continue;
				o->dead_runs = o->n;
				o->n = 0;
				o->median = o->cv = NAN;
				o->ci = (struct interval){ 0, NAN, NAN, NAN, 1,
							   "no data: 0 in every run" };
			}
		}
	}
}
