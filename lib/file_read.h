/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_FILE_READ_H
#define MMX_FILE_READ_H

#include <stddef.h>

/*
 * A whole file as a NUL-terminated buffer the caller frees, or NULL when it
 * cannot be read.  *len (if len is not NULL) receives its size.
 */
char *read_whole_file(const char *path, size_t *len);

#endif
