/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_COST_RUN_H
#define MMX_COST_RUN_H

#include <jansson.h>

#include "kernel_build.h"
#include "qemu_vm.h"

/*
 * A run with cost=1: the cost plugin (build/mmx-cost.so, or $MMX_COST_PLUGIN)
 * loaded into QEMU with the kernel's function set, its output turned into
 * metrics.cost after the boot.
 */
struct cost_run {
	int on;
	char plugin_arg[9000];	/* QEMU's -plugin argument */
	char funcs[4200];	/* the function set given to the plugin */
	char out[4200];		/* what the plugin writes at exit */
	char qemu_log[4200];
};

/* cost=1 in params? */
int cost_requested(json_t *params);
/*
 * Checks and prepares everything before the boot: TCG (a plugin needs it:
 * auto becomes tcg, kvm is refused), the plugin file, the kernel's
 * System.map, the function set written into log_dir.  -1 after an error
 * naming what is missing and what to do; nothing is run then.
 */
int cost_run_prepare(struct cost_run *cr, json_t *params, const struct kernel_spec *ks,
		     const char *log_dir, enum accel_mode *accel, int accel_auto);
/*
 * After the boot: metrics.cost into rec's metrics when the run was ok, or
 * the run turned failed (reason "cost-plugin") when the plugin's output is
 * missing or wrong, or QEMU could not load it.
 */
void cost_run_finish(const struct cost_run *cr, json_t *rec);

#endif
