// SPDX-License-Identifier: GPL-2.0
/*
 * Checks matrix.json as a whole before any command acts on it, so a typo
 * is reported with its JSON path instead of surfacing as a strange run.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "family_spec.h"
#include "file_read.h"
#include "kconfig_fragment.h"
#include "log.h"
#include "matrix_cells.h"
#include "matrix_validate.h"
#include "metrics_table.h"
#include "run_params.h"

struct validation {
	const struct matrix *m;
	int errors;
};

static void problem(struct validation *v, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fail_msg("%s: %s", v->m->path, msg);
	v->errors++;
}

/* A repo-relative path named at json_path must exist (dir: a directory). */
static void need_path(struct validation *v, const char *json_path, const char *rel,
		      const char *must_contain)
{
	char abs[4096], file[4200];

	matrix_repo_path(v->m, rel, abs, sizeof(abs));
	snprintf(file, sizeof(file), "%s%s%s", abs, must_contain ? "/" : "",
		 must_contain ? must_contain : "");
	if (access(file, R_OK) != 0)
		problem(v, "%s: '%s' does not exist (%s)", json_path, rel, file);
}

/* One value against one parameter schema, through the run-time parser. */
static void check_value(struct validation *v, const char *json_path, json_t *schema,
			const char *owner, const char *key, json_t *value)
{
	char text[256], arg[400], err[1024], *argv[1] = { arg };
	json_t *params;

	if (matrix_value_text(value, text, sizeof(text)) < 0) {
		problem(v, "%s: expected a number or a string", json_path);
		return;
	}
	snprintf(arg, sizeof(arg), "%s=%s", key, text);
	params = params_from_args(schema, owner, 1, argv, err, sizeof(err));
	if (!params)
		problem(v, "%s: %s", json_path, err);
	json_decref(params);
}

static void check_param_schema(struct validation *v, const char *path, json_t *params,
			       const char *owner)
{
	static const char *const types[] = { "int", "real", "string", "enum" };
	const char *key;
	json_t *spec;

	if (!json_is_object(params)) {
		problem(v, "%s: expected an object of parameter schemas", path);
		return;
	}
	json_object_foreach(params, key, spec) {
		const char *type = json_string_value(json_object_get(spec, "type"));
		char p[512];
		int known = 0;

		snprintf(p, sizeof(p), "%s.%s", path, key);
		for (size_t i = 0; type && i < sizeof(types) / sizeof(types[0]); i++)
			known |= strcmp(type, types[i]) == 0;
		if (!known) {
			problem(v, "%s.type: expected int, real, string or enum", p);
			continue;
		}
		if (strcmp(type, "enum") == 0 &&
		    (!json_is_array(json_object_get(spec, "values")) ||
		     json_array_size(json_object_get(spec, "values")) == 0)) {
			problem(v, "%s.values: an enum needs a non-empty array of strings", p);
			continue;
		}
		if (json_object_get(spec, "default")) {
			char dp[600];

			snprintf(dp, sizeof(dp), "%s.default", p);
			check_value(v, dp, params, owner, key, json_object_get(spec, "default"));
		}
	}
}

static void check_kconfig(struct validation *v)
{
	json_t *axes = json_object_get(json_object_get(v->m->root, "kconfig"), "axes");
	const char *axis;
	json_t *frags, *f;
	size_t i;

	if (!json_is_object(axes) || json_object_size(axes) == 0) {
		problem(v, "$.kconfig.axes: expected an object of axis: [fragments]");
		return;
	}
	json_object_foreach(axes, axis, frags) {
		char p[256];

		snprintf(p, sizeof(p), "$.kconfig.axes.%s", axis);
		if (!json_is_array(frags) || json_array_size(frags) == 0) {
			problem(v, "%s: expected a non-empty array of fragment paths", p);
			continue;
		}
		json_array_foreach(frags, i, f) {
			char fp[300];

			snprintf(fp, sizeof(fp), "%s[%zu]", p, i);
			if (!json_is_string(f))
				problem(v, "%s: expected a path string", fp);
			else
				need_path(v, fp, json_string_value(f), NULL);
		}
	}
}

