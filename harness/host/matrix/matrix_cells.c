// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "matrix_cells.h"
#include "run_params.h"

/*
 * Wall time a run costs beyond its workload (QEMU start, boot, shutdown)
 * under tcg: quick's rx-mixed runs took 6.9 s for 3 s of work, kmem-mix
 * 8.6 s.  Under icount boot alone costs 8 s (the probe workload: 0.7 s of
 * guest time) and each second of work about 3.4 s: the cold make of
 * 2026-12-04 19:06-19:31 UTC at -j 2 took 23.4 s per rx-mixed run with the
 * cost plugin (3 s of work), 25.3 s per kmem-mix run without it (its setup
 * is longer) and 19.9 s per fault-mix run with it (1.5 s of work).
 */
#define BOOT_OVERHEAD_S 4.5
#define ICOUNT_BOOT_S 8.0
#define ICOUNT_S_PER_WORK_S 3.4
/*
 * cost=1 (the TCG plugin) slows the work, not the boot, under icount;
 * under tcg baseline rx-mixed at 16 tenants took 11.0 s with it against
 * 9.5 s without (2026-12-04).  The plugin's second version (instruction
 * classes, the estimate's four windows, 2026-12-05) costs more: quick's
 * rx-mixed runs took 27.7 s alone and 32.3 s on average at -j 2 with the
 * session's builds beside them, against 21.5 s; kmem-mix 48.4 s against
 * 26.9 s (it makes the most charge-path memory accesses).
 */
#define COST_WALL_FACTOR_ICOUNT 2.3
#define COST_WALL_FACTOR_TCG 1.15

static json_t *profile_of(const struct matrix *m, const char *name)
{
	return json_object_get(json_object_get(m->root, "profiles"), name);
}

int matrix_profile_repetitions(const struct matrix *m, const char *profile)
{
	return (int)json_integer_value(json_object_get(profile_of(m, profile),
						       "repetitions"));
}

static double estimate_s(const struct matrix *m, const char *workload,
			 json_t *params, const char *mode)
{
	json_t *wl = matrix_workload(m, workload);
	double work = json_number_value(json_object_get(params, "duration_s")) +
		      json_number_value(json_object_get(params, "warmup_s")) +
		      json_number_value(json_object_get(wl, "expected_s"));

	int cost = json_integer_value(json_object_get(params, "cost")) == 1;

	if (strcmp(mode, "icount") == 0)
		return ICOUNT_BOOT_S + ICOUNT_S_PER_WORK_S * work *
		       (cost ? COST_WALL_FACTOR_ICOUNT : 1);
	return (BOOT_OVERHEAD_S + work) * (cost ? COST_WALL_FACTOR_TCG : 1);
}

static int add_cell(const struct matrix *m, struct cell_list *l, const char *variant,
		    const char *axis, const char *workload, const char *mode,
		    json_t *params, int reps)
{
	struct matrix_cell *c;
	char *dump = json_dumps(params, JSON_COMPACT | JSON_SORT_KEYS);
	char id[1024];

	snprintf(id, sizeof(id), "%s/%s/%s/%s %s", variant, axis, workload, mode,
		 dump ? dump : "{}");
	free(dump);
	for (int i = 0; i < l->n; i++)
		if (strcmp(l->v[i].id, id) == 0)
			return 0;
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 64;
		struct matrix_cell *v = realloc(l->v, sizeof(*v) * (size_t)cap);

		if (!v)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	c = &l->v[l->n++];
	memset(c, 0, sizeof(*c));
	snprintf(c->variant, sizeof(c->variant), "%s", variant);
	snprintf(c->axis, sizeof(c->axis), "%s", axis);
	snprintf(c->workload, sizeof(c->workload), "%s", workload);
	snprintf(c->timing_mode, sizeof(c->timing_mode), "%s", mode);
	snprintf(c->id, sizeof(c->id), "%s", id);
	c->params = json_incref(params);
	c->est_s = estimate_s(m, workload, params, mode);
	c->reps = reps;
	return 0;
}

/*
 * Walks the grid's cartesian product as an odometer over its keys; each
 * point becomes key=value arguments for the workload's parameter parser.
 */
static int expand_group(const struct matrix *m, json_t *prof, json_t *g,
			struct cell_list *out)
{
	const char *wname = json_string_value(json_object_get(g, "workload"));
	json_t *grid = json_object_get(g, "grid"), *schema, *axes, *modes;
	const char *keys[32];
	size_t nkeys = 0, idx[32] = { 0 }, i, j, k;
	json_t *var, *axis, *mode, *own = json_object_get(g, "repetitions");
	static json_t *base_axis;
	int reps = (int)json_integer_value(own ? own : json_object_get(prof, "repetitions"));

	schema = json_object_get(matrix_workload(m, wname), "params");
	axes = json_object_get(g, "kconfig");
	if (!axes) {
		if (!base_axis)
			base_axis = json_pack("[s]", "base");
		axes = base_axis;
	}
	/* a group may run in its own modes (a tcg realism cell of an icount profile) */
	modes = json_object_get(g, "timing_modes");
	if (!modes)
		modes = json_object_get(prof, "timing_modes");
	{
		const char *key;
		json_t *vals;

		json_object_foreach(grid, key, vals)
			if (nkeys < 32)
				keys[nkeys++] = key;
	}
	for (;;) {
		char args[32][400], *argv[32], err[1024], text[256];
		json_t *params;

		for (k = 0; k < nkeys; k++) {
			matrix_value_text(json_array_get(json_object_get(grid, keys[k]), idx[k]),
					  text, sizeof(text));
			snprintf(args[k], sizeof(args[k]), "%s=%s", keys[k], text);
			argv[k] = args[k];
		}
		snprintf(text, sizeof(text), "workload %s", wname);
		params = params_from_args(schema, text, (int)nkeys, argv, err, sizeof(err));
		if (!params) {
			fail_msg("%s: %s", m->path, err);
			return -1;
		}
		json_array_foreach(json_object_get(g, "variants"), i, var)
			json_array_foreach(axes, j, axis)
				json_array_foreach(modes, k, mode)
					if (add_cell(m, out, json_string_value(var),
						     json_string_value(axis), wname,
						     json_string_value(mode), params, reps) < 0) {
						json_decref(params);
						return -1;
					}
		json_decref(params);
		/* next grid point */
		for (k = 0; k < nkeys; k++) {
			if (++idx[k] < json_array_size(json_object_get(grid, keys[k])))
				break;
			idx[k] = 0;
		}
		if (k == nkeys)
			return 0;
	}
}

int matrix_expand_profile(const struct matrix *m, const char *profile,
			  struct cell_list *out)
{
	json_t *prof = profile_of(m, profile), *g;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (!prof) {
		fail_msg("unknown profile '%s' ($.profiles in %s)", profile, m->path);
		matrix_list_names(m, "profiles", profile);
		return -1;
	}
	json_array_foreach(json_object_get(prof, "cells"), i, g)
		if (expand_group(m, prof, g, out) < 0) {
			cell_list_free(out);
			return -1;
		}
	return 0;
}

void cell_list_free(struct cell_list *l)
{
	for (int i = 0; i < l->n; i++)
		json_decref(l->v[i].params);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
