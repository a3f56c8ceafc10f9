/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GUEST_BOOT_H
#define MMX_GUEST_BOOT_H

#include <jansson.h>

#include "qemu_vm.h"

struct boot_request {
	const char *bzimage;
	const char *base_image;	/* initramfs with the agent */
	json_t *spec;		/* becomes /mmx/spec.json in the guest */
	const char *cmdline;
	int cpus;
	int memory_mb;
	enum accel_mode accel;
	double deadline_s;
	const char *log_dir;	/* console.log, result.bin, qemu.log, spec.json */
	int scratch_disk_mb;	/* > 0: a fresh ext2 disk as /dev/vda */
	int nic_pair;		/* pairs of virtio-net NICs joined to each other (0: no NIC) */
	const char *plugin;	/* QEMU -plugin argument, or NULL */
	const char *overlay;	/* a cpio appended to the base image, or NULL */
	int guest_files;	/* a file port: the files it sends land in log_dir */
};

/*
 * Boots once and judges the outcome into out: status, reason, detail,
 * guest (the agent's JSON), console_log, qemu_exit, wall_s, and with
 * guest_files the files the guest sent (guest_files_unpack.h).  Returns -1
 * only when nothing could be started (the error is already reported).
 */
int guest_boot(const struct boot_request *r, json_t *out);

#endif