/* The knob schema a variant's knobs answer to: its own or its bases'. */
static json_t *knob_schema(const struct matrix *m, const char *name)
{
	for (int depth = 0; name && depth < MATRIX_BASE_DEPTH; depth++) {
		json_t *var = matrix_variant(m, name);
		json_t *schema = json_object_get(var, "knob_schema");

		if (schema)
			return schema;
		name = json_string_value(json_object_get(var, "base"));
	}
	return NULL;
}

static void check_variant(struct validation *v, const char *name, json_t *var)
{
	const char *base = json_string_value(json_object_get(var, "base"));
	json_t *series = json_object_get(var, "series"), *frags, *f, *knobs, *val;
	const char *key;
	char p[256], fp[400], owner[200];
	size_t i;

	snprintf(p, sizeof(p), "$.variants.%s", name);
	if (!json_is_object(var)) {
		problem(v, "%s: expected an object", p);
		return;
	}
	if (json_object_get(var, "base") && !base)
		problem(v, "%s.base: expected a variant name", p);
	if (base) {
		const char *walk = name;
		int depth = 0;

		if (!matrix_variant(v->m, base))
			problem(v, "%s.base: unknown variant '%s'", p, base);
		while (walk && depth++ < MATRIX_BASE_DEPTH)
			walk = json_string_value(json_object_get(matrix_variant(v->m, walk),
								 "base"));
		if (walk)
			problem(v, "%s.base: the chain of bases is a cycle or deeper than %d",
				p, MATRIX_BASE_DEPTH);
	}
	if (!series && !base)
		problem(v, "%s.series: missing (the variant's patch directory, or a 'base' "
			"variant to stack on)", p);
	else if (series && !json_is_string(series))
		problem(v, "%s.series: expected a directory path", p);
	else if (series)
		need_path(v, p, json_string_value(series), "series");
	frags = json_object_get(var, "kconfig");
	if (frags && !json_is_array(frags))
		problem(v, "%s.kconfig: expected an array of fragment paths", p);
	json_array_foreach(frags, i, f) {
		snprintf(fp, sizeof(fp), "%s.kconfig[%zu]", p, i);
		if (!json_is_string(f))
			problem(v, "%s: expected a path string", fp);
		else
			need_path(v, fp, json_string_value(f), NULL);
	}
	if (json_object_get(var, "cmdline") && !json_is_string(json_object_get(var, "cmdline")))
		problem(v, "%s.cmdline: expected a string", p);
	snprintf(owner, sizeof(owner), "variant %s", name);
	if (json_object_get(var, "knob_schema")) {
		snprintf(fp, sizeof(fp), "%s.knob_schema", p);
		check_param_schema(v, fp, json_object_get(var, "knob_schema"), owner);
	}
	knobs = json_object_get(var, "knobs");
	if (knobs && !json_is_object(knobs))
		problem(v, "%s.knobs: expected an object of knob: value", p);
	json_object_foreach(knobs, key, val) {
		json_t *schema = knob_schema(v->m, name);

		snprintf(fp, sizeof(fp), "%s.knobs.%s", p, key);
		if (!schema)
			problem(v, "%s: no knob_schema in this variant or its bases", fp);
		else
			check_value(v, fp, schema, owner, key, val);
	}
}

static void check_variants(struct validation *v)
{
	json_t *vars = json_object_get(v->m->root, "variants"), *var;
	const char *name;

	if (!json_is_object(vars) || json_object_size(vars) == 0) {
		problem(v, "$.variants: expected a non-empty object of variants");
		return;
	}
	json_object_foreach(vars, name, var)
		check_variant(v, name, var);
}

static void check_workloads(struct validation *v)
{
	json_t *wls = json_object_get(v->m->root, "workloads"), *wl;
	const char *name;

	if (!json_is_object(wls) || json_object_size(wls) == 0) {
		problem(v, "$.workloads: expected a non-empty object of workloads");
		return;
	}
	json_object_foreach(wls, name, wl) {
		char p[256], owner[200];

		snprintf(p, sizeof(p), "$.workloads.%s.params", name);
		snprintf(owner, sizeof(owner), "workload %s", name);
		if (json_object_get(wl, "params"))
			check_param_schema(v, p, json_object_get(wl, "params"), owner);
	}
}

