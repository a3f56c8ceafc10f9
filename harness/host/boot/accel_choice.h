/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_ACCEL_CHOICE_H
#define MMX_ACCEL_CHOICE_H

#include "qemu_vm.h"

/* Parses kvm|tcg|icount|auto; -1 for anything else. */
int accel_parse(const char *s, enum accel_mode *a, int *is_auto);

/*
 * "auto": KVM when /dev/kvm is usable and a probe boot of this kernel
 * reaches the agent within MMX_KVM_PROBE_TIMEOUT seconds (default 30),
 * else TCG.  The verdict is cached per QEMU version and host kernel in
 * $MMX_CACHE/accel-probe.json, so only the first run pays for the probe.
 */
enum accel_mode accel_auto(const char *bzimage, const char *base_image,
			   const char *cmdline, int memory_mb);

#endif
