/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_HASHING_H
#define MMX_HASHING_H

#include <stddef.h>

struct hasher;

struct hasher *hasher_new(void);
void hasher_add(struct hasher *h, const void *data, size_t len);
void hasher_add_str(struct hasher *h, const char *s);
/* Adds the file's bytes; returns -1 when it cannot be read. */
int hasher_add_file(struct hasher *h, const char *path);
/* Writes 64 hex digits and frees h. */
void hasher_finish(struct hasher *h, char hex[65]);
/* sha256 of a file as hex; -1 when unreadable. */
int sha256_file(const char *path, char hex[65]);

#endif
