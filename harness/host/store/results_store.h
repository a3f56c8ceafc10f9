/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RESULTS_STORE_H
#define MMX_RESULTS_STORE_H

#include <jansson.h>

/*
 * Appends one run as one line of JSON to a JSONL store, under an exclusive
 * lock, with a single write and fsync.  A torn last line left by a crash
 * is closed with a newline first so it can never swallow the new record.
 */
int results_append(const char *store_path, json_t *record);

#endif
