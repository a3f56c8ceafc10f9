// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "gate_checks.h"

void check_add(json_t *checks, const char *name, const char *status,
	       const char *fmt, ...)
{
	char detail[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	json_array_append_new(checks, json_pack("{s:s, s:s, s:s}", "name", name,
						"status", status, "detail", detail));
}

long long cache_bound_bytes(long long pages_per_cpu)
{
	return pages_per_cpu * (long long)sysconf(_SC_NPROCESSORS_CONF) *
	       (long long)sysconf(_SC_PAGESIZE);
}
