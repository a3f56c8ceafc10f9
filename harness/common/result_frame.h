/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Framing of the guest's result stream.
 *
 * The guest writes one JSON document on its own serial line, wrapped as
 *
 *   MMX-RESULT-BEGIN v1 len=<payload bytes> crc32=<8 hex digits>\n
 *   <payload>\n
 *   MMX-RESULT-END\n
 *
 * so the host can tell a complete result from a truncated or corrupted one
 * instead of parsing whatever bytes happened to arrive.
 */
#ifndef MMX_RESULT_FRAME_H
#define MMX_RESULT_FRAME_H

#include <stddef.h>
#include <stdint.h>

enum frame_status {
	FRAME_OK = 0,
	FRAME_MISSING,		/* no begin marker at all */
	FRAME_TRUNCATED,	/* begin marker, but fewer bytes than announced or no end marker */
	FRAME_CORRUPT,		/* malformed header or checksum mismatch */
};

/* Writes the framed payload to buf; returns bytes needed (like snprintf). */
size_t frame_encode(const char *payload, size_t len, char *buf, size_t cap);

/*
 * Finds the last complete frame in data.  On FRAME_OK, *payload points into
 * data and *payload_len is its length.
 */
enum frame_status frame_decode(const char *data, size_t len,
			       const char **payload, size_t *payload_len);

const char *frame_status_name(enum frame_status st);

uint32_t frame_crc32(const char *data, size_t len);

#endif
