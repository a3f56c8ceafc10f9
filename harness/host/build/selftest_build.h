/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_SELFTEST_BUILD_H
#define MMX_SELFTEST_BUILD_H

#include <stddef.h>

#include "kernel_build.h"

#include "matrix_file.h"

/* The selftests the gate runs; the agent runs the same names from /selftests. */
extern const char *const selftest_names[];
extern const size_t selftest_count;

/*
 * Builds the memcg selftests (tools/testing/selftests/cgroup test_memcontrol
 * and test_kmem) statically from a copy of the kernel's own patched tree
 * with the fixes to the tests themselves applied (a series like a
 * variant's, in the directory $.gate.selftest_fixes names), once per kernel and fix set, into
 * KERNEL_DIR/selftests-HASH; dir receives that directory.
 */
int selftests_ensure_built(const struct matrix *m, const struct kernel_spec *ks,
			   char *dir, size_t cap);

#endif
