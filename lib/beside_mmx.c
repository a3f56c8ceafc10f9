// SPDX-License-Identifier: GPL-2.0
#include <libgen.h>
#include <stdlib.h>
#include <unistd.h>

#include "beside_mmx.h"
#include "cache_dir.h"

void beside_mmx(const char *env, const char *name, char *buf, size_t cap)
{
	const char *over = getenv(env);
	char self[4096];
	ssize_t n;

	if (over && *over) {
		pathf(buf, cap, "%s", over);
		return;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = '\0';
	pathf(buf, cap, "%s/%s", n > 0 ? dirname(self) : ".", name);
}
