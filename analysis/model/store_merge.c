// SPDX-License-Identifier: GPL-2.0
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "log.h"
#include "run_store.h"
#include "store_merge.h"

struct store_files {
	char **v;
	size_t n, cap;
};

static int add_file(struct store_files *f, const char *path)
{
	if (f->n == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 8;
		char **v = realloc(f->v, cap * sizeof(*v));

		if (!v)
			return -1;
		f->v = v;
		f->cap = cap;
	}
	f->v[f->n] = strdup(path);
	return f->v[f->n++] ? 0 : -1;
}

static int is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The store files one argument names (see store_merge.h). */
static int expand(const char *arg, struct store_files *f)
{
	char path[4200];
	glob_t g;
	int rc;

	if (is_file(arg))
		return add_file(f, arg);
	/* the working store first: a stale .gz beside it must not win */
	snprintf(path, sizeof(path), "%s/runs.jsonl", arg);
	if (!is_file(path))
		snprintf(path, sizeof(path), "%s/runs.jsonl.gz", arg);
	if (is_file(path)) {
		char shards[4200];

		snprintf(shards, sizeof(shards), "%s/shard-*/runs.jsonl", arg);
		if (glob(shards, 0, NULL, &g) == 0)
			say("note: %s has its own store and shard stores; only %s is read "
			    "(name the shard directories to merge them)", arg, path);
		globfree(&g);
		return add_file(f, path);
	}
	snprintf(path, sizeof(path), "%s/shard-*/runs.jsonl", arg);
	rc = glob(path, 0, NULL, &g);
	if (rc != 0) {
		globfree(&g);
		fail_msg("no results store at %s/runs.jsonl (nor runs.jsonl.gz or "
			 "shard-*/runs.jsonl beside it): run the matrix first, or name a "
			 "store", arg);
		return -1;
	}
	for (size_t i = 0; i < g.gl_pathc; i++)
		if (add_file(f, g.gl_pathv[i]) < 0) {
			globfree(&g);
			return -1;
		}
	globfree(&g);
	return 0;
}

/* "profile|cell|repetition" of a matrix run, or NULL for any other record */
static char *pair_key(json_t *rec)
{
	json_t *mx = json_object_get(rec, "matrix");
	const char *prof = json_string_value(json_object_get(mx, "profile"));
	const char *cell = json_string_value(json_object_get(mx, "cell_id"));
	json_t *rep = json_object_get(mx, "repetition");
	char *key;

	if (!prof || !cell || !json_is_integer(rep) ||
	    strcmp(run_str(rec, "status", ""), "ok"))
		return NULL;
	if (asprintf(&key, "%s|%s|%lld", prof, cell, (long long)json_integer_value(rep)) < 0)
		return NULL;
	return key;
}

/*
 * Adds one file's runs to all; seen maps each ok pair to [file, index] of
 * its first record.  -1 on a conflict, reported.
 */
static int merge_file(json_t *all, json_t *seen, const struct store_files *f,
		      size_t fi, json_t *runs, size_t *dropped)
{
	size_t i;
	json_t *rec;

	json_array_foreach(runs, i, rec) {
		char *key = pair_key(rec);
		json_t *first = key ? json_object_get(seen, key) : NULL;

		if (first) {
			size_t ffi = (size_t)json_integer_value(json_array_get(first, 0));
			json_t *had = json_array_get(all, (size_t)json_integer_value(
							     json_array_get(first, 1)));

			if (!json_equal(had, rec)) {
				json_t *mx = json_object_get(rec, "matrix");

				fail_msg("two ok records of profile %s, cell %s, repetition "
					 "%lld: run %s in %s and run %s in %s; the same (cell, "
					 "repetition) was run twice (an unsharded and a sharded "
					 "run, or shards of different splits): merge only stores "
					 "of one split",
					 run_str(mx, "profile", "?"), run_str(mx, "cell_id", "?"),
					 (long long)json_integer_value(json_object_get(mx, "repetition")),
					 run_str(had, "run_id", "?"), f->v[ffi],
					 run_str(rec, "run_id", "?"), f->v[fi]);
				free(key);
				return -1;
			}
			(*dropped)++;
			free(key);
			continue;
		}
		if (key)
			json_object_set_new(seen, key, json_pack("[I, I]", (json_int_t)fi,
								 (json_int_t)json_array_size(all)));
		json_array_append(all, rec);
		free(key);
	}
	return 0;
}

json_t *store_merge_load(char *const *paths, size_t n, size_t *skipped, char *label,
			 size_t label_cap)
{
	struct store_files f = { 0 };
	json_t *all = json_array(), *seen = json_object();
	size_t dropped = 0, fi;
	int bad = 0;

	*skipped = 0;
	label[0] = '\0';
	for (size_t a = 0; a < n && !bad; a++)
		bad = expand(paths[a], &f) < 0;
	for (fi = 0; fi < f.n && !bad; fi++) {
		size_t skip = 0, len = strlen(label);
		json_t *runs = run_store_load(f.v[fi], &skip);

		if (!runs) {
			fail_msg("cannot read results store %s", f.v[fi]);
			bad = 1;
			break;
		}
		*skipped += skip;
		snprintf(label + len, label_cap - len, "%s%s", fi ? ", " : "", f.v[fi]);
		bad = merge_file(all, seen, &f, fi, runs, &dropped) < 0;
		json_decref(runs);
	}
	if (!bad && dropped)
		say("note: %zu record(s) appeared more than once, identically; each is "
		    "counted once", dropped);
	if (!bad && f.n > 1)
		say("report: %zu runs merged from %zu stores", json_array_size(all), f.n);
	for (fi = 0; fi < f.n; fi++)
		free(f.v[fi]);
	free(f.v);
	json_decref(seen);
	if (bad) {
		json_decref(all);
		return NULL;
	}
	return all;
}
