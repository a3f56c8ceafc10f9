/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GUEST_SWAP_H
#define MMX_GUEST_SWAP_H

#include <stddef.h>

/*
 * Makes a swap file of mb MiB at path (zero-filled: a swap file must have
 * no holes, with a version-1 swap header written here, as mkswap would)
 * and enables it.  The guest has no mkswap or swapon binaries.
 */
int guest_swap_enable(const char *path, int mb, char *err, size_t errlen);

#endif
