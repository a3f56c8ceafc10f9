// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cache_dir.h"
#include "log.h"
#include "matrix_plan.h"
#include "prng.h"
#include "run_store.h"

static int cell_reps(const struct cell_list *cells, int i, int reps)
{
	return cells->v[i].reps > 0 ? cells->v[i].reps : reps;
}

int plan_make(struct matrix_plan *p, const struct cell_list *cells, int reps,
	      uint64_t seed)
{
	memset(p, 0, sizeof(*p));
	p->seed = seed;
	for (int i = 0; i < cells->n; i++) {
		int n = cell_reps(cells, i, reps);

		p->pairs += n;
		if (n > p->reps)
			p->reps = n;
	}
	p->slots = calloc((size_t)(p->pairs ? p->pairs : 1), sizeof(*p->slots));
	if (!p->slots)
		return -1;
	for (int r = 0; r < p->reps; r++) {
		struct plan_slot *block = p->slots + p->nslots;
		struct prng rng;
		int n = 0;

		prng_seed(&rng, seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(r + 1)));
		for (int i = 0; i < cells->n; i++)
			if (cell_reps(cells, i, reps) > r) {
				block[n].cell = i;
				block[n++].repetition = r;
			}
		p->nslots += n;
		/* Fisher-Yates (the same order as before groups had their own counts) */
		for (int i = n - 1; i > 0; i--) {
			int j = (int)prng_below(&rng, (size_t)i + 1);
			int t = block[i].cell;

			block[i].cell = block[j].cell;
			block[j].cell = t;
		}
	}
	return 0;
}

void plan_read_store(struct matrix_plan *p, const struct cell_list *cells,
		     const char *profile, const char *store_path)
{
	size_t skipped = 0, i;
	json_t *runs, *rec;

	for (int s = 0; s < p->nslots; s++)
		p->slots[s].done = p->slots[s].attempts = 0;
	if (access(store_path, R_OK) != 0)
		return;
	runs = run_store_load(store_path, &skipped);
	json_array_foreach(runs, i, rec) {
		json_t *mx = json_object_get(rec, "matrix");
		const char *id = json_string_value(json_object_get(mx, "cell_id"));
		const char *prof = json_string_value(json_object_get(mx, "profile"));
		int rep = (int)json_integer_value(json_object_get(mx, "repetition"));
		int ok = strcmp(json_string_value(json_object_get(rec, "status")) ?: "",
				"ok") == 0;
		const char *kernel = json_string_value(json_object_get(rec, "kernel_hash"));

		if (!id || !prof || strcmp(prof, profile) || rep < 0 || rep >= p->reps)
			continue;
		/* a shard's plan holds only some slots of each block: look them up */
		for (int s = 0; s < p->nslots; s++) {
			if (p->slots[s].repetition != rep ||
			    strcmp(cells->v[p->slots[s].cell].id, id) != 0)
				continue;
			if (kernel && p->cell_kernel && p->cell_kernel[p->slots[s].cell] &&
			    strcmp(kernel, p->cell_kernel[p->slots[s].cell]) != 0)
				continue;	/* superseded: not this variant's kernel now */
			if (ok)
				p->slots[s].done++;
			else
				p->slots[s].attempts++;
		}
	}
	json_decref(runs);
}

void plan_free(struct matrix_plan *p)
{
	free(p->slots);
	memset(p, 0, sizeof(*p));
}

uint64_t plan_fresh_seed(void)
{
	return ((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20)) & 0x7fffffffffffULL;
}

int plan_seed(const char *dir, const char *profile, long long want_seed,
	      const char *shard, uint64_t *seed)
{
	char path[4200];
	json_t *state;

	pathf(path, sizeof(path), "%s/plan.json", dir);
	state = json_load_file(path, 0, NULL);
	if (state) {
		json_int_t have = json_integer_value(json_object_get(state, "seed"));
		const char *had = json_string_value(json_object_get(state, "shard"));

		if (want_seed >= 0 && (uint64_t)want_seed != (uint64_t)have) {
			fail_msg("%s was started with seed %lld, not %lld: resume without "
				 "--seed, or use another --results directory", dir,
				 (long long)have, want_seed);
			json_decref(state);
			return -1;
		}
		/* another partition in the same store would run some pairs twice */
		if (strcmp(had ?: "", shard ?: "")) {
			fail_msg("%s was started as %s%s, not %s%s: resume with the same "
				 "--shard, or use another --results directory", dir,
				 had ? "shard " : "an unsharded matrix", had ?: "",
				 shard ? "shard " : "an unsharded matrix", shard ?: "");
			json_decref(state);
			return -1;
		}
		json_decref(state);
		*seed = (uint64_t)have;
		return 0;
	}
	*seed = want_seed >= 0 ? (uint64_t)want_seed : plan_fresh_seed();
	state = json_pack("{s:s, s:I}", "profile", profile, "seed", (json_int_t)*seed);
	if (shard)
		json_object_set_new(state, "shard", json_string(shard));
	make_dirs(dir);
	if (json_dump_file(state, path, JSON_INDENT(1)) < 0) {
		fail_msg("cannot write %s (disk full?)", path);
		json_decref(state);
		return -1;
	}
	json_decref(state);
	return 0;
}
