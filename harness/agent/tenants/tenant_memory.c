// SPDX-License-Identifier: GPL-2.0
#include "tenant_cgroups.h"
#include "tenant_memory.h"

/* what the charge paths under test charge: sockets, slab, pages */
static const char *const tenant_memory_keys[] = {
	"sock", "anon", "file", "kernel", "slab", "percpu",
};
#define NKEYS (sizeof(tenant_memory_keys) / sizeof(tenant_memory_keys[0]))
_Static_assert(NKEYS <= 8, "struct tenant_memory holds 8 keys");

void tenant_memory_read(struct tenant_memory *m, int tenants)
{
	m->tenants = tenants > TENANT_MEMORY_MAX ? TENANT_MEMORY_MAX : tenants;
	for (int t = 0; t < m->tenants; t++) {
		m->current[t] = tenant_current(t);
		for (size_t k = 0; k < NKEYS; k++)
			m->stat[k][t] = tenant_stat(t, tenant_memory_keys[k]);
	}
}

static json_t *values(const long long *v, int n)
{
	json_t *a = json_array();

	for (int t = 0; t < n; t++)
		json_array_append_new(a, v[t] < 0 ? json_null() : json_integer(v[t]));
	return a;
}

static json_t *begin_end(const long long *b, const long long *e, int n)
{
	return json_pack("{s:o, s:o}", "begin", values(b, n), "end", values(e, n));
}

void tenant_memory_report(const struct tenant_memory *begin,
			  const struct tenant_memory *end, json_t *metrics)
{
	int n = begin->tenants < end->tenants ? begin->tenants : end->tenants;
	json_t *obj = json_object();

	json_object_set_new(obj, "current", begin_end(begin->current, end->current, n));
	for (size_t k = 0; k < NKEYS; k++)
		json_object_set_new(obj, tenant_memory_keys[k],
				    begin_end(begin->stat[k], end->stat[k], n));
	json_object_set_new(metrics, "tenant_memory", obj);
}
