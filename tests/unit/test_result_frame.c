// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "check.h"
#include "result_frame.h"

int main(void)
{
	const char *json = "{\"status\":\"ok\",\"metrics\":{\"x\":1}}";
	char framed[512], noisy[1024], bad[512];
	const char *payload;
	size_t plen, n;

	n = frame_encode(json, strlen(json), framed, sizeof(framed));
	CHECK(n == strlen(framed), "encode returns the framed length");
	CHECK(frame_decode(framed, n, &payload, &plen) == FRAME_OK &&
	      plen == strlen(json) && memcmp(payload, json, plen) == 0,
	      "a frame decodes to its payload");

	snprintf(noisy, sizeof(noisy), "garbage\r\n[ 1.0] console noise\n%sMORE", framed);
	CHECK(frame_decode(noisy, strlen(noisy), &payload, &plen) == FRAME_OK,
	      "noise around the frame is ignored");

	CHECK(frame_decode("no frame here\n", 14, &payload, &plen) == FRAME_MISSING,
	      "missing frame is reported as missing");

	for (size_t cut = 1; cut < n; cut += 7)
		if (frame_decode(framed, n - cut, &payload, &plen) == FRAME_OK) {
			CHECK(0, "every truncation is detected");
			break;
		}
	CHECK(frame_decode(framed, n - 1, &payload, &plen) == FRAME_TRUNCATED,
	      "a frame missing its last byte is truncated");
	CHECK(frame_decode(framed, n / 2, &payload, &plen) == FRAME_TRUNCATED,
	      "half a frame is truncated");

	memcpy(bad, framed, n + 1);
	bad[strchr(bad, '\n') - bad + 5] ^= 0x20;	/* flip a payload bit */
	CHECK(frame_decode(bad, n, &payload, &plen) == FRAME_CORRUPT,
	      "a flipped payload bit fails the checksum");

	memcpy(bad, framed, n + 1);
	memcpy(strstr(bad, "len="), "len=x", 5);
	CHECK(frame_decode(bad, n, &payload, &plen) == FRAME_CORRUPT,
	      "a malformed header is corrupt");

	CHECK(frame_crc32("123456789", 9) == 0xcbf43926u, "crc32 check value");
	return check_summary();
}
