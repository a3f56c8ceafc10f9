// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../common/file_frame.h"
#include "guest_file_port.h"
#include "guest_files.h"

#define PORTS "/sys/class/virtio-ports"

/* /dev/vportNpM of the port named GUEST_FILE_PORT_NAME, or -1. */
static int find_port(char *dev, size_t cap)
{
	DIR *d = opendir(PORTS);
	struct dirent *e;
	int found = -1;

	while (d && found < 0 && (e = readdir(d))) {
		char path[512], name[64] = "";

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), PORTS "/%s/name", e->d_name);
		if (read_file(path, name, sizeof(name)) < 0)
			continue;
		name[strcspn(name, "\n")] = '\0';
		if (strcmp(name, GUEST_FILE_PORT_NAME) == 0) {
			snprintf(dev, cap, "/dev/%s", e->d_name);
			found = 0;
		}
	}
	if (d)
		closedir(d);
	return found;
}

static int write_all(int fd, const char *p, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The whole file in a malloc'd buffer, *len its size; NULL on error. */
static char *slurp(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *buf = NULL;
	size_t got = 0;

	if (fd < 0 || fstat(fd, &st) < 0)
		goto out;
	buf = malloc((size_t)st.st_size + 1);
	while (buf && got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);

		if (n <= 0) {
			free(buf);
			buf = NULL;
			break;
		}
		got += (size_t)n;
	}
	*len = got;
out:
	if (fd >= 0)
		close(fd);
	return buf;
}

int guest_file_port_send(const char *name, const char *path, char *err,
			 size_t errlen)
{
	char dev[300], head[160];
	size_t len = 0, hlen;
	char *data;
	int fd, rc;

	if (find_port(dev, sizeof(dev)) < 0) {
		snprintf(err, errlen, "no virtio-serial port named %s", GUEST_FILE_PORT_NAME);
		return -1;
	}
	data = slurp(path, &len);
	if (!data) {
		snprintf(err, errlen, "read %s: %s", path, strerror(errno));
		return -1;
	}
	hlen = file_frame_header(name, data, len, head, sizeof(head));
	fd = open(dev, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "open %s: %s", dev, strerror(errno));
		free(data);
		return -1;
	}
	rc = write_all(fd, head, hlen) < 0 || write_all(fd, data, len) < 0 ||
	     write_all(fd, FILE_FRAME_END, strlen(FILE_FRAME_END)) < 0 ? -1 : 0;
	if (rc < 0)
		snprintf(err, errlen, "write %s to %s: %s", name, dev, strerror(errno));
	close(fd);
	free(data);
	return rc;
}
