/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PATCH_SERIES_H
#define MMX_PATCH_SERIES_H

#include <stddef.h>

#define SERIES_MAX 64

/* The patches a variant's series file lists, in order, as absolute paths. */
struct series {
	char dir[4096];
	int count;
	char patches[SERIES_MAX][4096];
};

/* Reads DIR/series ('#' comments and blank lines ignored). */
int series_read(const char *dir, struct series *s, char *err, size_t errlen);

/*
 * Applies every patch to tree (a hard-link copy of the pristine tree: each
 * file a patch touches is first replaced by a private copy, so the pristine
 * tree is never written).  On failure, err names the patch and hunks.
 */
int series_apply(const struct series *s, const char *variant, const char *tree,
		 const char *log_path, char *err, size_t errlen);

/*
 * Condenses GNU patch output into "FILE: hunk #N FAILED at L; ..." (or the
 * first error line when no hunk failed).
 */
void patch_failure_summary(const char *output, char *out, size_t cap);

#endif
