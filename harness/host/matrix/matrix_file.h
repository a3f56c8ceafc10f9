/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_MATRIX_FILE_H
#define MMX_MATRIX_FILE_H

#include <jansson.h>

/* matrix.json, loaded once; every accessor names the JSON path it reads. */
struct matrix {
	char path[4096];
	char repo_root[4096];
	json_t *root;
};

int matrix_load(struct matrix *m, const char *path);
void matrix_free(struct matrix *m);

const char *matrix_source_field(const struct matrix *m, const char *field);
json_t *matrix_variant(const struct matrix *m, const char *name);
json_t *matrix_workload(const struct matrix *m, const char *name);
json_t *matrix_kconfig_axis(const struct matrix *m, const char *axis);
const char *matrix_kconfig_base_target(const struct matrix *m);
long long matrix_guest_int(const struct matrix *m, const char *field, long long def);
const char *matrix_guest_str(const struct matrix *m, const char *field);

/*
 * Prints the names of an object member (variants, workloads) to stderr, one
 * a line, after the nearest to given (a name not found; may be NULL) if it
 * is a near miss.
 */
void matrix_list_names(const struct matrix *m, const char *member, const char *given);

/* Absolute path of a repo-relative path from matrix.json. */
void matrix_repo_path(const struct matrix *m, const char *rel, char *buf,
		      size_t cap);

/* A grid or knob value as key=value text; -1 for arrays, objects, null. */
int matrix_value_text(json_t *value, char *buf, size_t cap);

#endif
