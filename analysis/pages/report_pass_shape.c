// SPDX-License-Identifier: GPL-2.0
/*
 * The regime behind RFC 2's receive numbers: how many tenants one
 * net_rx_action pass holds decides what a per-pass batch can save (its gain
 * is bounded by tenant runs per pass over distinct tenants per pass), so
 * each rx-mixed setting the answer rests on is named with the parameters
 * that shape a pass and, where the runs measured it (pass_stats=1), the
 * baseline's segments, tenants and runs per tenant per pass.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report_evidence.h"
#include "stats.h"

/* Median of metrics.KEY over the cell's ok runs; NAN when none has it. */
static double run_median(const struct cell *c, const char *key)
{
	size_t n = 0, i;
	double *x = calloc(json_array_size(c->ok_runs) + 1, sizeof(*x)), m;
	json_t *run;

	if (!x)
		return NAN;
	json_array_foreach(c->ok_runs, i, run) {
		json_t *v = json_object_get(json_object_get(run, "metrics"), key);

		if (json_is_number(v))
			x[n++] = json_number_value(v);
	}
	m = n ? stats_median(x, n) : NAN;
	free(x);
	return m;
}

/* "flows 4, dev_weight 300, 1 receive CPU; per pass ...": one setting. */
static void shape_line(FILE *f, const struct cell *base, const char *variants)
{
	double flows = cell_param(base, "flows"), dw = cell_param(base, "dev_weight");
	double rx = cell_param(base, "rx_cpus"), tenants = cell_param(base, "tenants");
	double nics = cell_param(base, "rx_nics");
	double segs = run_median(base, "pass_skbs_mean");
	double ten = run_median(base, "pass_tenants_mean");
	double runs = run_median(base, "pass_runs_per_tenant");

	fprintf(f, "  - %s at %.0f tenant%s (%s, %s): flows %.0f, ", variants, tenants,
		tenants == 1 ? "" : "s", base->timing, base->kconfig, isnan(flows) ? 1 : flows);
	if (isnan(dw))
		fputs("dev_weight 64 (the kernel's default)", f);
	else
		fprintf(f, "dev_weight %.0f", dw);
	fprintf(f, ", %.0f receive CPU%s", isnan(rx) ? 1 : rx, !isnan(rx) && rx > 1 ? "s" : "");
	/* topology=virtio rx_nics=K: K NAPI instances in each pass's reach */
	if (!isnan(nics) && nics > 1)
		fprintf(f, " polling %.0f receiving NICs", nics);
	fputs("; ", f);
	if (isnan(segs) || isnan(ten) || isnan(runs))
		fputs("pass shape not measured (these runs had pass_stats=0)\n", f);
	else
		fprintf(f, "baseline's median pass: %.1f segments, %.2f distinct tenants, "
			"%.2f runs per tenant, so a per-pass batch can avoid at most %.0f%% "
			"of the single stock's memcg switches\n", segs, ten, runs,
			runs > 1 ? 100 * (1 - 1 / runs) : 0);
}

void pass_shape_block(FILE *f, const struct report *r, const char *const *variants)
{
	const struct cell *seen[64];
	size_t nseen = 0;

	for (size_t i = 0; i < r->ncmp && nseen < 64; i++) {
		const struct comparison *c = &r->cmp[i];
		char names[256] = "";
		size_t k;
		int named = 0;

		if (strcmp(c->cell->workload, "rx-mixed") || !c->base)
			continue;
		for (const char *const *v = variants; *v && !named; v++)
			named = !strcmp(*v, c->cell->variant);
		for (k = 0; k < nseen && seen[k] != c->base; k++)
			;
		if (!named || k < nseen)
			continue;
		seen[nseen++] = c->base;
		/* every listed variant compared against this baseline cell */
		for (size_t j = i; j < r->ncmp; j++)
			for (const char *const *v = variants; *v; v++)
				if (r->cmp[j].base == c->base && !strcmp(*v, r->cmp[j].cell->variant) &&
				    !strstr(names, *v))
					snprintf(names + strlen(names), sizeof(names) - strlen(names),
						 "%s`%s`", names[0] ? ", " : "", *v);
		if (nseen == 1)
			fputs("  The receive regime behind these numbers (how many tenants one "
			      "net_rx_action pass holds bounds what a per-pass batch can save):\n", f);
		shape_line(f, c->base, names);
	}
}
