// SPDX-License-Identifier: GPL-2.0
/*
 * mmx matrix --dry-run's look at the families: how many comparisons each
 * holds in the planned cells, and whether the profile's repetitions can
 * decide anything in it before a single run is spent (family_plan.h).
 */
#include <math.h>
#include <string.h>

#include "family_plan.h"
#include "family_spec.h"
#include "metrics_table.h"
#include "stats.h"

#define PLAN_ALPHA 0.05
#define PLAN_REPS_CAP 5000

static int same_settings(const struct plan_cell *a, const struct plan_cell *b);

/* The reference cell (baseline unless the family names another) of a planned cell, or NULL. */
static const struct plan_cell *reference_of(const char *ref, const struct plan_cell *c,
					    const struct plan_cell *cells, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(cells[i].variant, ref) && same_settings(&cells[i], c))
			return &cells[i];
	return NULL;
}

static int same_settings(const struct plan_cell *a, const struct plan_cell *b)
{
	return !strcmp(a->axis, b->axis) && !strcmp(a->workload, b->workload) &&
	       !strcmp(a->timing, b->timing) && json_equal(a->params, b->params);
}

/*
 * The CV of metric path in the ok runs of one planned cell; NAN if under 2.
 * Read as the report reads it: some metrics are derived (metric_def_value).
 */
static double cell_cv(json_t *runs, const struct plan_cell *cell, const char *path)
{
	int def = metric_index(cell->workload, path);
	const char *id = cell->id;
	double v[512];
	size_t i, k = 0;
	json_t *rec;

	if (def < 0)
		return NAN;
	json_array_foreach(runs, i, rec) {
		const char *cid = json_string_value(json_object_get(json_object_get(rec, "matrix"),
								    "cell_id"));
		const char *st = json_string_value(json_object_get(rec, "status"));

		if (k < 512 && cid && st && !strcmp(cid, id) && !strcmp(st, "ok") &&
		    !metric_def_value(&metric_defs[def], json_object_get(rec, "metrics"), &v[k]))
			k++;
	}
	return stats_cv(v, k);
}

struct test_plan {
	size_t size;		/* comparisons of the test */
	int reps;		/* the fewest repetitions of their cells (0: none) */
	double cv_sq;		/* sum of squared CVs measured */
	size_t with_cv;
};

/* The test's comparisons in the plan and the noise the store measured so far. */
static struct test_plan plan_test(json_t *family, json_t *test, const char *mode,
				  const char *path, const struct plan_cell *cells, size_t n,
				  json_t *runs)
{
	struct test_plan tp = { 0 };

	for (size_t i = 0; i < n; i++) {
		const struct plan_cell *c = &cells[i], *b;
		double cv;

		if (!family_test_matches(family, test, mode, c->variant, c->workload, c->axis,
					 c->timing, c->params) ||
		    !(b = reference_of(family_reference(family), c, cells, n)))
			continue;
		tp.size++;
		if (!tp.reps || c->reps < tp.reps)
			tp.reps = c->reps;
		if (b->reps < tp.reps)
			tp.reps = b->reps;
		if (!runs || !path)
			continue;
		/* the reference and every A/A set planned beside it: their noise */
		for (size_t k = 0; k < n; k++) {
			if (&cells[k] != b &&
			    !(variant_is_aa(cells[k].variant) && same_settings(&cells[k], b)))
				continue;
			cv = cell_cv(runs, &cells[k], path);
			if (!isnan(cv)) {
				tp.cv_sq += cv * cv;
				tp.with_cv++;
			}
		}
	}
	return tp;
}

/* The largest CV at which n runs a cell reach equivalence within margin. */
static double cv_limit(double margin, int reps)
{
	double at_one = stats_equivalence_reach(1.0, (size_t)reps, (size_t)reps, PLAN_ALPHA);

	return isinf(at_one) ? 0 : margin / at_one;
}

