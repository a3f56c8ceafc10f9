/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_SHARDED_RESULTS_H
#define MMX_SHARDED_RESULTS_H

#include <stddef.h>

#include "matrix_file.h"

/*
 * A profile's results directory split into shards (DIR/shard-I), as mmx
 * slurm submits it.  DIR/cluster.json keeps the number of shards and the
 * seed of the first submission, so a resubmission partitions and shuffles
 * exactly as before: *seed gets it (or want_seed, or a new one, written
 * when write is set).  -1 (reported) when DIR was split otherwise or
 * started with another seed.
 */
int sharded_results_state(const char *dir, const char *profile, int shards,
			  long long want_seed, int write, unsigned long long *seed);

/*
 * The shards that still have work, as an sbatch --array list ("1,3"), with
 * a line per shard saying how far it is; *left counts them.
 */
int sharded_results_left(const struct matrix *m, const char *profile, int shards,
			 const char *dir, unsigned long long seed, char *array, size_t cap,
			 int *left);

#endif
