// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "check.h"
#include "file_frame.h"

/* a stream of frames of (name, data) as the guest writes them */
static size_t put(char *buf, size_t at, const char *name, const char *data, size_t len)
{
	at += file_frame_header(name, data, len, buf + at, 256);
	memcpy(buf + at, data, len);
	at += len;
	memcpy(buf + at, FILE_FRAME_END, strlen(FILE_FRAME_END));
	return at + strlen(FILE_FRAME_END);
}

int main(void)
{
	static const char bin[] = { 'P', 'E', 'R', 'F', 0, '\n', 'x', 0 };
	char stream[1024], name[FILE_FRAME_NAME_MAX];
	const char *payload;
	size_t len, pos = 0, plen, second;

	len = put(stream, 0, "perf.data", bin, sizeof(bin));
	second = len;
	len = put(stream, len, "kallsyms", "ffffffff81000000 T _text\n", 25);

	CHECK(file_frame_next(stream, len, &pos, name, &payload, &plen) == FRAME_OK &&
	      strcmp(name, "perf.data") == 0 && plen == sizeof(bin) &&
	      memcmp(payload, bin, plen) == 0 && pos == second,
	      "binary bytes (NUL, newline) come back whole");
	CHECK(file_frame_next(stream, len, &pos, name, &payload, &plen) == FRAME_OK &&
	      strcmp(name, "kallsyms") == 0 && plen == 25, "the second file follows");
	CHECK(file_frame_next(stream, len, &pos, name, &payload, &plen) == FRAME_MISSING,
	      "the end of the stream");

	pos = 0;
	CHECK(file_frame_next(stream, second - 1, &pos, name, &payload, &plen) ==
	      FRAME_TRUNCATED, "a file cut short is truncated");
	pos = 0;
	stream[strchr(stream, '\n') - stream + 3] ^= 0x20;	/* in perf.data's bytes */
	CHECK(file_frame_next(stream, len, &pos, name, &payload, &plen) != FRAME_OK,
	      "a flipped bit is not kept");

	CHECK(file_frame_name_ok("perf.data") && !file_frame_name_ok("../etc/x") &&
	      !file_frame_name_ok(".hidden") && !file_frame_name_ok(""),
	      "names stay inside the log directory");
	return check_summary();
}
