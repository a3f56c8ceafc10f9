// SPDX-License-Identifier: GPL-2.0
/*
 * Whether a cell's cost numbers may be used: the cost plugin counts calls
 * of the probed charge functions itself and compares them with the
 * kprobes' counts of the same window (metrics.cost.crosscheck_ok).  A run
 * where they disagree means the instrument missed or invented work, and
 * one it could not check (null) is unverified; either way its whole cell's
 * cost numbers are shown but not trusted.
 */
#include "model.h"

void cell_cost_tally(struct cell *c)
{
	size_t i;
	json_t *rec;

	c->cost_runs = c->crosscheck_false = c->crosscheck_unchecked = 0;
	json_array_foreach(c->ok_runs, i, rec) {
		json_t *cost = json_object_get(json_object_get(rec, "metrics"), "cost");
		json_t *ok;

		if (!json_is_object(cost))
			continue;
		c->cost_runs++;
		ok = json_object_get(cost, "crosscheck_ok");
		if (!json_is_boolean(ok))
			c->crosscheck_unchecked++;
		else if (json_is_false(ok))
			c->crosscheck_false++;
	}
}

int cell_cost_trusted(const struct cell *c)
{
	return !c->crosscheck_false && !c->crosscheck_unchecked;
}

int comparison_trusted(const struct comparison *c)
{
	if (!metric_is_cost(&metric_defs[c->metric]))
		return 1;
	return cell_cost_trusted(c->cell) && cell_cost_trusted(c->base);
}

int report_has_cost(const struct report *r)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (r->cells[i].cost_runs)
			return 1;
	return 0;
}
