/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_SOURCE_TREE_H
#define MMX_SOURCE_TREE_H

#include <stddef.h>

#include "matrix_file.h"

struct source_tree {
	char version[128];	/* Debian version actually used */
	char path[4096];	/* pristine unpacked tree */
};

/*
 * Checks that the pinned linux-source package is installed (or that
 * MMX_SOURCE_VERSION overrides the pin with the installed version) and
 * unpacks its tarball once into the cache.
 */
int source_tree_ensure(const struct matrix *m, struct source_tree *st);

#endif
