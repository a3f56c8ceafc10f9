/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GUEST_FILES_H
#define MMX_GUEST_FILES_H

#include <stddef.h>

/* Small helpers for the sysfs/cgroupfs/tracefs files the agent drives. */
/* write_file() writes an existing file; create_file() makes or replaces one. */
int write_file(const char *path, const char *text);
int create_file(const char *path, const char *text);
int read_file(const char *path, char *buf, size_t cap);
/* Value of "key N" in a flat-keyed file such as memory.stat; -1 if absent. */
long long read_keyed_value(const char *path, const char *key);
long long read_number_file(const char *path);

#endif
