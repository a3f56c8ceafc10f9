// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cache_dir.h"
#include "log.h"
#include "selftest_build.h"
#include "subprocess.h"

const char *const selftest_names[] = { "test_memcontrol", "test_kmem" };
const size_t selftest_count = sizeof(selftest_names) / sizeof(selftest_names[0]);

int selftests_ensure_built(const struct kernel_spec *ks, char *dir, size_t cap)
{
	char src[4200], log[4300], out[4300], tmp[4400], test_c[4400], util_c[4400];
	char inc[4400];

	/* the directory name carries the recipe: a new recipe rebuilds */
	kernel_artifact(ks, "selftests-O0", dir, cap);
	pathf(src, sizeof(src), "%s/src/tools/testing/selftests/cgroup", ks->dir);
	pathf(log, sizeof(log), "%s/build.log", dir);
	make_dirs(dir);
	for (size_t i = 0; i < selftest_count; i++) {
		pathf(out, sizeof(out), "%s/%s", dir, selftest_names[i]);
		if (access(out, X_OK) == 0)
			continue;
		pathf(tmp, sizeof(tmp), "%s.tmp", out);
		pathf(test_c, sizeof(test_c), "%s/%s.c", src, selftest_names[i]);
		pathf(util_c, sizeof(util_c), "%s/cgroup_util.c", src);
		pathf(inc, sizeof(inc), "-I%s/..", src);
		{
			/*
			 * The flags of the tests' own Makefile (-Wall -pthread, no
			 * -O): at -O2 GCC drops alloc_anon()'s stores into memory
			 * that is freed unread, so nothing is ever charged and the
			 * OOM and protection tests fail.  Static: the initramfs
			 * carries no C library.
			 */
			char *argv[] = { "gcc", "-static", "-Wall", "-pthread", inc,
					 "-o", tmp, test_c, util_c, NULL };

			if (run_logged(argv, log) != 0) {
				fail_msg("variant %s: building selftest %s from %s failed; "
					 "see %s", ks->variant, selftest_names[i], src, log);
				return -1;
			}
		}
		if (rename(tmp, out) < 0)
			return -1;
	}
	return 0;
}
