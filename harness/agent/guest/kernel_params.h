/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_KERNEL_PARAMS_H
#define MMX_KERNEL_PARAMS_H

#include <jansson.h>

/*
 * Boot parameters that a variant's patches expose read-only in
 * /sys/module/<module>/parameters/ (for now memcontrol.stock_slots, the
 * multi-slot charge stock's slots in use).  Adds to @result an object
 * "kernel_params" with one member per parameter the guest kernel has,
 * e.g. {"memcontrol.stock_slots": 4}: an integer when the file holds
 * one, else the string.  Adds nothing on kernels without any of them.
 */
void kernel_params_report(json_t *result);

#endif
