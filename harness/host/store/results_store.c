// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache_dir.h"
#include "log.h"
#include "results_store.h"

static int ends_with_newline(int fd)
{
	struct stat st;
	char c;

	if (fstat(fd, &st) < 0 || st.st_size == 0)
		return 1;
	if (pread(fd, &c, 1, st.st_size - 1) != 1)
		return 1;
	return c == '\n';
}

int results_append(const char *store_path, json_t *record)
{
	char dir[4096], *line;
	size_t len;
	ssize_t n;
	int fd, rc = -1;

	snprintf(dir, sizeof(dir), "%s", store_path);
	make_dirs(dirname(dir));
	line = json_dumps(record, JSON_COMPACT | JSON_SORT_KEYS);
	if (!line)
		return -1;
	len = strlen(line);
	line = realloc(line, len + 2);
	line[len++] = '\n';
	line[len] = '\0';
	fd = open(store_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0) {
		fail_msg("cannot open results store %s: %s", store_path, strerror(errno));
		free(line);
		return -1;
	}
	if (flock(fd, LOCK_EX) < 0)
		goto out;
	{
		int rfd = open(store_path, O_RDONLY | O_CLOEXEC);

		if (rfd >= 0) {
			if (!ends_with_newline(rfd) && write(fd, "\n", 1) != 1) {
				close(rfd);
				goto out;
			}
			close(rfd);
		}
	}
	n = write(fd, line, len);
	if (n != (ssize_t)len || fsync(fd) < 0) {
		fail_msg("appending to %s failed: %s; earlier records are intact",
			 store_path, n < 0 ? strerror(errno) : "short write (disk full?)");
		/* undo a partial line so the store stays parseable */
		if (n > 0) {
			struct stat st;

			if (fstat(fd, &st) == 0)
				if (ftruncate(fd, st.st_size - n) < 0)
					n = -1;
		}
		goto out;
	}
	rc = 0;
out:
	flock(fd, LOCK_UN);
	close(fd);
	free(line);
	return rc;
}
