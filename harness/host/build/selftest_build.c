// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cache_dir.h"
#include "hashing.h"
#include "log.h"
#include "patch_series.h"
#include "selftest_build.h"
#include "subprocess.h"

const char *const selftest_names[] = { "test_memcontrol", "test_kmem" };
const size_t selftest_count = sizeof(selftest_names) / sizeof(selftest_names[0]);

#define SELFTESTS_REL "tools/testing/selftests"

/*
 * The build directory's name hashes the recipe and the fixes, so changing
 * either builds the tests again instead of reusing stale binaries.
 */
static void selftest_dir_name(const struct series *fixes, char *name, size_t cap)
{
	struct hasher *h = hasher_new();
	char hex[65];

	hasher_add_str(h, "selftests-v2 gcc -static -Wall -pthread");
	for (int i = 0; i < fixes->count; i++)
		hasher_add_file(h, fixes->patches[i]);
	hasher_finish(h, hex);
	snprintf(name, cap, "selftests-%.12s", hex);
}

/*
 * A private copy of the kernel's selftests/cgroup (plus the headers it
 * includes by relative path) with the fixes applied.
 */
static int copy_and_fix(const struct kernel_spec *ks, const struct series *fixes,
			const char *dir, const char *log, char *tree, size_t cap)
{
	static const char *const parts[] = { "cgroup", "clone3", "kselftest.h" };
	char from[4300], to[4300], err[1024];

	pathf(tree, cap, "%s/tree", dir);
	pathf(to, sizeof(to), "%s/" SELFTESTS_REL, tree);
	{
		char *argv[] = { "rm", "-rf", tree, NULL };

		run_logged(argv, log);
	}
	make_dirs(to);
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		pathf(from, sizeof(from), "%s/src/" SELFTESTS_REL "/%s", ks->dir, parts[i]);
		char *argv[] = { "cp", "-r", from, to, NULL };

		if (run_logged(argv, log) != 0) {
			fail_msg("variant %s: cannot copy %s for the selftests; see %s",
				 ks->variant, from, log);
			return -1;
		}
	}
	if (series_apply(fixes, "selftest-fixes", tree, log, err, sizeof(err)) < 0) {
		fail_msg("%s", err);
		return -1;
	}
	return 0;
}

static int selftests_all_built(const char *dir)
{
	for (size_t i = 0; i < selftest_count; i++) {
		char out[4300];

		pathf(out, sizeof(out), "%s/%s", dir, selftest_names[i]);
		if (access(out, X_OK) != 0)
			return 0;
	}
	return 1;
}

static int build_selftests(const struct kernel_spec *ks, const struct series *fixes,
			   const char *dir)
{
	char log[4300], tree[4300];

	make_dirs(dir);
	pathf(log, sizeof(log), "%s/build.log", dir);
	if (copy_and_fix(ks, fixes, dir, log, tree, sizeof(tree)) < 0)
		return -1;
	for (size_t i = 0; i < selftest_count; i++) {
		char out[4300], tmp[4400], test_c[4400], util_c[4400], inc[4400];

		pathf(out, sizeof(out), "%s/%s", dir, selftest_names[i]);
		pathf(tmp, sizeof(tmp), "%s.tmp", out);
		pathf(test_c, sizeof(test_c), "%s/" SELFTESTS_REL "/cgroup/%s.c", tree,
		      selftest_names[i]);
		pathf(util_c, sizeof(util_c), "%s/" SELFTESTS_REL "/cgroup/cgroup_util.c",
		      tree);
		pathf(inc, sizeof(inc), "-I%s/" SELFTESTS_REL, tree);
		/*
		 * The flags of the tests' own Makefile (-Wall -pthread, no -O): at
		 * -O2 GCC drops alloc_anon()'s stores into memory that is freed
		 * unread, so nothing is ever charged and the OOM and protection
		 * tests fail.  Static: the initramfs carries no C library.
		 */
		char *argv[] = { "gcc", "-static", "-Wall", "-pthread", inc,
				 "-o", tmp, test_c, util_c, NULL };

		if (run_logged(argv, log) != 0) {
			fail_msg("variant %s: building selftest %s from %s failed; see %s",
				 ks->variant, selftest_names[i], test_c, log);
			return -1;
		}
		if (rename(tmp, out) < 0)
			return -1;
	}
	return 0;
}

int selftests_ensure_built(const struct matrix *m, const struct kernel_spec *ks,
			   char *dir, size_t cap)
{
	char fixes_dir[4096], name[64], lock[4400], err[1024];
	struct series fixes;
	int fd, rc;

	const char *fixes_rel = json_string_value(json_object_get(
		json_object_get(m->root, "gate"), "selftest_fixes"));

	if (!fixes_rel) {
		fail_msg("%s: $.gate.selftest_fixes: expected the directory of the "
			 "selftest fix series", m->path);
		return -1;
	}
	matrix_repo_path(m, fixes_rel, fixes_dir, sizeof(fixes_dir));
	if (series_read(fixes_dir, &fixes, err, sizeof(err)) < 0) {
		fail_msg("selftest fixes: %s", err);
		return -1;
	}
	selftest_dir_name(&fixes, name, sizeof(name));
	kernel_artifact(ks, name, dir, cap);
	if (selftests_all_built(dir))
		return 0;
	/* shards sharing a cache start at once: one builds, the others wait */
	pathf(lock, sizeof(lock), "%s.lock", dir);
	fd = lock_file_wait(lock, "building this kernel's selftests");
	if (fd < 0)
		return -1;
	rc = selftests_all_built(dir) ? 0 : build_selftests(ks, &fixes, dir);
	unlock_file(fd);
	return rc;
}
