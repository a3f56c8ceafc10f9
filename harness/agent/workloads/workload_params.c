// SPDX-License-Identifier: GPL-2.0
/*
 * A workload's numeric parameters, already checked against its schema by
 * mmx on the host. Apart from the registry, which names every workload, so
 * the workloads do not depend on it.
 */
#include "workloads.h"

long long param_int(json_t *params, const char *key)
{
	return (long long)json_number_value(json_object_get(params, key));
}

double param_real(json_t *params, const char *key)
{
	return json_number_value(json_object_get(params, key));
}