static void check_names(struct validation *v, const char *path, json_t *list,
			json_t *(*lookup)(const struct matrix *, const char *),
			const char *what)
{
	json_t *n;
	size_t i;

	if (!json_is_array(list) || json_array_size(list) == 0) {
		problem(v, "%s: expected a non-empty array of %s names", path, what);
		return;
	}
	json_array_foreach(list, i, n)
		if (!json_is_string(n) || !lookup(v->m, json_string_value(n)))
			problem(v, "%s[%zu]: unknown %s '%s'", path, i, what,
				json_is_string(n) ? json_string_value(n) : "(not a string)");
}

static json_t *axis_lookup(const struct matrix *m, const char *name)
{
	return matrix_kconfig_axis(m, name);
}

static int timing_mode_known(const char *s)
{
	return s && (!strcmp(s, "tcg") || !strcmp(s, "icount") || !strcmp(s, "kvm"));
}

/* A profile's timing_modes, or a cell group's own (it overrides the profile's). */
static void check_timing_modes(struct validation *v, const char *p, json_t *modes)
{
	json_t *mode;
	size_t i;

	if (!json_is_array(modes) || json_array_size(modes) == 0)
		problem(v, "%s.timing_modes: expected a non-empty array of tcg, icount, kvm", p);
	json_array_foreach(modes, i, mode)
		if (!timing_mode_known(json_string_value(mode)))
			problem(v, "%s.timing_modes[%zu]: expected tcg, icount or kvm", p, i);
}

/*
 * CONFIG_NR_CPUS as a kconfig axis's fragments set it (merge_config.sh: the
 * last setting wins), with the fragment that sets it; 0 when none does.
 */
static long axis_nr_cpus(const struct matrix *m, const char *axis, const char **from)
{
	json_t *frags = matrix_kconfig_axis(m, axis), *f;
	long nr = 0;
	size_t i;

	json_array_foreach(frags, i, f) {
		char abs[4096], value[64], *text;

		if (!json_is_string(f))
			continue;
		matrix_repo_path(m, json_string_value(f), abs, sizeof(abs));
		text = read_whole_file(abs, NULL);
		if (text && kconfig_fragment_value(text, "CONFIG_NR_CPUS", value,
						   sizeof(value))) {
			nr = strtol(value, NULL, 10);
			*from = json_string_value(f);
		}
		free(text);
	}
	return nr;
}

/*
 * A guest given more vCPUs than its kernel's CONFIG_NR_CPUS brings up only
 * NR_CPUS of them, and the cell would measure fewer receive CPUs than it says.
 */
static void check_cpus_fit(struct validation *v, const char *path, json_t *g)
{
	json_t *cpus = json_object_get(json_object_get(g, "grid"), "cpus");
	json_t *axes = json_object_get(g, "kconfig"), *axis, *c;
	json_t *base = axes ? NULL : json_pack("[s]", "base");
	long long guest = matrix_guest_int(v->m, "cpus", 4);
	size_t i, j;

	json_array_foreach(axes ? axes : base, i, axis) {
		const char *name = json_string_value(axis), *from = "";
		long nr = name ? axis_nr_cpus(v->m, name, &from) : 0;

		if (nr <= 0)
			continue;
		json_array_foreach(cpus, j, c)
			if (json_is_integer(c) && json_integer_value(c) > nr)
				problem(v, "%s.grid.cpus[%zu]: %lld vCPUs, but kconfig axis %s builds "
					"CONFIG_NR_CPUS=%ld (%s), so the guest would bring up only "
					"%ld: run the cell on an axis whose fragments set "
					"CONFIG_NR_CPUS to at least %lld", path, j,
					json_integer_value(c), name, nr, from, nr,
					json_integer_value(c));
		if (!cpus && guest > nr)
			problem(v, "%s: the guest's %lld vCPUs ($.guest.cpus) exceed kconfig "
				"axis %s's CONFIG_NR_CPUS=%ld (%s)", path, guest, name, nr, from);
	}
	json_decref(base);
}

