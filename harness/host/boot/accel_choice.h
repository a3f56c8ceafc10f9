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

/*
 * Whether this host can run kvm cells of up to vcpus vCPUs at all, checked
 * before anything is built or booted: KVM's device ($MMX_KVM_DEVICE, else
 * /dev/kvm) opens, and the host has a CPU for each vCPU (vCPUs sharing
 * cores would hide the contention a kvm cell is there to measure).  0, or
 * -1 with the reason in why.
 */
int accel_kvm_host_ready(int vcpus, char *why, size_t cap);

#endif
