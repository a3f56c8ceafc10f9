/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GATE_CHECKS_H
#define MMX_GATE_CHECKS_H

#include <jansson.h>

/*
 * A correctness check's verdict, appended to a "checks" array as
 * {"name", "status": "pass"|"fail"|"skip", "detail"}.  The host's gate
 * turns the array into the variant's pass/fail.
 */
void check_add(json_t *checks, const char *name, const char *status,
	       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * Bytes one memcg may legitimately keep in per-CPU caches: the variant's
 * stated pages per CPU, times every possible CPU.
 */
long long cache_bound_bytes(long long pages_per_cpu);

#endif
