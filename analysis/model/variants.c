// SPDX-License-Identifier: GPL-2.0
/*
 * What the report knows of each variant beside its numbers: its gate
 * verdict (GATE_DIR/NAME.json from mmx check), its knobs and description
 * from matrix.json, and whether it is ranked.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "run_store.h"

struct variant_info *variant_find(const struct report *r, const char *name)
{
	for (size_t i = 0; i < r->nvariants; i++)
		if (!strcmp(r->variants[i].name, name))
			return &r->variants[i];
	return NULL;
}

int variant_ranked(const struct variant_info *v)
{
	return v->gate != GATE_INVALID && !v->control;
}

int variant_is_design(const struct variant_info *v)
{
	return !v->control && strcmp(v->name, BASELINE_VARIANT);
}

static int axis_listed(const char *axes, const char *axis)
{
	size_t n = strlen(axis);

	for (const char *p = axes; (p = strstr(p, axis)); p += n)
		if ((p == axes || p[-1] == ',') && (p[n] == ',' || !p[n]))
			return 1;
	return 0;
}

static void add_axis(char *axes, size_t cap, const char *axis)
{
	size_t len = strlen(axes);

	if (!axis_listed(axes, axis))
		snprintf(axes + len, cap - len, "%s%s", len ? "," : "", axis);
}

enum gate_state variant_gate_on(const struct variant_info *v, const char *kconfig)
{
	if (v->gate == GATE_PASS && !axis_listed(v->gated_axes, kconfig))
		return GATE_NOT_GATED;
	return v->gate;
}

/* Reads NAME.json; 0 when a summary exists. */
static int read_gate(const struct report *r, struct variant_info *v, const char *name)
{
	char path[4096];
	json_t *sum, *items, *item;
	size_t i, len = 0;
	int failed = 0;

	snprintf(path, sizeof(path), "%s/%s.json", r->gate_dir, name);
	sum = json_load_file(path, 0, NULL);
	if (!json_is_object(sum)) {
		json_decref(sum);
		return -1;
	}
	items = json_object_get(sum, "items");
	v->gated_axes[0] = '\0';
	json_array_foreach(items, i, item) {
		add_axis(v->gated_axes, sizeof(v->gated_axes), run_str(item, "kconfig", "?"));
		if (strcmp(run_str(item, "verdict", "?"), "fail"))
			continue;
		failed++;
		len += snprintf(v->gate_why + len, len < sizeof(v->gate_why) ?
				sizeof(v->gate_why) - len : 0, "%s%s (%s): %s",
				failed > 1 ? "; " : "", run_str(item, "item", "?"),
				run_str(item, "kconfig", "?"), run_str(item, "why", ""));
	}
	if (!failed && !strcmp(run_str(sum, "verdict", "pass"), "fail")) {
		failed = 1;
		snprintf(v->gate_why, sizeof(v->gate_why), "verdict fail");
	}
	v->gate = failed ? GATE_INVALID : GATE_PASS;
	if (!failed)
		snprintf(v->gate_why, sizeof(v->gate_why), "%.300s (%zu items on %s, %.40s)",
			 path, json_array_size(items), v->gated_axes,
			 run_str(sum, "started_at", "undated"));
	json_decref(sum);
	return 0;
}

static int same_field(json_t *a, json_t *b, const char *key)
{
	json_t *x = json_object_get(a, key), *y = json_object_get(b, key);

	return (!x && !y) || (x && y && json_equal(x, y));
}

/* A variant that builds and boots the same kernel as another (baseline-aa). */
static const char *same_kernel_as(json_t *mv, const char *name, json_t *def)
{
	json_t *base = json_object_get(def, "base"), *od;
	const char *other;

	/* nothing of its own but a base: its base's kernel and command line */
	if (json_is_string(base) && !json_object_get(def, "series") &&
	    !json_object_get(def, "kconfig") && !json_object_get(def, "cmdline"))
		return json_string_value(base);

	json_object_foreach(mv, other, od)
		if (strcmp(other, name) && same_field(def, od, "series") &&
		    same_field(def, od, "kconfig") && same_field(def, od, "cmdline") &&
		    same_field(def, od, "base") && same_field(def, od, "knobs"))
			return other;
	return NULL;
}

static struct variant_info *variant_add(struct report *r, const char *name)
{
	struct variant_info *v = variant_find(r, name);

	if (v)
		return v;
	v = realloc(r->variants, (r->nvariants + 1) * sizeof(*v));
	if (!v)
		return NULL;
	r->variants = v;
	v = &r->variants[r->nvariants++];
	memset(v, 0, sizeof(*v));
	v->name = strdup(name);
	return v;
}

/* Its command line, or a base's (they come first), turns socket charging off. */
static int boots_nosocket(json_t *mv, const char *name)
{
	for (int depth = 0; name && depth < 16; depth++) {
		json_t *def = json_object_get(mv, name);
		const char *cmd = json_string_value(json_object_get(def, "cmdline"));

		if (cmd && strstr(cmd, "cgroup.memory=nosocket"))
			return 1;
		name = json_string_value(json_object_get(def, "base"));
	}
	return 0;
}

static void variant_describe(struct report *r, struct variant_info *v, json_t *mv)
{
	json_t *def = json_object_get(mv, v->name);
	const char *twin;

	v->knobs = json_object_get(def, "knobs");
	v->description = json_string_value(json_object_get(def, "description"));
	v->control = variant_is_aa(v->name) ||
		     (v->description && !strncmp(v->description, "control", 7));
	v->nosocket = boots_nosocket(mv, v->name);
	v->gate = GATE_NOT_GATED;
	snprintf(v->gate_why, sizeof(v->gate_why), "no %s/%s.json", r->gate_dir, v->name);
	if (!read_gate(r, v, v->name))
		return;
	twin = def ? same_kernel_as(mv, v->name, def) : NULL;
	if (twin && !read_gate(r, v, twin)) {
		char own[sizeof(v->gate_why)];

		snprintf(own, sizeof(own), "%s", v->gate_why);
		snprintf(v->gate_why, sizeof(v->gate_why),
			 "same kernel and command line as %.60s: %.400s", twin, own);
	}
}

static int ran(const struct report *r, const char *name)
{
	size_t i;
	json_t *rec;

	json_array_foreach(r->runs, i, rec)
		if (!strcmp(run_str(rec, "variant", ""), name))
			return 1;
	return 0;
}

int variants_load(struct report *r, json_t *matrix_variants)
{
	const char *name;
	json_t *def;
	size_t i;
	json_t *rec;

	/*
	 * baseline first, then matrix.json's order, then any other seen in
	 * runs; a variant matrix.json defines but this store never ran has
	 * nothing to report (the methodology section names them)
	 */
	if (!variant_add(r, BASELINE_VARIANT) || !variant_add(r, AA_VARIANT))
		return -1;
	json_object_foreach(matrix_variants, name, def)
		if (ran(r, name) && !variant_add(r, name))
			return -1;
	json_array_foreach(r->runs, i, rec)
		if (!variant_add(r, run_str(rec, "variant", "?")))
			return -1;
	for (i = 0; i < r->nvariants; i++)
		variant_describe(r, &r->variants[i], matrix_variants);
	return 0;
}