static void check_group(struct validation *v, const char *path, json_t *g)
{
	const char *wname = json_string_value(json_object_get(g, "workload")), *key;
	json_t *wl = wname ? matrix_workload(v->m, wname) : NULL, *values, *val;
	char p[512];
	size_t i;

	if (!json_is_object(g)) {
		problem(v, "%s: expected an object with variants, workload and grid", path);
		return;
	}
	snprintf(p, sizeof(p), "%s.variants", path);
	check_names(v, p, json_object_get(g, "variants"), matrix_variant, "variant");
	if (json_object_get(g, "kconfig")) {
		snprintf(p, sizeof(p), "%s.kconfig", path);
		check_names(v, p, json_object_get(g, "kconfig"), axis_lookup, "kconfig axis");
	}
	check_cpus_fit(v, path, g);
	if (json_object_get(g, "timing_modes"))
		check_timing_modes(v, path, json_object_get(g, "timing_modes"));
	val = json_object_get(g, "repetitions");
	if (val && (!json_is_integer(val) || json_integer_value(val) < 1))
		problem(v, "%s.repetitions: expected an integer >= 1 (the group's own, in place "
			"of the profile's)", path);
	if (!wl) {
		problem(v, "%s.workload: unknown workload '%s'", path, wname ?: "(missing)");
		return;
	}
	if (json_object_get(g, "grid") && !json_is_object(json_object_get(g, "grid"))) {
		problem(v, "%s.grid: expected an object of parameter: [values]", path);
		return;
	}
	json_object_foreach(json_object_get(g, "grid"), key, values) {
		snprintf(p, sizeof(p), "%s.grid.%s", path, key);
		if (!json_object_get(json_object_get(wl, "params"), key)) {
			problem(v, "%s: workload %s has no parameter '%s'", p, wname, key);
			continue;
		}
		if (!json_is_array(values) || json_array_size(values) == 0) {
			problem(v, "%s: empty grid (expected a non-empty array of values)", p);
			continue;
		}
		json_array_foreach(values, i, val) {
			char vp[600], owner[200];

			snprintf(vp, sizeof(vp), "%s[%zu]", p, i);
			snprintf(owner, sizeof(owner), "workload %s", wname);
			check_value(v, vp, json_object_get(wl, "params"), owner, key, val);
		}
	}
}

/* ---- confirmatory families and margins ($.profiles.NAME.families, .margins) */

static void check_margins(struct validation *v, const char *p, json_t *margins)
{
	const char *key;
	json_t *val;

	if (!margins)
		return;
	if (!json_is_object(margins)) {
		problem(v, "%s.margins: expected an object of metric pattern: fraction", p);
		return;
	}
	json_object_foreach(margins, key, val)
		if (!json_is_number(val) || json_number_value(val) <= 0 ||
		    json_number_value(val) >= 1)
			problem(v, "%s.margins.%s: expected a fraction between 0 and 1 (0.05 is "
				"±5%%)", p, key);
}

/* Every key of obj is one of the NULL-terminated allowed. */
static void only_keys(struct validation *v, const char *p, json_t *obj,
		      const char *const *allowed, const char *list)
{
	const char *key;
	json_t *val;

	json_object_foreach(obj, key, val) {
		const char *const *a = allowed;

		while (*a && strcmp(*a, key))
			a++;
		if (!*a)
			problem(v, "%s.%s: unknown key (expected %s)", p, key, list);
	}
}

static void check_test(struct validation *v, const char *tp, json_t *fam, json_t *test)
{
	static const char *const keys[] = { "workload", "metric", "tenants", "params",
					    "variants", NULL };
	const char *wname = json_string_value(json_object_get(test, "workload")), *key;
	json_t *wl = wname ? matrix_workload(v->m, wname) : NULL, *metric, *e, *vals;
	char p[700];
	size_t i;

	if (!json_is_object(test)) {
		problem(v, "%s: expected an object with workload, metric and tenants", tp);
		return;
	}
	only_keys(v, tp, test, keys, "workload, metric, tenants, params, variants");
	if (!wl) {
		problem(v, "%s.workload: unknown workload '%s'", tp, wname ?: "(missing)");
		return;
	}
	metric = json_object_get(test, "metric");
	if (!json_is_string(metric) && (!json_is_array(metric) || !json_array_size(metric)))
		problem(v, "%s.metric: expected a metric path or a list of them (the first with "
			"data is used)", tp);
	if (json_is_string(metric) && metric_index(wname, json_string_value(metric)) < 0)
		problem(v, "%s.metric: %s has no metric '%s' (lib/metrics_table.c)", tp,
			wname, json_string_value(metric));
	json_array_foreach(metric, i, e)
		if (!json_is_string(e) || metric_index(wname, json_string_value(e)) < 0)
			problem(v, "%s.metric[%zu]: %s has no metric '%s' (lib/metrics_table.c)",
				tp, i, wname, json_is_string(e) ? json_string_value(e) : "?");
	if (json_object_get(test, "tenants")) {
		json_t *t = json_object_get(test, "tenants");

		if (!json_is_array(t) || !json_array_size(t))
			problem(v, "%s.tenants: expected a non-empty array of tenant counts", tp);
		json_array_foreach(t, i, e)
			if (!json_is_number(e))
				problem(v, "%s.tenants[%zu]: expected a number", tp, i);
	}
	json_object_foreach(json_object_get(test, "params"), key, vals) {
		snprintf(p, sizeof(p), "%s.params.%s", tp, key);
		if (!json_object_get(json_object_get(wl, "params"), key))
			problem(v, "%s: workload %s has no parameter '%s'", p, wname, key);
		else if (!json_is_array(vals) || !json_array_size(vals))
			problem(v, "%s: expected a non-empty array of values", p);
	}
	if (json_object_get(test, "variants")) {
		snprintf(p, sizeof(p), "%s.variants", tp);
		check_names(v, p, json_object_get(test, "variants"), matrix_variant, "variant");
	} else if (!json_object_get(fam, "variants")) {
		problem(v, "%s: no variants (neither the test nor its family names any)", tp);
	}
}

