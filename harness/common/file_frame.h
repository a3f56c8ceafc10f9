/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Framing of the files a guest sends back (perf.data and the kallsyms that
 * reads it), on their own virtio-serial port, one after another:
 *
 *   MMX-FILE v1 name=<name> len=<bytes> crc32=<8 hex digits>\n
 *   <bytes>\n
 *   MMX-FILE-END\n
 *
 * The host keeps each complete, intact file under its name and can tell a
 * truncated or corrupted one from a good one.
 */
#ifndef MMX_FILE_FRAME_H
#define MMX_FILE_FRAME_H

#include <stddef.h>

#include "result_frame.h"

#define FILE_FRAME_NAME_MAX 64
#define FILE_FRAME_END "\nMMX-FILE-END\n"

/*
 * Whether name can be a file in a run's log directory: 1..63 characters of
 * [A-Za-z0-9._-], not starting with a dot.
 */
int file_frame_name_ok(const char *name);

/* Writes the header of a frame of data to buf; returns its length (like snprintf). */
size_t file_frame_header(const char *name, const char *data, size_t len,
			 char *buf, size_t cap);

/*
 * The frame at data + *pos: on FRAME_OK, name, *payload (into data) and
 * *payload_len are set and *pos moves past it.  FRAME_MISSING when no frame
 * starts at *pos (the end of the stream), FRAME_TRUNCATED or FRAME_CORRUPT
 * for a frame that cannot be kept (nothing after it can be trusted).
 */
enum frame_status file_frame_next(const char *data, size_t len, size_t *pos,
				  char name[FILE_FRAME_NAME_MAX],
				  const char **payload, size_t *payload_len);

#endif
