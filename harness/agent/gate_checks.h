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

#endif
