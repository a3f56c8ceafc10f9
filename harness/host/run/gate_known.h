/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GATE_KNOWN_H
#define MMX_GATE_KNOWN_H

#include <jansson.h>

/*
 * Whether known ($.gate.known_baseline_failures) lists the check NAME on
 * kconfig axis AXIS: a string entry on every axis, an object entry with a
 * "kconfig" array only on the axes it names.
 */
int known_failure(json_t *known, const char *name, const char *axis);

#endif
