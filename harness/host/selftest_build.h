/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_SELFTEST_BUILD_H
#define MMX_SELFTEST_BUILD_H

#include <stddef.h>

#include "kernel_build.h"

/*
 * Builds the memcg selftests (tools/testing/selftests/cgroup test_memcontrol
 * and test_kmem) statically from the kernel's own patched tree, once, into
 * KERNEL_DIR/selftests; dir receives that directory.
 */
/* The selftests the gate runs; the agent runs the same names from /selftests. */
extern const char *const selftest_names[];
extern const size_t selftest_count;

int selftests_ensure_built(const struct kernel_spec *ks, char *dir, size_t cap);

#endif
