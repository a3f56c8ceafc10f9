// SPDX-License-Identifier: GPL-2.0
/*
 * mmx matrix --shard I/N: the shards partition the (cell, repetition) pairs,
 * keep the randomized block order, spread every cell over the shards, and a
 * shard's plan reads its store like a whole matrix's; a cell group with its
 * own repetitions gets that many, in the blocks of the first ones.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "matrix_shard.h"
#include "results_store.h"

static void make_cells(struct cell_list *l, int n)
{
	l->n = l->cap = n;
	l->v = calloc((size_t)n, sizeof(*l->v));
	for (int i = 0; i < n; i++)
		snprintf(l->v[i].id, sizeof(l->v[i].id), "v%d/base/probe/tcg", i);
}

/* position of (cell, rep) in the full plan, or -1 */
static int position(const struct matrix_plan *p, int cell, int rep)
{
	for (int s = 0; s < p->nslots; s++)
		if (p->slots[s].cell == cell && p->slots[s].repetition == rep)
			return s;
	return -1;
}

/* every pair in exactly one shard, each shard in the full plan's order */
static int partition_ok(int ncells, int reps, int count)
{
	struct cell_list cells;
	struct matrix_plan full;
	int *seen, ok = 1;

	make_cells(&cells, ncells);
	plan_make(&full, &cells, reps, 42);
	seen = calloc((size_t)(ncells * reps), sizeof(int));
	for (int i = 1; i <= count; i++) {
		struct matrix_shard sh = { i, count };
		struct matrix_plan p;
		int last = -1;

		plan_make(&p, &cells, reps, 42);
		plan_keep_shard(&p, &sh);
		for (int s = 0; s < p.nslots; s++) {
			int at = position(&full, p.slots[s].cell, p.slots[s].repetition);

			ok &= at > last;
			last = at;
			seen[p.slots[s].repetition * ncells + p.slots[s].cell]++;
		}
		plan_free(&p);
	}
	for (int k = 0; k < ncells * reps; k++)
		ok &= seen[k] == 1;
	free(seen);
	plan_free(&full);
	free(cells.v);
	return ok;
}

/* in every block the shards' shares differ by at most one pair */
static int blocks_balanced(int ncells, int reps, int count)
{
	for (int r = 0; r < reps; r++) {
		int lo = ncells, hi = 0;

		for (int i = 1; i <= count; i++) {
			int n = 0;

			for (int c = 0; c < ncells; c++)
				n += shard_of_pair(c, r, count) == i;
			lo = n < lo ? n : lo;
			hi = n > hi ? n : hi;
		}
		if (hi - lo > 1)
			return 0;
	}
	return 1;
}

/* with repetitions a multiple of count, each cell visits each shard alike */
static int cells_rotate(int ncells, int reps, int count)
{
	for (int c = 0; c < ncells; c++)
		for (int i = 1; i <= count; i++) {
			int n = 0;

			for (int r = 0; r < reps; r++)
				n += shard_of_pair(c, r, count) == i;
			if (n != reps / count)
				return 0;
		}
	return 1;
}

static void store_reading(void)
{
	char dir[] = "/tmp/mmx-shard-XXXXXX", store[128];
	struct cell_list cells;
	struct matrix_plan p;
	struct matrix_shard sh = { 2, 2 };
	int done = 0, attempts = 0, target = -1;

	CHECK(mkdtemp(dir) != NULL, "temp dir");
	snprintf(store, sizeof(store), "%s/runs.jsonl", dir);
	make_cells(&cells, 5);
	plan_make(&p, &cells, 3, 7);
	plan_keep_shard(&p, &sh);
	/* an ok record of one of this shard's pairs in block 2, a failed one of another */
	for (int s = 0; s < p.nslots; s++)
		if (p.slots[s].repetition == 2) {
			json_t *rec = json_pack("{s:s, s:{s:s, s:s, s:i}}", "status",
						target < 0 ? "ok" : "failed", "matrix",
						"profile", "t", "cell_id",
						cells.v[p.slots[s].cell].id, "repetition", 2);

			results_append(store, rec);
			json_decref(rec);
			if (target >= 0)
				break;
			target = s;
		}
	plan_read_store(&p, &cells, "t", store);
	for (int s = 0; s < p.nslots; s++) {
		done += p.slots[s].done;
		attempts += p.slots[s].attempts;
	}
	CHECK(target >= 0 && p.slots[target].done == 1 && done == 1,
	      "a shard's plan finds its ok record beyond the first block's slots");
	CHECK(attempts == 1, "and counts the failed attempt of another of its pairs");
	plan_free(&p);
	free(cells.v);
	unlink(store);
	rmdir(dir);
}