static int check_margin(FILE *out, const char *profile, const char *id, json_t *margins,
			json_t *test, const char *path, const struct test_plan *tp, int reps,
			size_t family)
{
	double margin = family_margin(margins, path), limit, cv;
	size_t need;
	const char *wl = json_string_value(json_object_get(test, "workload"));

	if (isnan(margin) || !tp->size)
		return 0;
	limit = cv_limit(margin, reps);
	if (limit <= 0) {
		fprintf(out, "warning: profile %s, family %s, %s %s: %d runs a cell give no "
			"equivalence interval (it needs 3), so equivalence within ±%g%% cannot be "
			"shown\n", profile, id, wl ? wl : "?", path, reps, margin * 100);
		return 1;
	}
	fprintf(out, "    %s %s: equivalence within ±%g%% is reachable if its CV is at most "
		"%.2g%%", wl ? wl : "?", path, margin * 100, limit * 100);
	if (!tp->with_cv) {
		fputs(" (no runs yet to measure it)\n", out);
		return 0;
	}
	/*
	 * the formula's limit is optimistic at small n: the runs that decide
	 * come from simulating the test itself at the measured noise
	 */
	cv = sqrt(tp->cv_sq / (double)tp->with_cv);
	need = stats_reps_sim(cv, margin, family, PLAN_ALPHA, PLAN_REPS_CAP);
	fprintf(out, "; the store's reference and A/A cells show %.2g%%, at which %zu runs a "
		"cell decide it\n", cv * 100, need);
	if (need <= (size_t)reps)
		return 0;
	fprintf(out, "warning: profile %s, family %s, %s %s: at the CV measured so far "
		"(%.2g%%) %d runs a cell cannot decide within ±%g%% (find a difference of the "
		"margin and show equivalence when nothing differs, each with 80%% power, "
		"simulated: exact Mann-Whitney, Holm in a family of %zu); about %zu would\n",
		profile, id, wl ? wl : "?", path, cv * 100, reps, margin * 100, family, need);
	return 1;
}

/* The fewest repetitions of a family's compared cells (0: none planned). */
static int family_reps(const struct test_plan *plans, size_t nt)
{
	int reps = 0;

	for (size_t k = 0; k < nt; k++)
		if (plans[k].reps && (!reps || plans[k].reps < reps))
			reps = plans[k].reps;
	return reps;
}

int family_plan_check(FILE *out, const char *profile, json_t *spec,
		      const struct plan_cell *cells, size_t n, json_t *runs)
{
	json_t *families = json_object_get(spec, "families"), *fam, *test;
	json_t *margins = json_object_get(spec, "margins");
	size_t i, k, worst_size = 0;
	const char *worst_id = NULL;
	int warnings = 0, most, worst_reps = 0;
	double worst = 0;

	if (!json_array_size(families)) {
		fprintf(out, "families: none declared (every comparison of this profile will be "
			"descriptive)\n");
		return 0;
	}
	/* the profile's count; a family whose cells have their own says so */
	most = (int)json_integer_value(json_object_get(spec, "repetitions"));
	fprintf(out, "families (confirmatory, Holm within each; %d runs a cell: smallest "
		"possible p %.3g):\n", most, stats_smallest_p((size_t)most, (size_t)most));
	json_array_foreach(families, i, fam) {
		const char *id = json_string_value(json_object_get(fam, "id"));
		size_t size = 0;
		struct test_plan plans[16];
		const char *paths[16];
		size_t nt = 0;
		double floor_p;
		int reps;
		char at[48] = "";

		json_array_foreach(json_object_get(fam, "tests"), k, test) {
			const char *declared[8];

			if (nt == 16)
				break;
			paths[nt] = family_test_metrics(test, declared, 8) ? declared[0] : NULL;
			plans[nt] = plan_test(fam, test, family_timing(spec, fam), paths[nt],
					      cells, n, runs);
			size += plans[nt++].size;
		}
		reps = family_reps(plans, nt);
		if (!reps)
			reps = most;
		floor_p = stats_smallest_p((size_t)reps, (size_t)reps);
		if (reps != most)
			snprintf(at, sizeof(at), " at %d runs a cell", reps);
		fprintf(out, "  %s: %zu comparisons%s; smallest p x %zu = %.3g: %s\n",
			id ? id : "?", size, at, size, floor_p * (double)size,
			floor_p * (double)size < PLAN_ALPHA ?
			"a complete separation passes Holm" : "nothing can pass Holm");
		if (size && floor_p * (double)size > worst) {
			worst = floor_p * (double)size;
			worst_size = size;
			worst_id = id;
			worst_reps = reps;
		}
		k = 0;
		json_array_foreach(json_object_get(fam, "tests"), k, test)
			if (k < nt && paths[k])
				warnings += check_margin(out, profile, id ? id : "?", margins, test,
							 paths[k], &plans[k],
							 plans[k].reps ? plans[k].reps : reps,
							 size);
	}
	if (worst >= PLAN_ALPHA) {
		fprintf(out, "warning: profile %s: with %d repetitions the smallest possible "
			"Mann-Whitney p is 2/C(%d,%d) = %.3g, times the %zu comparisons of family "
			"%s = %.3g, not below %.2f: no comparison of that family can be "
			"significant; %zu repetitions would let a complete separation pass Holm\n",
			profile, worst_reps, 2 * worst_reps, worst_reps,
			stats_smallest_p((size_t)worst_reps, (size_t)worst_reps), worst_size,
			worst_id ? worst_id : "?", worst, PLAN_ALPHA,
			stats_reps_for_floor(worst_size, PLAN_ALPHA, PLAN_REPS_CAP));
		warnings++;
	}
	return warnings;
}
