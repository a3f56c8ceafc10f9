// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "cache_dir.h"
#include "log.h"
#include "matrix_cells.h"
#include "matrix_plan.h"
#include "matrix_shard.h"
#include "sharded_results.h"

int sharded_results_state(const char *dir, const char *profile, int shards,
			  long long want_seed, int write, unsigned long long *seed)
{
	char path[4300];
	json_t *st;

	pathf(path, sizeof(path), "%s/cluster.json", dir);
	st = json_load_file(path, 0, NULL);
	if (st) {
		int split = (int)json_integer_value(json_object_get(st, "shards"));
		long long had = json_integer_value(json_object_get(st, "seed"));

		json_decref(st);
		if (split != shards) {
			fail_msg("%s was split into %d shards, not %d: resume with --shards "
				 "%d, or use another --results directory", dir, split,
				 shards, split);
			return -1;
		}
		if (want_seed >= 0 && want_seed != had) {
			fail_msg("%s was started with seed %lld, not %lld: resume without "
				 "--seed, or use another --results directory", dir, had, want_seed);
			return -1;
		}
		*seed = (unsigned long long)had;
		return 0;
	}
	*seed = want_seed >= 0 ? (unsigned long long)want_seed : plan_fresh_seed();
	if (!write)
		return 0;
	make_dirs(dir);
	st = json_pack("{s:s, s:i, s:I}", "profile", profile, "shards", shards,
		       "seed", (json_int_t)*seed);
	if (json_dump_file(st, path, JSON_INDENT(1)) < 0) {
		fail_msg("cannot write %s (disk full? read-only?)", path);
		json_decref(st);
		return -1;
	}
	json_decref(st);
	return 0;
}

int sharded_results_left(const struct matrix *m, const char *profile, int shards,
			 const char *dir, unsigned long long seed, char *array, size_t cap,
			 int *left)
{
	struct cell_list cells;
	int reps = matrix_profile_repetitions(m, profile);

	if (matrix_expand_profile(m, profile, &cells) < 0)
		return -1;
	array[0] = '\0';
	*left = 0;
	for (int i = 1; i <= shards; i++) {
		struct matrix_shard sh = { i, shards };
		struct matrix_plan p;
		char store[4400], sub[32];
		int done = 0;

		shard_dir_name(&sh, sub, sizeof(sub));
		pathf(store, sizeof(store), "%s/%s/runs.jsonl", dir, sub);
		if (plan_make(&p, &cells, reps, seed) < 0) {
			cell_list_free(&cells);
			return -1;
		}
		plan_keep_shard(&p, &sh);
		plan_read_store(&p, &cells, profile, store);
		for (int s = 0; s < p.nslots; s++)
			done += p.slots[s].done > 0;
		say("shard %d/%d: %d of %d runs done (%s)", i, shards, done, p.nslots, store);
		if (done < p.nslots) {
			size_t n = strlen(array);

			snprintf(array + n, cap - n, "%s%d", *left ? "," : "", i);
			(*left)++;
		}
		plan_free(&p);
	}
	cell_list_free(&cells);
	return 0;
}
