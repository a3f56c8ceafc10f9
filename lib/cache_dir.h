/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CACHE_DIR_H
#define MMX_CACHE_DIR_H

#include <stddef.h>

/* $MMX_CACHE, else ~/.cache/memcg-matrix; created on first use. */
const char *cache_dir(void);
/* cache_dir()/rel into buf. */
void cache_path(const char *rel, char *buf, size_t cap);
/* mkdir -p */
int make_dirs(const char *path);
/* Holds an exclusive flock on path; says who waits when it is taken. */
int lock_file_wait(const char *path, const char *what);
void unlock_file(int fd);
/*
 * 0 when the filesystem holding dir (or its nearest existing parent) has
 * need bytes free; else -1 after an error naming dir, what needs the space,
 * both amounts and what to do.
 */
int need_free_space(const char *dir, unsigned long long need, const char *what);

/* snprintf for paths: one that does not fit is a fatal error, never cut short. */
void pathf(char *buf, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