static int question_known(const char *q)
{
	for (const char *const *k = family_questions; q && *k; k++)
		if (!strcmp(*k, q))
			return 1;
	return 0;
}

static void check_family(struct validation *v, const char *fp, json_t *fam,
			 json_t *families, size_t index)
{
	static const char *const keys[] = { "id", "questions", "variants", "reference",
					    "kconfig", "timing_mode", "tests", "why", NULL };
	const char *id = json_string_value(json_object_get(fam, "id"));
	json_t *q, *test;
	char p[600];
	size_t i;

	if (!json_is_object(fam)) {
		problem(v, "%s: expected an object with id, questions, variants and tests", fp);
		return;
	}
	only_keys(v, fp, fam, keys,
		  "id, questions, variants, reference, kconfig, timing_mode, tests, why");
	if (!id || !id[0])
		problem(v, "%s.id: expected a name", fp);
	for (i = 0; id && i < index; i++) {
		const char *other = json_string_value(json_object_get(json_array_get(families, i),
								      "id"));

		if (other && !strcmp(other, id))
			problem(v, "%s.id: '%s' is also the id of families[%zu]", fp, id, i);
	}
	q = json_object_get(fam, "questions");
	if (!json_is_array(q) || !json_array_size(q))
		problem(v, "%s.questions: expected a non-empty array of rfc1..rfc4, "
			"article1..article3", fp);
	json_array_foreach(q, i, test)
		if (!question_known(json_string_value(test)))
			problem(v, "%s.questions[%zu]: unknown question (expected rfc1..rfc4, "
				"article1..article3)", fp, i);
	if (json_object_get(fam, "variants")) {
		snprintf(p, sizeof(p), "%s.variants", fp);
		check_names(v, p, json_object_get(fam, "variants"), matrix_variant, "variant");
	}
	if (json_object_get(fam, "reference") &&
	    !matrix_variant(v->m, json_string_value(json_object_get(fam, "reference")) ?: ""))
		problem(v, "%s.reference: expected the name of a variant of matrix.json (the one "
			"the family's variants are compared with; baseline if absent)", fp);
	if (json_object_get(fam, "kconfig") &&
	    !matrix_kconfig_axis(v->m, json_string_value(json_object_get(fam, "kconfig")) ?: ""))
		problem(v, "%s.kconfig: unknown kconfig axis", fp);
	if (json_object_get(fam, "timing_mode") &&
	    !timing_mode_known(json_string_value(json_object_get(fam, "timing_mode"))))
		problem(v, "%s.timing_mode: expected tcg, icount or kvm", fp);
	if (json_object_get(fam, "why") && !json_is_string(json_object_get(fam, "why")))
		problem(v, "%s.why: expected a string", fp);
	if (!json_is_array(json_object_get(fam, "tests")) ||
	    !json_array_size(json_object_get(fam, "tests"))) {
		problem(v, "%s.tests: expected a non-empty array of tests", fp);
		return;
	}
	json_array_foreach(json_object_get(fam, "tests"), i, test) {
		snprintf(p, sizeof(p), "%s.tests[%zu]", fp, i);
		check_test(v, p, fam, test);
	}
}

