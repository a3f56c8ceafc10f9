/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_JSON_NUMBERS_H
#define MMX_JSON_NUMBERS_H

#include <jansson.h>

/* The cost plugin's per-vCPU arrays, read by cost_metrics.c and cost_contention.c. */

/* element i of a number array; 0 when absent */
static inline double num(json_t *a, size_t i)
{
	return json_number_value(json_array_get(a, i));
}

/* the sum of a number array; 0 when absent */
static inline double sum(json_t *a)
{
	double s = 0;

	for (size_t i = 0; i < json_array_size(a); i++)
		s += num(a, i);
	return s;
}

#endif
