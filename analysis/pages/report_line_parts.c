// SPDX-License-Identifier: GPL-2.0
/*
 * Parts of an evidence line that the family lines and the ranking both
 * print: what tells a cell from its neighbours, and the cost counts beside
 * the modelled cost.
 */
#include <string.h>

#include "report_evidence.h"
#include "report_format.h"

static int listed(const char *key, const char *const *only)
{
	for (; only && *only; only++)
		if (!strcmp(*only, key))
			return 1;
	return !only;
}

const char *cell_setting(const struct report *r, const struct cell *c, size_t m,
			 const char *const *only, char *buf, size_t cap)
{
	const char *key, *tp = workload_tenant_param(c->workload);
	json_t *mine;
	size_t len = 0;

	buf[0] = '\0';
	json_object_foreach(c->params_json, key, mine) {
		int differs = 0;

		if (!strcmp(key, tp) || !listed(key, only))
			continue;
		for (size_t i = 0; i < r->ncells && !differs; i++) {
			const struct cell *o = &r->cells[i];
			json_t *other = json_object_get(o->params_json, key);

			differs = o->metrics[m].n && !strcmp(o->workload, c->workload) &&
				  !strcmp(o->timing, c->timing) && !strcmp(o->kconfig, c->kconfig) &&
				  other && !(json_is_number(other) && json_is_number(mine) ?
					     json_number_value(other) == json_number_value(mine) :
					     json_equal(other, mine));
		}
		if (!differs)
			continue;
		len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%s=", len ? " " : "", key);
		if (json_is_number(mine))
			len += snprintf(buf + len, len < cap ? cap - len : 0, "%g",
					json_number_value(mine));
		else
			len += snprintf(buf + len, len < cap ? cap - len : 0, "%s",
					json_is_string(mine) ? json_string_value(mine) : "?");
	}
	return buf;
}

/* "; line transfers -12.0% (inconclusive)": a supporting cost count of the same cell. */
static void beside(FILE *f, const struct report *r, const struct cell *c, const char *stem,
		   const char *what)
{
	const struct comparison *s = comparison_find(r, c, metric_cost_index(c->workload, stem));
	char d[96];

	if (s)
		fprintf(f, "; %s %s (%s)", what, fmt_delta(d, sizeof(d), planning_ratio(s), NULL),
			verdict_word(r, s));
}

void cost_beside(FILE *f, const struct report *r, const struct comparison *c)
{
	if (metric_defs[c->metric].primary != PRIMARY_COST)
		return;
	beside(f, r, c->cell, "charge_insns", "charge-path instructions");
	beside(f, r, c->cell, "transfers_est", "line transfers (estimate)");
	beside(f, r, c->cell, "modelled_cycles_zen2", "on Zen 2");
	if (!comparison_trusted(c))
		fprintf(f, "; **not trusted: crosscheck_ok not true in %zu of %zu runs of this "
			"cell, %zu of %zu of baseline's (the plugin's call counts disagree with "
			"the kprobes', or could not be checked)**",
			c->cell->crosscheck_false + c->cell->crosscheck_unchecked,
			c->cell->cost_runs,
			c->base->crosscheck_false + c->base->crosscheck_unchecked,
			c->base->cost_runs);
}
