/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_STORE_MERGE_H
#define MMX_STORE_MERGE_H

#include <jansson.h>
#include <stddef.h>

/*
 * The runs of several results stores as one array, for mmx report.  Each
 * argument is a store file (runs.jsonl, or gzipped), a results directory
 * (its runs.jsonl, else runs.jsonl.gz), or a directory of shards (the
 * runs.jsonl of each of its shard-N directories, as mmx matrix --shard and
 * mmx slurm write them).
 * Two ok records of one (profile, cell, repetition) that differ are a
 * conflict: NULL, after an error naming both files and runs.  Identical
 * copies (the same store named twice) count once.  *label gets the store
 * files read, comma-separated, for the report to name; *skipped the lines
 * that were not run records.  NULL (reported) also when a path holds no
 * store.
 */
json_t *store_merge_load(char *const *paths, size_t n, size_t *skipped, char *label,
			 size_t label_cap);

#endif
