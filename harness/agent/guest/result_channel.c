// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>
#include <sys/reboot.h>
#include <termios.h>
#include <unistd.h>

#include "../../common/result_frame.h"
#include "result_channel.h"

#define DEBUG_EXIT_PORT 0xf4

int result_channel_write(const char *bytes, size_t len)
{
	struct termios tio;
	size_t off = 0;
	int fd;

	fd = open(RESULT_TTY, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	/* raw mode: no "\n" to "\r\n" rewriting inside the checksummed bytes */
	if (tcgetattr(fd, &tio) == 0) {
		cfmakeraw(&tio);
		tcsetattr(fd, TCSANOW, &tio);
	}
	while (off < len) {
		ssize_t n = write(fd, bytes + off, len - off);

		if (n <= 0)
			break;
		off += (size_t)n;
	}
	tcdrain(fd);
	close(fd);
	return off == len ? 0 : -1;
}

char *result_frame_of(json_t *result, size_t *len)
{
	char *payload = json_dumps(result, JSON_COMPACT | JSON_SORT_KEYS);
	char *framed = NULL;
	size_t plen, need;

	if (!payload)
		return NULL;
	plen = strlen(payload);
	need = frame_encode(payload, plen, NULL, 0) + 1;
	framed = malloc(need);
	if (framed) {
		frame_encode(payload, plen, framed, need);
		*len = need - 1;
	}
	free(payload);
	return framed;
}

int result_channel_send(json_t *result)
{
	size_t len;
	char *framed = result_frame_of(result, &len);
	int rc;

	if (!framed)
		return -1;
	rc = result_channel_write(framed, len);
	free(framed);
	return rc;
}

void guest_exit(int code)
{
	sync();
	if (ioperm(DEBUG_EXIT_PORT, 1, 1) == 0)
		outb((unsigned char)code, DEBUG_EXIT_PORT);
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}