/* A test's variant has a cell of the profile with its reference's cell beside it. */
static int compared(const struct cell_list *cells, json_t *prof, json_t *fam, json_t *test,
		    const char *variant)
{
	for (int i = 0; i < cells->n; i++) {
		const struct matrix_cell *c = &cells->v[i];

		if (strcmp(c->variant, variant) ||
		    !family_test_matches(fam, test, family_timing(prof, fam), variant, c->workload,
					 c->axis, c->timing_mode, c->params))
			continue;
		for (int k = 0; k < cells->n; k++)
			if (!strcmp(cells->v[k].variant, family_reference(fam)) &&
			    !strcmp(cells->v[k].axis, c->axis) &&
			    !strcmp(cells->v[k].workload, c->workload) &&
			    !strcmp(cells->v[k].timing_mode, c->timing_mode) &&
			    json_equal(cells->v[k].params, c->params))
				return 1;
	}
	return 0;
}

/* Whether tests a and b share a declared metric path. */
static int share_metric(json_t *a, json_t *b)
{
	const char *ma[8], *mb[8];
	size_t na = family_test_metrics(a, ma, 8), nb = family_test_metrics(b, mb, 8);

	for (size_t i = 0; i < na; i++)
		for (size_t k = 0; k < nb; k++)
			if (!strcmp(ma[i], mb[k]))
				return 1;
	return 0;
}

/* Every test reaches planned cells, and no comparison is in two families. */
static void check_family_cells(struct validation *v, const char *p, const char *name,
			       json_t *prof, json_t *families)
{
	struct cell_list cells;
	json_t *fam, *test, *var;
	size_t i, k, j;

	if (matrix_expand_profile(v->m, name, &cells) < 0)
		return;
	json_array_foreach(families, i, fam)
		json_array_foreach(json_object_get(fam, "tests"), k, test)
			json_array_foreach(family_test_variants(fam, test), j, var)
				if (json_is_string(var) &&
				    !compared(&cells, prof, fam, test, json_string_value(var)))
					problem(v, "%s.families[%zu].tests[%zu]: no cell of this "
						"profile has variant '%s' there beside a %s "
						"cell to compare with", p, i, k,
						json_string_value(var), family_reference(fam));
	for (int c = 0; c < cells.n; c++) {
		const struct matrix_cell *cell = &cells.v[c];
		json_t *first = NULL, *first_test = NULL;
		size_t first_i = 0;

		json_array_foreach(families, i, fam)
			json_array_foreach(json_object_get(fam, "tests"), k, test) {
				if (!family_test_matches(fam, test, family_timing(prof, fam),
							 cell->variant, cell->workload, cell->axis,
							 cell->timing_mode, cell->params))
					continue;
				/* against another reference it is another comparison */
				if (first && first != fam && share_metric(first_test, test) &&
				    !strcmp(family_reference(first), family_reference(fam)))
					problem(v, "%s.families[%zu] and families[%zu] both test %s: a "
						"comparison belongs to one family", p, first_i, i,
						cell->id);
				if (!first) {
					first = fam;
					first_test = test;
					first_i = i;
				}
			}
	}
	cell_list_free(&cells);
}

static void check_families(struct validation *v, const char *p, const char *name,
			   json_t *prof)
{
	json_t *families = json_object_get(prof, "families"), *fam;
	int before = v->errors;
	char fp[400];
	size_t i;

	check_margins(v, p, json_object_get(prof, "margins"));
	if (!families)
		return;
	if (!json_is_array(families)) {
		problem(v, "%s.families: expected an array of confirmatory families", p);
		return;
	}
	json_array_foreach(families, i, fam) {
		snprintf(fp, sizeof(fp), "%s.families[%zu]", p, i);
		check_family(v, fp, fam, families, i);
	}
	/* the cells are only worth expanding once everything else is right */
	if (v->errors == before)
		check_family_cells(v, p, name, prof, families);
}

/*
 * A profile's "calibration" (analysis/upstream_calibration.h): upstream's
 * table that a variant of the profile is set beside in the report.
 */
/*
 * contention_metric: one metric, or a list of them, each a line with its
 * own queue in the projection (upstream_calibration.h), at most 8.
 */
