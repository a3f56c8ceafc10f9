/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RUN_PARAMS_H
#define MMX_RUN_PARAMS_H

#include <jansson.h>

/*
 * Checks key=value arguments against a parameter schema in matrix.json
 * (a workload's params or a variant's knob_schema; owner names it in
 * errors, e.g. "workload rx-mixed" or "variant multi-slot") ("params": {name: {type, default, min, max}}, or for
 * type "enum" {type, values, default}) and returns the
 * complete parameter object, defaults filled in.  On error returns NULL
 * with a message naming the parameter and what was expected.
 */
json_t *params_from_args(json_t *schema, const char *owner, int argc,
			 char **argv, char *err, size_t errlen);

#endif
