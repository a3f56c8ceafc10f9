// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "file_frame.h"
#include "cache_dir.h"
#include "file_read.h"
#include "guest_files_unpack.h"

static int write_whole_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	int rc = f && fwrite(data, 1, len, f) == len ? 0 : -1;

	if (f && fclose(f) != 0)
		rc = -1;
	return rc;
}

int guest_files_unpack(const char *stream, const char *dir, json_t *out)
{
	json_t *files = json_object();
	enum frame_status st = FRAME_OK;
	char name[FILE_FRAME_NAME_MAX], path[4300], msg[4400];
	const char *payload;
	size_t len = 0, pos = 0, plen;
	char *data = read_whole_file(stream, &len);
	int kept = 0;

	while (data && (st = file_frame_next(data, len, &pos, name, &payload,
					     &plen)) == FRAME_OK) {
		pathf(path, sizeof(path), "%s/%s", dir, name);
		if (write_whole_file(path, payload, plen) < 0) {
			snprintf(msg, sizeof(msg), "cannot write %s (disk full?)", path);
			json_object_set_new(out, "guest_files_error", json_string(msg));
			break;
		}
		json_object_set_new(files, name, json_string(path));
		kept++;
	}
	if (data && st != FRAME_OK && st != FRAME_MISSING) {
		snprintf(msg, sizeof(msg), "file stream %s at byte %zu after %d file(s)",
			 frame_status_name(st), pos, kept);
		json_object_set_new(out, "guest_files_error", json_string(msg));
	}
	json_object_set_new(out, "guest_files", files);
	free(data);
	/* kept for a look when something in it could not be kept */
	if (!json_object_get(out, "guest_files_error"))
		unlink(stream);
	return kept;
}
