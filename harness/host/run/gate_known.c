// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "gate_known.h"

/*
 * Whether $.gate.known_baseline_failures lists the check on this kconfig
 * axis: a string (the reason) holds on every axis; an object
 * {"why": "...", "kconfig": ["rt"]} only on the axes it names, so a test
 * that fails on the unmodified PREEMPT_RT kernel still counts on base.
 */
int known_failure(json_t *known, const char *name, const char *axis)
{
	json_t *k = json_object_get(known, name), *axes, *a;
	size_t i;

	if (!k)
		return 0;
	axes = json_object_get(k, "kconfig");
	if (!json_is_array(axes))
		return 1;
	json_array_foreach(axes, i, a)
		if (json_is_string(a) && !strcmp(json_string_value(a), axis))
			return 1;
	return 0;
}
