/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_MATRIX_SHARD_H
#define MMX_MATRIX_SHARD_H

#include "matrix_plan.h"

/* Shard index of count (1-based); count 0: the whole matrix, unsharded. */
struct matrix_shard {
	int index, count;
};

#define MAX_SHARDS 1000

/* "I/N" with 1 <= I <= N <= MAX_SHARDS; -1 (reported) otherwise. */
int shard_parse(const char *text, struct matrix_shard *out);

/*
 * The shard (1..count) that runs repetition rep of cell number cell: the
 * cells rotate over the shards from block to block, so every block is split
 * evenly and each cell's repetitions visit every shard in turn (with
 * repetitions a multiple of count, each exactly as often): a node's drift
 * hits every variant alike instead of following one of them.  It does not
 * depend on the seed, so shards started with different seeds still
 * partition the matrix.
 */
int shard_of_pair(int cell, int rep, int count);

/*
 * Keeps only the slots of shard s, in their plan order (block by block,
 * each block in its shuffled order).  Nothing is dropped when s is
 * unsharded.
 */
void plan_keep_shard(struct matrix_plan *p, const struct matrix_shard *s);

/* "shard-I": the subdirectory of the profile's results a shard writes. */
void shard_dir_name(const struct matrix_shard *s, char *buf, size_t cap);

#endif
