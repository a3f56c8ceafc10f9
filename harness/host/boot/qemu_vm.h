/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_QEMU_VM_H
#define MMX_QEMU_VM_H

#include <stddef.h>

enum accel_mode { ACCEL_KVM, ACCEL_TCG, ACCEL_ICOUNT };

const char *accel_name(enum accel_mode a);

/* One boot of a kernel with an initrd, supervised to a deadline. */
struct vm_boot {
	const char *bzimage;
	const char *initrd;
	const char *cmdline;
	int cpus;
	int memory_mb;
	enum accel_mode accel;
	double deadline_s;
	const char *console_log;	/* ttyS0: kernel console */
	const char *result_file;	/* ttyS1: the agent's framed result */
	const char *qemu_log;		/* QEMU's own stdout/stderr */
	const char *disk_image;		/* raw image as virtio-blk /dev/vda, or NULL */
	int nic_pair;			/* pairs of virtio-net NICs joined to each other (0: no NIC) */
	const char *plugin;		/* -plugin argument (TCG only), or NULL */
	/* a virtio-serial port named mmx.files written to this file, or NULL */
	const char *file_port;
};

struct vm_outcome {
	int timed_out;
	int killed_by_signal;	/* QEMU died of a signal it did not send itself */
	int qemu_status;	/* exit status, or 128+signal */
	int agent_code;		/* from isa-debug-exit, -1 when it did not exit that way */
	double wall_s;
};

/* Boots and waits; returns -1 only when QEMU could not be started. */
int vm_boot_run(const struct vm_boot *b, struct vm_outcome *o);

/* "QEMU emulator version 7.2.x ..." first line, cached. */
const char *qemu_version(void);

#endif