/* cells with their own repetitions: block r holds those with more than r */
static void own_repetitions(void)
{
	struct cell_list cells, same;
	struct matrix_plan p, q;
	static const int own[] = { 3, 1, 2 };
	int count[3] = { 0 }, order = 1, blocks = 1;

	make_cells(&cells, 3);
	for (int i = 0; i < 3; i++)
		cells.v[i].reps = own[i];
	plan_make(&p, &cells, 5, 42);
	for (int s = 0; s < p.nslots; s++) {
		count[p.slots[s].cell]++;
		blocks &= s == 0 || p.slots[s].repetition >= p.slots[s - 1].repetition;
	}
	CHECK(p.nslots == 6 && p.pairs == 6 && p.reps == 3 && count[0] == 3 &&
	      count[1] == 1 && count[2] == 2, "repetitions 3, 1, 2: 6 pairs, 3 blocks, each "
	      "cell its own count (the profile's 5 not used)");
	CHECK(blocks && p.slots[5].cell == 0 && p.slots[5].repetition == 2,
	      "blocks in order; the last holds only the cell with 3");
	plan_free(&p);
	/* every group at the profile's count: the plan of a profile without them */
	make_cells(&same, 24);
	plan_make(&q, &same, 4, 7);
	for (int i = 0; i < 24; i++)
		same.v[i].reps = 4;
	plan_make(&p, &same, 9, 7);
	for (int s = 0; s < q.nslots; s++)
		order &= p.slots[s].cell == q.slots[s].cell &&
			 p.slots[s].repetition == q.slots[s].repetition;
	CHECK(order && p.nslots == q.nslots, "every cell at 4 of its own: the same plan, "
	      "slot for slot, as a profile of 4 (a resumed matrix keeps its order)");
	plan_free(&p);
	plan_free(&q);
	free(cells.v);
	free(same.v);
}

int main(void)
{
	struct matrix_shard sh;
	static const int ncells[] = { 1, 3, 24 }, reps[] = { 1, 2, 7 };
	int part = 1, bal = 1;
	char name[128];

	CHECK(shard_parse("2/3", &sh) == 0 && sh.index == 2 && sh.count == 3, "parse 2/3");
	CHECK(shard_parse("0/3", &sh) < 0, "shard 0 refused (shards count from 1)");
	CHECK(shard_parse("4/3", &sh) < 0, "index above count refused");
	CHECK(shard_parse("1/", &sh) < 0 && shard_parse("1", &sh) < 0 &&
	      shard_parse("1/2x", &sh) < 0, "malformed refused");
	for (size_t a = 0; a < N_OF(ncells); a++)
		for (size_t b = 0; b < N_OF(reps); b++)
			for (int n = 1; n <= 5; n++) {
				part &= partition_ok(ncells[a], reps[b], n);
				bal &= blocks_balanced(ncells[a], reps[b], n);
			}
	CHECK(part, "1-5 shards of 1, 3, 24 cells x 1, 2, 7 repetitions: every pair "
	      "in exactly one shard, in the full plan's order");
	CHECK(bal, "every block split evenly (shares differ by at most one)");
	CHECK(cells_rotate(24, 6, 2) && cells_rotate(24, 6, 3) && cells_rotate(5, 4, 4),
	      "each cell's repetitions visit every shard equally often");
	CHECK(!cells_rotate(24, 7, 2), "(not exactly so when repetitions are no multiple)");
	snprintf(name, sizeof(name), "shard of (0,0) of 1 is 1: %d", shard_of_pair(0, 0, 1));
	CHECK(shard_of_pair(0, 0, 1) == 1 && shard_of_pair(5, 3, 1) == 1, name);
	store_reading();
	own_repetitions();
	return check_summary();
}
