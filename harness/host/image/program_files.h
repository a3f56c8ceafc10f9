/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PROGRAM_FILES_H
#define MMX_PROGRAM_FILES_H

#include <stddef.h>

#define PROGRAM_FILES_MAX 48	/* perf: 29 */
#define PROGRAM_PATH_MAX 512

/*
 * The host files a dynamically linked program needs to run in a guest
 * that has no shared libraries of its own: the program, the libraries
 * ldd(1) resolves for it and the dynamic loader, each named by the
 * absolute path it has on the host (and must have in the guest).
 */
struct program_files {
	int count;
	char paths[PROGRAM_FILES_MAX][PROGRAM_PATH_MAX];
};

/*
 * Fills pf for program.  Returns 0, 1 when the program is not installed
 * (pf empty), or -1 with err set when its libraries cannot be resolved.
 */
int program_files_find(const char *program, struct program_files *pf,
		       char *err, size_t errlen);

struct hasher;
/*
 * Adds each file's path and contents to h, so a key over them changes when
 * any library does.  Returns -1 (reported, naming the file) if one cannot
 * be read.
 */
int program_files_hash(const struct program_files *pf, struct hasher *h);

/* The files of ldd output text (one "name => /path (addr)" per line). */
int program_files_parse_ldd(const char *ldd_output, struct program_files *pf,
			    char *err, size_t errlen);

#endif