static void check_contention_lines(struct validation *v, const char *p, const char *wname,
				   json_t *lines)
{
	const char *paths[CONTENTION_LINES_MAX];
	int idx[CONTENTION_LINES_MAX], n;

	if (!lines)
		return;
	n = metric_list_index(wname ? wname : "", lines, CONTENTION_LINES_MAX, idx, paths);
	if (n == -1)
		problem(v, "%s.calibration.contention_metric: expected a metric, or a list of 1 to "
			"%d (each line its own queue)", p, CONTENTION_LINES_MAX);
	else if (n < -1)
		problem(v, "%s.calibration.contention_metric: %s has no metric '%s' "
			"(lib/metrics_table.c)", p, wname,
			paths[-2 - n] ? paths[-2 - n] : "(not a string)");
}

/* sockets and transfer_cycles_remote: together, with transfer_cycles, and dearer than it */
static void check_sockets(struct validation *v, const char *p, json_t *cal)
{
	json_t *sockets = json_object_get(cal, "sockets");
	json_t *remote = json_object_get(cal, "transfer_cycles_remote");

	if (!sockets && !remote)
		return;
	if (!json_is_integer(sockets) || json_integer_value(sockets) < 2 ||
	    !json_is_number(remote) || !json_object_get(cal, "transfer_cycles") ||
	    !(json_number_value(remote) > json_number_value(json_object_get(cal,
										   "transfer_cycles"))))
		problem(v, "%s.calibration: sockets (an integer >= 2) and transfer_cycles_remote "
			"(a transfer's price from another socket, above transfer_cycles) go "
			"together, with transfer_cycles", p);
}

static void check_calibration(struct validation *v, const char *p, json_t *cal)
{
	/* share_metric is refused below with its reason, not as an unknown key */
	static const char *const keys[] = { "commit", "reference", "cpus", "workload",
					    "variant", "ceiling_variant", "metric", "share_metric",
					    "charge_metric", "contention_metric", "transfer_cycles",
					    "contention_cost_metric", "contention_charge_metric",
					    "sockets", "transfer_cycles_remote", "packet_metric", "points",
					    "guest_cpus", NULL };
	const char *wname = json_string_value(json_object_get(cal, "workload"));
	const char *var = json_string_value(json_object_get(cal, "variant"));
	json_t *cpus = json_object_get(cal, "cpus"), *pts = json_object_get(cal, "points"), *pt;
	double last = 0;
	char cp[300];
	size_t i;

	if (!json_is_object(cal)) {
		problem(v, "%s.calibration: expected an object (commit, cpus, workload, variant, "
			"metric, points)", p);
		return;
	}
	snprintf(cp, sizeof(cp), "%s.calibration", p);
	only_keys(v, cp, cal, keys, "commit, reference, cpus, workload, variant, "
		  "ceiling_variant, metric, charge_metric, contention_metric, "
		  "transfer_cycles, contention_cost_metric, contention_charge_metric, sockets, "
		  "transfer_cycles_remote, packet_metric, points, guest_cpus");
	if (!json_is_string(json_object_get(cal, "commit")))
		problem(v, "%s.calibration.commit: expected the upstream commit the table is from", p);
	if (!json_is_integer(cpus) || json_integer_value(cpus) < 1)
		problem(v, "%s.calibration.cpus: expected upstream's CPU count, an integer >= 1", p);
	if (json_object_get(cal, "guest_cpus") &&
	    (!json_is_integer(json_object_get(cal, "guest_cpus")) ||
	     json_integer_value(json_object_get(cal, "guest_cpus")) < 1))
		problem(v, "%s.calibration.guest_cpus: expected the guest's vCPUs whose cells are "
			"compared with upstream's, an integer >= 1", p);
	if (!var || !json_object_get(json_object_get(v->m->root, "variants"), var))
		problem(v, "%s.calibration.variant: unknown variant '%s'", p, var ?: "(missing)");
	if (json_object_get(cal, "ceiling_variant") &&
	    !json_object_get(json_object_get(v->m->root, "variants"),
			     json_string_value(json_object_get(cal, "ceiling_variant")) ?: ""))
		problem(v, "%s.calibration.ceiling_variant: unknown variant", p);
	if (!wname || !matrix_workload(v->m, wname)) {
		problem(v, "%s.calibration.workload: unknown workload '%s'", p, wname ?: "(missing)");
		return;
	}
	if (!json_object_get(cal, "contention_metric") != !json_object_get(cal, "transfer_cycles") ||
	    (json_object_get(cal, "transfer_cycles") &&
	     !(json_number_value(json_object_get(cal, "transfer_cycles")) > 0)))
		problem(v, "%s.calibration: contention_metric and transfer_cycles go together, "
			"transfer_cycles a number > 0 (one line transfer's price in cycles)", p);
	check_contention_lines(v, p, wname, json_object_get(cal, "contention_metric"));
	check_sockets(v, p, cal);
	if ((json_object_get(cal, "contention_cost_metric") ||
	     json_object_get(cal, "contention_charge_metric")) &&
	    !(json_object_get(cal, "contention_metric") &&
	      json_object_get(cal, "contention_cost_metric")))
		problem(v, "%s.calibration: contention_cost_metric (and contention_charge_metric, "
			"which needs it) only with contention_metric: the projection's work per MB "
			"in the scope its transfers are counted in", p);
	if (json_object_get(cal, "share_metric"))
		problem(v, "%s.calibration.share_metric: no longer a setting: the share that "
			"bounds the calibrated metric is the metrics table's charge_share link of "
			"that metric (lib/metrics_table.c)", p);
	for (const char *const *k = (const char *const[]){ "metric", "charge_metric", "contention_cost_metric",
							    "contention_charge_metric", "packet_metric",
							    NULL }; *k; k++) {
		json_t *e = json_object_get(cal, *k);

		if ((e || !strcmp(*k, "metric")) &&
		    (!json_is_string(e) || metric_index(wname, json_string_value(e)) < 0))
			problem(v, "%s.calibration.%s: %s has no metric '%s' (lib/metrics_table.c)",
				p, *k, wname, json_is_string(e) ? json_string_value(e) : "(missing)");
	}
	if (!json_is_array(pts) || !json_array_size(pts))
		problem(v, "%s.calibration.points: expected [[clients, without, with], ...]", p);
	json_array_foreach(pts, i, pt) {
		double c = json_number_value(json_array_get(pt, 0));

		if (!json_is_array(pt) || json_array_size(pt) != 3 || c <= last ||
		    json_number_value(json_array_get(pt, 1)) <= 0 ||
		    json_number_value(json_array_get(pt, 2)) <= 0)
			problem(v, "%s.calibration.points[%zu]: expected [clients, without, with], "
				"all > 0, clients rising", p, i);
		last = c;
	}
}

