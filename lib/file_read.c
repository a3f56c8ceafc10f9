// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>

#include "file_read.h"

char *read_whole_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t got = 0;
	long n;

	if (len)
		*len = 0;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0) {
		rewind(f);
		buf = malloc((size_t)n + 1);
		if (buf) {
			got = fread(buf, 1, (size_t)n, f);
			buf[got] = '\0';
		}
	}
	fclose(f);
	if (len)
		*len = got;
	return buf;
}
