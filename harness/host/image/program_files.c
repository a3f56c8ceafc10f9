// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "hashing.h"
#include "log.h"
#include "program_files.h"
#include "subprocess.h"

static int add_path(struct program_files *pf, const char *path, size_t len,
		    char *err, size_t errlen)
{
	if (pf->count >= PROGRAM_FILES_MAX || len >= PROGRAM_PATH_MAX) {
		snprintf(err, errlen, "too many libraries or too long a path (%.*s)",
			 (int)len, path);
		return -1;
	}
	memcpy(pf->paths[pf->count], path, len);
	pf->paths[pf->count][len] = '\0';
	pf->count++;
	return 0;
}

/*
 * Lines look like "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)",
 * "\t/lib64/ld-linux-x86-64.so.2 (0x...)" (the loader) or
 * "\tlinux-vdso.so.1 (0x...)" (in the kernel, no file).
 */
int program_files_parse_ldd(const char *ldd_output, struct program_files *pf,
			    char *err, size_t errlen)
{
	const char *line = ldd_output;

	while (line && *line) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);
		const char *arrow = memmem(line, len, "=> ", 3);
		const char *path = arrow ? arrow + 3 : line;
		const char *end;

		while (path < line + len && (*path == ' ' || *path == '\t'))
			path++;
		if (memmem(line, len, "not found", 9)) {
			snprintf(err, errlen, "ldd: %.*s", (int)len, line);
			return -1;
		}
		if (path < line + len && *path == '/') {
			end = memchr(path, ' ', (size_t)(line + len - path));
			if (add_path(pf, path, end ? (size_t)(end - path) :
				     (size_t)(line + len - path), err, errlen) < 0)
				return -1;
		}
		line = eol ? eol + 1 : NULL;
	}
	return 0;
}

int program_files_find(const char *program, struct program_files *pf,
		       char *err, size_t errlen)
{
	char *argv[] = { "ldd", (char *)program, NULL };
	char out[8192];

	memset(pf, 0, sizeof(*pf));
	if (access(program, X_OK) != 0)
		return 1;
	if (run_capture(argv, out, sizeof(out)) != 0) {
		snprintf(err, errlen, "ldd %s failed: %.300s", program, out);
		return -1;
	}
	if (add_path(pf, program, strlen(program), err, errlen) < 0 ||
	    program_files_parse_ldd(out, pf, err, errlen) < 0) {
		pf->count = 0;
		return -1;
	}
	return 0;
}

int program_files_hash(const struct program_files *pf, struct hasher *h)
{
	for (int i = 0; i < pf->count; i++) {
		hasher_add_str(h, pf->paths[i]);
		if (hasher_add_file(h, pf->paths[i]) < 0) {
			fail_msg("cannot read %s", pf->paths[i]);
			return -1;
		}
	}
	return 0;
}
