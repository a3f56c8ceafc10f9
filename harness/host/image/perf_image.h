/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PERF_IMAGE_H
#define MMX_PERF_IMAGE_H

#include <stddef.h>

/*
 * Debian's perf (linux-perf: PERF_IMAGE_PROGRAM) with the libraries ldd
 * resolves for it and the loader, as a cpio archive appended to the
 * initrd of a profile=1 run only (the kernel unpacks concatenated
 * archives): ~35 MB that every other run's guest does not carry.  Cached
 * in the cache directory under the hash of those files.
 *
 * 0 with the archive's path in out; 1 when perf is not installed (the run
 * goes on, and its profile says perf is missing); -1 on an error, said.
 */
#define PERF_IMAGE_PROGRAM "/usr/bin/perf"

int perf_image_overlay(char *out, size_t cap);

#endif
