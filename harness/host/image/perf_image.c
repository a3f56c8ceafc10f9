// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cache_dir.h"
#include "cpio_newc.h"
#include "guest_image.h"
#include "hashing.h"
#include "log.h"
#include "perf_image.h"
#include "program_files.h"

static int archive_key(const struct program_files *pf, char hex[65])
{
	struct hasher *h = hasher_new();

	int rc = program_files_hash(pf, h);

	hasher_finish(h, hex);
	return rc;
}

int perf_image_overlay(char *out, size_t cap)
{
	char err[512], hex[65], dir[4096], tmp[4300], host[64] = "";
	struct program_files pf;
	struct cpio_writer w;
	FILE *f;
	int rc = program_files_find(PERF_IMAGE_PROGRAM, &pf, err, sizeof(err));

	if (rc == 1) {
		say("%s is not installed: profile=1 runs have no perf (run 'make deps')",
		    PERF_IMAGE_PROGRAM);
		return 1;
	}
	if (rc < 0) {
		fail_msg("perf for the guest: %s", err);
		return -1;
	}
	if (archive_key(&pf, hex) < 0)
		return -1;
	cache_path("perf-image", dir, sizeof(dir));
	make_dirs(dir);
	pathf(out, cap, "%s/perf-%.16s.cpio", dir, hex);
	if (access(out, R_OK) == 0)
		return 0;
	/* host and pid: nodes sharing the cache may write the same archive */
	gethostname(host, sizeof(host) - 1);
	pathf(tmp, sizeof(tmp), "%s.tmp.%s.%d", out, host, (int)getpid());
	f = fopen(tmp, "wb");
	if (!f) {
		fail_msg("cannot write %s: %s", tmp, strerror(errno));
		return -1;
	}
	cpio_begin(&w, f);
	rc = guest_image_add_programs(&w, &pf);
	if (cpio_end(&w) < 0)
		rc = -1;
	if (fclose(f) != 0)
		rc = -1;
	if (rc < 0 || rename(tmp, out) < 0) {
		fail_msg("writing %s failed (disk full?)", out);
		unlink(tmp);
		return -1;
	}
	return 0;
}
