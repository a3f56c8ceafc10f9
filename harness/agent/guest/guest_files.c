// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "guest_files.h"

static int write_with_flags(const char *path, const char *text, int flags)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | flags, 0644);
	size_t len = strlen(text), off = 0;
	ssize_t n = 0;

	if (fd < 0)
		return -1;
	/* tracefs filter files take one name per write(): go on to the end */
	while (off < len && (n = write(fd, text + off, len - off)) > 0)
		off += (size_t)n;
	if (n == 0)
		errno = EIO;
	if (close(fd) != 0 || off != len)
		return -1;
	return 0;
}

int write_file(const char *path, const char *text)
{
	return write_with_flags(path, text, 0);
}

int create_file(const char *path, const char *text)
{
	return write_with_flags(path, text, O_CREAT | O_TRUNC);
}

int read_file(const char *path, char *buf, size_t cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t off = 0;
	ssize_t n;

	if (fd < 0)
		return -1;
	while (off + 1 < cap && (n = read(fd, buf + off, cap - 1 - off)) > 0)
		off += (size_t)n;
	buf[off] = '\0';
	close(fd);
	return (int)off;
}

long long read_keyed_value(const char *path, const char *key)
{
	static char buf[65536];
	size_t klen = strlen(key);
	char *line;

	if (read_file(path, buf, sizeof(buf)) < 0)
		return -1;
	for (line = buf; line && *line; ) {
		char *next = strchr(line, '\n');

		if (strncmp(line, key, klen) == 0 && line[klen] == ' ')
			return strtoll(line + klen + 1, NULL, 10);
		line = next ? next + 1 : NULL;
	}
	return -1;
}

long long read_number_file(const char *path)
{
	char buf[64];

	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	return strtoll(buf, NULL, 10);
}
