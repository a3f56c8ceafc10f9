// SPDX-License-Identifier: GPL-2.0
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "matrix_file.h"

int matrix_load(struct matrix *m, const char *path)
{
	json_error_t jerr;
	char tmp[4096];

	memset(m, 0, sizeof(*m));
	if (!realpath(path, m->path)) {
		fail_msg("cannot open %s: run mmx from the memcg-matrix checkout "
			 "or set MMX_MATRIX to its matrix.json", path);
		return -1;
	}
	snprintf(tmp, sizeof(tmp), "%s", m->path);
	snprintf(m->repo_root, sizeof(m->repo_root), "%s", dirname(tmp));
	m->root = json_load_file(m->path, JSON_REJECT_DUPLICATES, &jerr);
	if (!m->root) {
		fail_msg("%s:%d:%d: %s", m->path, jerr.line, jerr.column, jerr.text);
		return -1;
	}
	if (!json_is_object(m->root)) {
		fail_msg("%s: $: expected an object", m->path);
		return -1;
	}
	return 0;
}

void matrix_free(struct matrix *m)
{
	json_decref(m->root);
	m->root = NULL;
}

const char *matrix_source_field(const struct matrix *m, const char *field)
{
	return json_string_value(json_object_get(json_object_get(m->root, "source"),
						 field));
}

json_t *matrix_variant(const struct matrix *m, const char *name)
{
	return json_object_get(json_object_get(m->root, "variants"), name);
}

json_t *matrix_workload(const struct matrix *m, const char *name)
{
	return json_object_get(json_object_get(m->root, "workloads"), name);
}

json_t *matrix_kconfig_axis(const struct matrix *m, const char *axis)
{
	return json_object_get(json_object_get(json_object_get(m->root, "kconfig"),
					       "axes"), axis);
}

const char *matrix_kconfig_base_target(const struct matrix *m)
{
	const char *t = json_string_value(json_object_get(
		json_object_get(m->root, "kconfig"), "base_target"));

	return t ? t : "tinyconfig";
}

long long matrix_guest_int(const struct matrix *m, const char *field, long long def)
{
	json_t *v = json_object_get(json_object_get(m->root, "guest"), field);

	return json_is_number(v) ? (long long)json_number_value(v) : def;
}

const char *matrix_guest_str(const struct matrix *m, const char *field)
{
	return json_string_value(json_object_get(json_object_get(m->root, "guest"),
						 field));
}

/* Levenshtein's distance between a and b, for "did you mean". */
static size_t edit_distance(const char *a, const char *b)
{
	size_t n = strlen(b), row[128], prev, cur;

	if (n >= sizeof(row) / sizeof(row[0]))
		return (size_t)-1;
	for (size_t j = 0; j <= n; j++)
		row[j] = j;
	for (size_t i = 1; a[i - 1]; i++) {
		prev = row[0];
		row[0] = i;
		for (size_t j = 1; j <= n; j++) {
			size_t sub = prev + (a[i - 1] != b[j - 1]);

			cur = row[j];
			row[j] = sub;
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			if (cur + 1 < row[j])
				row[j] = cur + 1;
			prev = cur;
		}
	}
	return row[n];
}

void matrix_list_names(const struct matrix *m, const char *member, const char *given)
{
	const char *key, *near = NULL;
	size_t best = (size_t)-1;
	json_t *v;

	json_object_foreach(json_object_get(m->root, member), key, v) {
		size_t d = given ? edit_distance(given, key) : (size_t)-1;

		if (d < best) {
			best = d;
			near = key;
		}
	}
	/* a near miss: a typo, not another name */
	if (near && best <= 1 + strlen(near) / 3)
		fprintf(stderr, "  did you mean '%s'?\n", near);
	fprintf(stderr, "  known %s:\n", member);
	json_object_foreach(json_object_get(m->root, member), key, v)
		fprintf(stderr, "    %s\n", key);
}

void matrix_repo_path(const struct matrix *m, const char *rel, char *buf,
		      size_t cap)
{
	if (rel[0] == '/')
		snprintf(buf, cap, "%s", rel);
	else
		snprintf(buf, cap, "%s/%s", m->repo_root, rel);
}

/* Renders a grid or knob value as the text a key=value argument carries. */
int matrix_value_text(json_t *value, char *buf, size_t cap)
{
	if (json_is_integer(value))
		snprintf(buf, cap, "%lld", (long long)json_integer_value(value));
	else if (json_is_real(value))
		snprintf(buf, cap, "%.17g", json_real_value(value));
	else if (json_is_string(value))
		snprintf(buf, cap, "%s", json_string_value(value));
	else
		return -1;
	return 0;
}
