// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache_dir.h"
#include "log.h"

const char *cache_dir(void)
{
	static char dir[4096];

	if (!dir[0]) {
		const char *env = getenv("MMX_CACHE");
		const char *home = getenv("HOME");

		if (env && *env)
			snprintf(dir, sizeof(dir), "%s", env);
		else
			snprintf(dir, sizeof(dir), "%s/.cache/memcg-matrix",
				 home ? home : "/root");
		make_dirs(dir);
	}
	return dir;
}

void cache_path(const char *rel, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s/%s", cache_dir(), rel);
}

int make_dirs(const char *path)
{
	char tmp[4096];

	snprintf(tmp, sizeof(tmp), "%s", path);
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

int lock_file_wait(const char *path, const char *what)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

	if (fd < 0) {
		fail_msg("cannot open lock %s: %s", path, strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) == 0)
		return fd;
	say("another mmx process holds %s (%s); waiting for it", path, what);
	if (flock(fd, LOCK_EX) < 0) {
		fail_msg("lock %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

void unlock_file(int fd)
{
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
}

void pathf(char *buf, size_t cap, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, cap, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= cap) {
		fail_msg("path too long (over %zu bytes): %s...; use a shorter MMX_CACHE "
			 "or checkout path", cap, buf);
		exit(1);
	}
}
