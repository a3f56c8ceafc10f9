// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
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

int need_free_space(const char *dir, unsigned long long need, const char *what)
{
	char probe[4096], *slash;
	struct statvfs vfs;
	unsigned long long have;

	snprintf(probe, sizeof(probe), "%s", dir);
	/* the directory may not exist yet: ask its nearest existing parent */
	while (statvfs(probe, &vfs) < 0) {
		slash = strrchr(probe, '/');
		if (!slash || slash == probe)
			return 0;	/* cannot tell: let the write say */
		*slash = '\0';
	}
	have = (unsigned long long)vfs.f_bavail * vfs.f_frsize;
	if (have >= need)
		return 0;
	fail_msg("not enough free disk in %s for %s (need about %llu MiB, have %llu "
		 "KiB): free space (or point it elsewhere) and run again; nothing "
		 "finished is lost", dir, what, (need + (1 << 20) - 1) >> 20, have >> 10);
	return -1;
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
