/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GUEST_FILES_UNPACK_H
#define MMX_GUEST_FILES_UNPACK_H

#include <jansson.h>

/*
 * Splits the stream of files the guest sent on its file port (file_frame.h)
 * into dir, each under its own name, and removes the stream.  Adds to out
 * "guest_files": {name: path} for the files kept, and "guest_files_error"
 * when the stream holds a truncated or corrupt frame (that file and any
 * after it are not kept, and the stream stays for a look).  Returns the number of files kept.
 */
int guest_files_unpack(const char *stream, const char *dir, json_t *out);

#endif
