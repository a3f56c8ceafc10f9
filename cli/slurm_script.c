// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "slurm_script.h"

/* One shell word: single-quoted, a ' inside written as '\'' */
static void put_word(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	fputc('\'', f);
}

static void put_export(FILE *f, const char *name, const char *value)
{
	if (!value)
		return;
	fprintf(f, "export %s=", name);
	put_word(f, value);
	fputc('\n', f);
}

static void put_header(FILE *f, const struct slurm_job *j, const char *name,
		       const char *output, const char *array)
{
	fprintf(f, "#!/bin/bash\n");
	fprintf(f, "#SBATCH --job-name=%s\n", name);
	if (array)
		fprintf(f, "#SBATCH --array=%s\n", array);
	fprintf(f, "#SBATCH --output=%s/%s\n", j->log_dir, output);
	for (int i = 0; i < j->nopts; i++)
		fprintf(f, "#SBATCH %s\n", j->sbatch_opts[i]);
	fprintf(f, "# written by mmx slurm; submitting it again resumes what is missing\n");
	fprintf(f, "set -eu\ncd ");
	put_word(f, j->workdir);
	fputc('\n', f);
	put_export(f, "MMX_MATRIX", j->matrix);
	/* the cache the kernels job fills is the one the shards read */
	put_export(f, "MMX_CACHE", getenv("MMX_CACHE"));
	put_export(f, "MMX_JOBS", getenv("MMX_JOBS"));
	put_export(f, "MMX_GUEST_SLOTS", getenv("MMX_GUEST_SLOTS"));
	put_export(f, "MMX_SOURCE_VERSION", getenv("MMX_SOURCE_VERSION"));
}

void slurm_write_kernels_script(FILE *f, const struct slurm_job *j)
{
	char name[256];

	snprintf(name, sizeof(name), "mmx-kernels-%s", j->profile);
	put_header(f, j, name, "kernels-%j.out", NULL);
	fprintf(f, "exec ");
	put_word(f, j->mmx);
	fprintf(f, " kernels --profile ");
	put_word(f, j->profile);
	fputc('\n', f);
}

void slurm_write_shards_script(FILE *f, const struct slurm_job *j)
{
	char name[256];

	snprintf(name, sizeof(name), "mmx-%s", j->profile);
	put_header(f, j, name, "shard-%a-%A.out", j->array);
	fprintf(f, "exec ");
	put_word(f, j->mmx);
	fprintf(f, " matrix --profile ");
	put_word(f, j->profile);
	fprintf(f, " --shard \"$SLURM_ARRAY_TASK_ID/%d\" --seed %llu --results ",
		j->shards, j->seed);
	put_word(f, j->results);
	fprintf(f, " -j %d --retries %d\n", j->jobs, j->retries);
}
