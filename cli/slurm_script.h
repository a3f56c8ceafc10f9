/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_SLURM_SCRIPT_H
#define MMX_SLURM_SCRIPT_H

#include <stdio.h>

/* What the two batch scripts of a sharded matrix run, and where. */
struct slurm_job {
	const char *mmx;		/* absolute path of this mmx */
	const char *workdir;		/* the checkout the jobs run in */
	const char *matrix;		/* absolute path of matrix.json */
	const char *profile;
	const char *results;		/* the profile's results directory */
	const char *log_dir;		/* where Slurm writes the jobs' output */
	int shards, jobs, retries;
	unsigned long long seed;
	const char *array;		/* the shards to run: "1-4" or "2,4" */
	char **sbatch_opts;		/* passed on as #SBATCH lines */
	int nopts;
};

/* The kernels job: mmx kernels --profile NAME. */
void slurm_write_kernels_script(FILE *f, const struct slurm_job *j);
/* The array: task I runs mmx matrix --shard I/N into results/shard-I. */
void slurm_write_shards_script(FILE *f, const struct slurm_job *j);

#endif