static void check_profiles(struct validation *v)
{
	json_t *profiles = json_object_get(v->m->root, "profiles"), *prof, *groups, *g;
	json_t *reps;
	const char *name;
	size_t i;

	if (!profiles)
		return;
	if (!json_is_object(profiles)) {
		problem(v, "$.profiles: expected an object of named profiles");
		return;
	}
	json_object_foreach(profiles, name, prof) {
		char p[256], gp[300];

		snprintf(p, sizeof(p), "$.profiles.%s", name);
		reps = json_object_get(prof, "repetitions");
		if (!json_is_integer(reps) || json_integer_value(reps) < 1)
			problem(v, "%s.repetitions: expected an integer >= 1", p);
		check_timing_modes(v, p, json_object_get(prof, "timing_modes"));
		groups = json_object_get(prof, "cells");
		if (!json_is_array(groups) || json_array_size(groups) == 0) {
			problem(v, "%s.cells: expected a non-empty array of cell groups", p);
			continue;
		}
		json_array_foreach(groups, i, g) {
			snprintf(gp, sizeof(gp), "%s.cells[%zu]", p, i);
			check_group(v, gp, g);
		}
		check_families(v, p, name, prof);
		if (json_object_get(prof, "calibration"))
			check_calibration(v, p, json_object_get(prof, "calibration"));
	}
}

int matrix_validate(const struct matrix *m)
{
	struct validation v = { .m = m };

	if (!json_is_object(json_object_get(m->root, "source")))
		problem(&v, "$.source: expected the pinned package and version");
	{
		json_t *fixes = json_object_get(json_object_get(m->root, "gate"),
						"selftest_fixes");

		if (!json_is_string(fixes))
			problem(&v, "$.gate.selftest_fixes: expected the directory of the "
				"selftest fix series");
		else
			need_path(&v, "$.gate.selftest_fixes", json_string_value(fixes),
				  "series");
	}
	check_kconfig(&v);
	check_variants(&v);
	check_workloads(&v);
	check_profiles(&v);
	return v.errors;
}
