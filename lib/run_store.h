/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RUN_STORE_H
#define MMX_RUN_STORE_H

#include <jansson.h>
#include <stddef.h>

/*
 * Every run record of a JSONL results store, as a JSON array.  A line that
 * is not a JSON object (a half-written last line, a corrupt one) is skipped
 * with a warning naming the file and line; *skipped counts them.  NULL when
 * the file cannot be opened.
 */
json_t *run_store_load(const char *path, size_t *skipped);

/* "tcg", "icount" or "kvm": $.timing_mode, else $.accel, else "unknown". */
const char *run_timing_mode(json_t *rec);
/* A record's string field or def. */
const char *run_str(json_t *rec, const char *field, const char *def);

#endif
