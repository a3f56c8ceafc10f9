/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PROVENANCE_H
#define MMX_PROVENANCE_H

#include <jansson.h>
#include <stddef.h>

/* The revision mmx was built from ("-dirty" if its code differed); make
 * generates it (build/gen/harness_rev.c), "" outside a git checkout. */
extern const char harness_build_rev[];

/* Host facts recorded with every run: CPU model, host kernel, QEMU, harness rev. */
void provenance_host(json_t *out);
/* "2026-12-03T07:05:12Z" for now. */
void iso_time_now(char *buf, size_t cap);
/* A run id unique on this host: time, pid and a random suffix. */
void new_run_id(char *buf, size_t cap);

#endif
