/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_MATRIX_PLAN_H
#define MMX_MATRIX_PLAN_H

#include <stdint.h>

#include "matrix_cells.h"

/* One (cell, repetition) slot of the matrix and what the store says of it. */
struct plan_slot {
	int cell;		/* index into the cell list */
	int repetition;		/* = the block it belongs to */
	int done;		/* an ok record exists */
	int attempts;		/* failed records so far */
};

struct matrix_plan {
	uint64_t seed;
	int reps;		/* the most any cell has: the number of blocks */
	int pairs;		/* (cell, repetition) pairs of the whole matrix */
	int nslots;		/* those of this plan (a shard keeps some) */
	struct plan_slot *slots;	/* block by block, each block shuffled */
	/*
	 * per cell, the key of its variant's kernel as it stands (NULL: not
	 * known): a record made with another kernel is not counted
	 */
	const char *const *cell_kernel;
};

/*
 * Block r holds repetition r of every cell that has that many (its reps,
 * else the reps given), shuffled with a PRNG seeded from (seed, r), so host
 * drift hits every variant alike and a resumed run keeps its order.
 */
int plan_make(struct matrix_plan *p, const struct cell_list *cells, int reps,
	      uint64_t seed);
/* Marks slots done / counts failed attempts from the store's records. */
void plan_read_store(struct matrix_plan *p, const struct cell_list *cells,
		     const char *profile, const char *store_path);
void plan_free(struct matrix_plan *p);

/* A new matrix seed (time and pid; 47 bits, so JSON keeps it exact). */
uint64_t plan_fresh_seed(void);

/*
 * The seed of a results directory: kept in DIR/plan.json on first use so a
 * resumed matrix shuffles the same way.  want_seed < 0: reuse or pick one.
 * shard ("I/N", NULL when unsharded) is kept beside it.  Returns -1
 * (reported) if DIR has another seed than the one asked for, or another
 * shard.
 */
int plan_seed(const char *dir, const char *profile, long long want_seed,
	      const char *shard, uint64_t *seed);

#endif
