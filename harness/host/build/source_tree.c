// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache_dir.h"
#include "log.h"
#include "source_tree.h"
#include "subprocess.h"

/* an unpacked 6.12 tree takes about 1.5 GB; ask for some margin */
#define TREE_NEED_BYTES (2ULL << 30)

static int installed_version(const char *pkg, char *out, size_t cap)
{
	char *argv[] = { "dpkg-query", "-W", "-f=${db:Status-Abbrev}${Version}",
			 (char *)pkg, NULL };
	char buf[256];

	if (run_capture(argv, buf, sizeof(buf)) != 0 || strncmp(buf, "ii ", 3) != 0)
		return -1;
	snprintf(out, cap, "%.100s", buf + 3);
	return 0;
}

static int check_version(const struct matrix *m, struct source_tree *st)
{
	const char *pkg = matrix_source_field(m, "package");
	const char *pinned = matrix_source_field(m, "version");
	const char *override = getenv("MMX_SOURCE_VERSION");
	char have[128];

	if (!pkg || !pinned) {
		fail_msg("%s: $.source.package and $.source.version must be strings",
			 m->path);
		return -1;
	}
	if (installed_version(pkg, have, sizeof(have)) < 0) {
		fail_msg("%s is not installed; run 'make deps' (as root) or "
			 "'apt-get install %s=%s'", pkg, pkg, pinned);
		return -1;
	}
	if (strcmp(have, pinned) != 0) {
		if (!override || strcmp(override, have) != 0) {
			fail_msg("%s %s is installed but matrix.json pins %s "
				 "($.source.version); install the pinned one with "
				 "'apt-get install %s=%s', or build from the installed "
				 "one with MMX_SOURCE_VERSION=%s (results record it)",
				 pkg, have, pinned, pkg, pinned, have);
			return -1;
		}
		say("MMX_SOURCE_VERSION=%s overrides the pinned %s %s", have, pkg,
		    pinned);
	}
	snprintf(st->version, sizeof(st->version), "%s", have);
	return 0;
}

static int unpack(const struct matrix *m, struct source_tree *st,
		  const char *base, const char *stamp)
{
	const char *tarball = matrix_source_field(m, "tarball");
	const char *top = matrix_source_field(m, "top_dir");
	char tmp[4096], log[4096], from[4096];
	time_t t0 = time(NULL);

	if (!tarball || !top) {
		fail_msg("%s: $.source.tarball and $.source.top_dir must be strings",
			 m->path);
		return -1;
	}
	if (need_free_space(cache_dir(), TREE_NEED_BYTES,
			    "the kernel tree (the cache: MMX_CACHE)") < 0)
		return -1;
	pathf(tmp, sizeof(tmp), "%s.tmp", base);
	pathf(log, sizeof(log), "%s.unpack.log", base);
	{
		char *rm[] = { "rm", "-rf", tmp, (char *)base, NULL };

		run_logged(rm, NULL);
	}
	make_dirs(tmp);
	say("unpacking %s into %s (about 20 s)", tarball, base);
	{
		char *tar[] = { "tar", "-xJf", (char *)tarball, "-C", tmp, NULL };

		if (run_logged(tar, log) != 0) {
			fail_msg("unpacking %s failed; see %s", tarball, log);
			return -1;
		}
	}
	if (rename(tmp, base) < 0) {
		fail_msg("rename %s: %s", tmp, strerror(errno));
		return -1;
	}
	pathf(from, sizeof(from), "%s/%s", base, top);
	if (access(from, F_OK) < 0) {
		fail_msg("%s has no top directory %s ($.source.top_dir)", tarball, top);
		return -1;
	}
	{
		FILE *f = fopen(stamp, "w");

		if (!f || fprintf(f, "%s\n", st->version) < 0 || fclose(f) != 0) {
			fail_msg("cannot write %s: %s", stamp, strerror(errno));
			return -1;
		}
	}
	say("unpacked in %ld s", (long)(time(NULL) - t0));
	return 0;
}

int source_tree_ensure(const struct matrix *m, struct source_tree *st)
{
	char base[4096], stamp[4096], lock[4096], srcdir[4096], rel[256];
	const char *top = matrix_source_field(m, "top_dir");
	int fd, rc = 0;

	if (check_version(m, st) < 0)
		return -1;
	snprintf(rel, sizeof(rel), "src/%s", st->version);
	cache_path(rel, base, sizeof(base));
	pathf(stamp, sizeof(stamp), "%s.unpacked", base);
	pathf(st->path, sizeof(st->path), "%s/%s", base, top ? top : "");
	if (access(stamp, F_OK) == 0)
		return 0;
	make_dirs(cache_dir());
	pathf(lock, sizeof(lock), "%s.lock", base);
	cache_path("src", srcdir, sizeof(srcdir));
	make_dirs(srcdir);
	fd = lock_file_wait(lock, "unpacking the kernel tree");
	if (fd < 0)
		return -1;
	if (access(stamp, F_OK) != 0)
		rc = unpack(m, st, base, stamp);
	unlock_file(fd);
	return rc;
}
