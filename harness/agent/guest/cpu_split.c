// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "cpu_split.h"

void cpu_split_report(json_t *metrics, const char *per_cpu, const char *name,
		      int first, int n, double units, const char *unit)
{
	json_t *a = json_object_get(metrics, per_cpu), *v;
	double hot = 0, other = 0;
	char key[160];
	size_t c;
	int ok = json_is_array(a) && units > 0;

	json_array_foreach(a, c, v) {
		if (!json_is_number(v)) {
			ok = 0;
			break;
		}
		if ((int)c >= first && (int)c < first + n)
			hot += json_number_value(v);
		else
			other += json_number_value(v);
	}
	snprintf(key, sizeof(key), "%s_rx_cpus_per_%s", name, unit);
	json_object_set_new(metrics, key, ok ? json_real(hot / units) : json_null());
	snprintf(key, sizeof(key), "%s_other_cpus_per_%s", name, unit);
	json_object_set_new(metrics, key, ok ? json_real(other / units) : json_null());
}
