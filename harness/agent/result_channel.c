// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>
#include <sys/reboot.h>
#include <termios.h>
#include <unistd.h>

#include "../common/result_frame.h"
#include "result_channel.h"

#define DEBUG_EXIT_PORT 0xf4

int result_channel_send(json_t *result)
{
	char *payload = json_dumps(result, JSON_COMPACT | JSON_SORT_KEYS);
	size_t plen, need, off = 0;
	struct termios tio;
	char *framed;
	int fd, rc = -1;

	if (!payload)
		return -1;
	plen = strlen(payload);
	need = frame_encode(payload, plen, NULL, 0) + 1;
	framed = malloc(need);
	if (!framed)
		goto out_payload;
	frame_encode(payload, plen, framed, need);
	fd = open(RESULT_TTY, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		goto out_framed;
	/* raw mode: no "\n" to "\r\n" rewriting inside the checksummed bytes */
	if (tcgetattr(fd, &tio) == 0) {
		cfmakeraw(&tio);
		tcsetattr(fd, TCSANOW, &tio);
	}
	while (off < need - 1) {
		ssize_t n = write(fd, framed + off, need - 1 - off);

		if (n <= 0)
			break;
		off += (size_t)n;
	}
	tcdrain(fd);
	rc = off == need - 1 ? 0 : -1;
	close(fd);
out_framed:
	free(framed);
out_payload:
	free(payload);
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
