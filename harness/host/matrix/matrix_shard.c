// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "log.h"
#include "matrix_shard.h"

int shard_parse(const char *text, struct matrix_shard *out)
{
	long i, n;
	char *slash, *end;

	errno = 0;
	i = strtol(text, &slash, 10);
	if (errno || slash == text || *slash != '/')
		goto bad;
	n = strtol(slash + 1, &end, 10);
	if (errno || end == slash + 1 || *end || n < 1 || n > MAX_SHARDS || i < 1 || i > n)
		goto bad;
	out->index = (int)i;
	out->count = (int)n;
	return 0;
bad:
	fail_msg("--shard %s: expected I/N with 1 <= I <= N <= %d (shard I of N; "
		 "a Slurm array of --array=1-N passes $SLURM_ARRAY_TASK_ID/N)", text,
		 MAX_SHARDS);
	return -1;
}

int shard_of_pair(int cell, int rep, int count)
{
	return count < 1 ? 1 : (cell + rep) % count + 1;
}

void plan_keep_shard(struct matrix_plan *p, const struct matrix_shard *s)
{
	int kept = 0;

	if (s->count < 1)
		return;
	for (int i = 0; i < p->nslots; i++)
		if (shard_of_pair(p->slots[i].cell, p->slots[i].repetition, s->count) == s->index)
			p->slots[kept++] = p->slots[i];
	p->nslots = kept;
}

void shard_dir_name(const struct matrix_shard *s, char *buf, size_t cap)
{
	snprintf(buf, cap, "shard-%d", s->index);
}
