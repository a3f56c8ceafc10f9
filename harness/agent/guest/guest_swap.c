// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/swap.h>
#include <unistd.h>

#include "guest_swap.h"

#define SWAP_PAGE 4096
/* where the kernel's union swap_header keeps its fields (PAGE_SIZE 4096) */
#define SWAP_INFO_OFFSET 1024
#define SWAP_MAGIC "SWAPSPACE2"

static int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

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

int guest_swap_enable(const char *path, int mb, char *err, size_t errlen)
{
	static char page[SWAP_PAGE];
	uint32_t pages = (uint32_t)mb * (1024 * 1024 / SWAP_PAGE);
	/* version, last_page, nr_badpages */
	uint32_t info[3] = { 1, pages - 1, 0 };
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0) {
		snprintf(err, errlen, "create swap file %s: %s", path, strerror(errno));
		return -1;
	}
	memset(page, 0, sizeof(page));
	memcpy(page + SWAP_INFO_OFFSET, info, sizeof(info));
	memcpy(page + SWAP_PAGE - strlen(SWAP_MAGIC), SWAP_MAGIC, strlen(SWAP_MAGIC));
	if (write_all(fd, page, sizeof(page)) < 0)
		goto io_error;
	memset(page, 0, sizeof(page));
	for (uint32_t i = 1; i < pages; i++)
		if (write_all(fd, page, sizeof(page)) < 0)
			goto io_error;
	if (fsync(fd) < 0 || close(fd) < 0) {
		fd = -1;
		goto io_error;
	}
	if (swapon(path, 0) < 0) {
		snprintf(err, errlen, "swapon %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
io_error:
	snprintf(err, errlen, "write swap file %s: %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	return -1;
}
