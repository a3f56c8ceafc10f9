// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache_dir.h"
#include "file_read.h"
#include "guest_boot.h"
#include "guest_files_unpack.h"
#include "guest_image.h"
#include "log.h"
#include "run_outcome.h"
#include "subprocess.h"

/* A sparse image with an empty ext2 filesystem, made with mke2fs. */
static int make_scratch_disk(const char *path, int mb)
{
	char size[32];
	char *argv[] = { "mke2fs", "-q", "-F", "-t", "ext2", (char *)path, size, NULL };

	snprintf(size, sizeof(size), "%dM", mb);
	unlink(path);
	if (run_logged(argv, NULL) != 0) {
		fail_msg("mke2fs of the scratch disk %s failed; is e2fsprogs installed? "
			 "(run 'make deps')", path);
		return -1;
	}
	return 0;
}

int guest_boot(const struct boot_request *r, json_t *out)
{
	char console[4200], result[4200], qlog[4200], spec[4200], initrd[4200];
	char files[4200];
	char tmpdir[4096], disk[4300];
	struct vm_outcome o;
	struct vm_boot b;
	char *con_text, *res_text, host[64] = "";
	size_t con_len, res_len;

	make_dirs(r->log_dir);
	snprintf(console, sizeof(console), "%s/console.log", r->log_dir);
	snprintf(result, sizeof(result), "%s/result.bin", r->log_dir);
	snprintf(qlog, sizeof(qlog), "%s/qemu.log", r->log_dir);
	snprintf(spec, sizeof(spec), "%s/spec.json", r->log_dir);
	snprintf(files, sizeof(files), "%s/guest-files.bin", r->log_dir);
	cache_path("tmp", tmpdir, sizeof(tmpdir));
	make_dirs(tmpdir);
	/* the host name too: nodes sharing the cache have pids in common */
	gethostname(host, sizeof(host) - 1);
	snprintf(initrd, sizeof(initrd), "%s/initrd.%s.%d.%ld", tmpdir, host,
		 (int)getpid(), random());
	json_dump_file(r->spec, spec, JSON_INDENT(2) | JSON_SORT_KEYS);
	if (guest_image_with_spec(r->base_image, r->overlay, r->spec, initrd) < 0)
		return -1;
	disk[0] = '\0';
	if (r->scratch_disk_mb > 0) {
		pathf(disk, sizeof(disk), "%s/scratch.%s.%d.ext2", tmpdir, host,
		      (int)getpid());
		if (make_scratch_disk(disk, r->scratch_disk_mb) < 0) {
			unlink(initrd);
			return -1;
		}
	}
	memset(&b, 0, sizeof(b));
	b.bzimage = r->bzimage;
	b.initrd = initrd;
	b.cmdline = r->cmdline;
	b.cpus = r->cpus;
	b.memory_mb = r->memory_mb;
	b.accel = r->accel;
	b.deadline_s = r->deadline_s;
	b.console_log = console;
	b.result_file = result;
	b.qemu_log = qlog;
	b.disk_image = disk[0] ? disk : NULL;
	b.nic_pair = r->nic_pair;
	b.plugin = r->plugin;
	b.file_port = r->guest_files ? files : NULL;
	if (vm_boot_run(&b, &o) < 0) {
		unlink(initrd);
		if (disk[0])
			unlink(disk);
		return -1;
	}
	unlink(initrd);
	if (disk[0])
		unlink(disk);
	con_text = read_whole_file(console, &con_len);
	res_text = read_whole_file(result, &res_len);
	run_outcome_judge(&o, con_text, con_len, res_text, res_len, out);
	if (r->guest_files)
		guest_files_unpack(files, r->log_dir, out);
	free(con_text);
	free(res_text);
	json_object_set_new(out, "console_log", json_string(console));
	json_object_set_new(out, "qemu_log", json_string(qlog));
	json_object_set_new(out, "qemu_exit", json_integer(o.qemu_status));
	json_object_set_new(out, "wall_s", json_real(o.wall_s));
	return 0;
}
