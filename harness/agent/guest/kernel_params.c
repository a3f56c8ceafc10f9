// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_params.h"

static const char *const params[] = {
	"memcontrol.stock_slots",
};

void kernel_params_report(json_t *result)
{
	json_t *obj = json_object();
	size_t i;

	for (i = 0; i < sizeof(params) / sizeof(params[0]); i++) {
		const char *dot = strchr(params[i], '.');
		char path[256], val[128], *end;
		long long n;
		FILE *f;

		if (!dot)
			continue;
		snprintf(path, sizeof(path), "/sys/module/%.*s/parameters/%s",
			 (int)(dot - params[i]), params[i], dot + 1);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (!fgets(val, sizeof(val), f)) {
			fclose(f);
			continue;
		}
		fclose(f);
		val[strcspn(val, "\n")] = '\0';
		errno = 0;
		n = strtoll(val, &end, 10);
		if (val[0] && !*end && !errno)
			json_object_set_new(obj, params[i], json_integer(n));
		else
			json_object_set_new(obj, params[i], json_string(val));
	}
	if (json_object_size(obj))
		json_object_set_new(result, "kernel_params", obj);
	else
		json_decref(obj);
}
