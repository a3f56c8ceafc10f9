// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache_dir.h"
#include "cpio_newc.h"
#include "guest_image.h"
#include "hashing.h"
#include "log.h"
#include "program_files.h"
#include "selftest_build.h"

/* dynamically linked programs workloads run in the guest (iperf3) */
#define GUEST_IPERF3 "/usr/bin/iperf3"
#define MAX_PROGRAM_DIRS 64

/*
 * iperf3 with its libraries and loader, or nothing when the host lacks it
 * (only the iperf3 workload needs it; it says so in the guest).
 */
static void guest_programs(struct program_files *pf)
{
	char err[512];
	int rc = program_files_find(GUEST_IPERF3, pf, err, sizeof(err));

	if (rc == 1)
		say("%s is not installed: the guest image has no iperf3 "
		    "(run 'make deps')", GUEST_IPERF3);
	else if (rc < 0)
		say("the guest image has no iperf3: %s", err);
}

/*
 * The image's name hashes everything in it: agent and selftest binaries,
 * the programs' paths and contents.
 */
static int guest_image_key(const char *agent_path, const char *selftest_dir,
			   const struct program_files *pf, char hex[65])
{
	struct hasher *h = hasher_new();

	if (hasher_add_file(h, agent_path) < 0) {
		hasher_finish(h, hex);
		fail_msg("guest agent %s is missing: run 'make harness'", agent_path);
		return -1;
	}
	for (size_t i = 0; i < selftest_count; i++) {
		char path[4200];

		pathf(path, sizeof(path), "%s/%s", selftest_dir, selftest_names[i]);
		if (hasher_add_file(h, path) < 0) {
			hasher_finish(h, hex);
			fail_msg("cannot read selftest %s", path);
			return -1;
		}
	}
	if (program_files_hash(pf, h) < 0) {
		hasher_finish(h, hex);
		return -1;
	}
	hasher_finish(h, hex);
	return 0;
}

int guest_image_add_programs(struct cpio_writer *w, const struct program_files *pf)
{
	char made[MAX_PROGRAM_DIRS][PROGRAM_PATH_MAX];
	int nmade = 0;

	for (int i = 0; i < pf->count; i++) {
		const char *name = pf->paths[i] + 1;	/* archive names are relative */

		for (const char *slash = strchr(name, '/'); slash;
		     slash = strchr(slash + 1, '/')) {
			char dir[PROGRAM_PATH_MAX];
			int seen = 0;

			snprintf(dir, sizeof(dir), "%.*s", (int)(slash - name), name);
			for (int d = 0; d < nmade && !seen; d++)
				seen = strcmp(made[d], dir) == 0;
			if (seen)
				continue;
			if (nmade == MAX_PROGRAM_DIRS)
				return -1;
			snprintf(made[nmade++], PROGRAM_PATH_MAX, "%s", dir);
			cpio_dir(w, dir, 0755);
		}
		if (cpio_file(w, name, 0755, pf->paths[i]) < 0) {
			fail_msg("cannot read %s", pf->paths[i]);
			return -1;
		}
	}
	return 0;
}

int guest_image_base(const char *kernel_dir, const char *agent_path,
		     const char *selftest_dir, char *out, size_t cap)
{
	static const char *const dirs[] = { "dev", "proc", "sys", "tmp", "mmx",
					    "root", "selftests" };
	char hex[65], tmp[4200];
	struct program_files pf;
	struct cpio_writer w;
	FILE *f;

	guest_programs(&pf);
	if (guest_image_key(agent_path, selftest_dir, &pf, hex) < 0)
		return -1;
	pathf(out, cap, "%s/initramfs-%.16s.cpio", kernel_dir, hex);
	if (access(out, R_OK) == 0)
		return 0;
	/* host and pid: nodes sharing the cache may write the same image at once */
	{
		char host[64] = "";

		gethostname(host, sizeof(host) - 1);
		snprintf(tmp, sizeof(tmp), "%s.tmp.%s.%d", out, host, (int)getpid());
	}
	f = fopen(tmp, "wb");
	if (!f) {
		fail_msg("cannot write %s: %s", tmp, strerror(errno));
		return -1;
	}
	cpio_begin(&w, f);
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		cpio_dir(&w, dirs[i], 0755);
	/* the kernel opens /dev/console for init before devtmpfs is mounted */
	cpio_chardev(&w, "dev/console", 0600, 5, 1);
	if (cpio_file(&w, "init", 0755, agent_path) < 0) {
		fail_msg("cannot read %s", agent_path);
		fclose(f);
		unlink(tmp);
		return -1;
	}
	for (size_t i = 0; i < selftest_count; i++) {
		char host[4200], guest[64];

		pathf(host, sizeof(host), "%s/%s", selftest_dir, selftest_names[i]);
		snprintf(guest, sizeof(guest), "selftests/%s", selftest_names[i]);
		if (cpio_file(&w, guest, 0755, host) < 0) {
			fail_msg("cannot read selftest %s", host);
			fclose(f);
			unlink(tmp);
			return -1;
		}
	}
	if (guest_image_add_programs(&w, &pf) < 0) {
		fclose(f);
		unlink(tmp);
		return -1;
	}
	if (cpio_end(&w) < 0 || fclose(f) != 0 || rename(tmp, out) < 0) {
		fail_msg("writing %s failed (disk full?)", out);
		unlink(tmp);
		return -1;
	}
	return 0;
}

static int append_file(FILE *out, const char *path)
{
	FILE *in = fopen(path, "rb");
	char buf[65536];
	size_t n;
	int rc = in ? 0 : -1;

	while (rc == 0 && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = -1;
	if (in)
		fclose(in);
	return rc;
}

int guest_image_with_spec(const char *base, const char *overlay, json_t *spec,
			  const char *initrd_path)
{
	char *text = json_dumps(spec, JSON_INDENT(1) | JSON_SORT_KEYS);
	struct cpio_writer w;
	FILE *out;
	int rc = -1;

	out = fopen(initrd_path, "wb");
	if (!text || !out || append_file(out, base) < 0 ||
	    (overlay && append_file(out, overlay) < 0))
		goto done;
	/* the kernel unpacks concatenated archives in order */
	cpio_begin(&w, out);
	cpio_dir(&w, "mmx", 0755);
	cpio_data(&w, "mmx/spec.json", 0644, text, strlen(text));
	rc = cpio_end(&w);
done:
	if (out && fclose(out) != 0)
		rc = -1;
	free(text);
	if (rc < 0)
		fail_msg("cannot write the run's initrd %s (disk full?)", initrd_path);
	return rc;
}
