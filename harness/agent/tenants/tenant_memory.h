/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_TENANT_MEMORY_H
#define MMX_TENANT_MEMORY_H

#include <jansson.h>

#define TENANT_MEMORY_MAX 64

/*
 * Each tenant's memory.current and a few memory.stat keys (see
 * tenant_memory_keys in the .c file), read at a window's begin and end so a
 * report shows what the load left charged where.  -1: could not be read.
 */
struct tenant_memory {
	int tenants;
	long long current[TENANT_MEMORY_MAX];
	long long stat[8][TENANT_MEMORY_MAX];
};

void tenant_memory_read(struct tenant_memory *m, int tenants);
/*
 * Adds "tenant_memory": {"current": {"begin": [...], "end": [...]},
 * "sock": {...}, ...} in bytes, one array entry per tenant.
 */
void tenant_memory_report(const struct tenant_memory *begin,
			  const struct tenant_memory *end, json_t *metrics);

#endif
