/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_TENANT_CGROUPS_H
#define MMX_TENANT_CGROUPS_H

#include <jansson.h>
#include <stddef.h>

#define TENANT_PARENT "/sys/fs/cgroup/mmx"

/*
 * Where a tenant's tasks live, by depth: 1, TENANT_PARENT/tNN (the
 * default); 2, TENANT_PARENT/slice/tNN (a level all tenants share); 3,
 * TENANT_PARENT/slice/tNN/pod (and a per-tenant level above the tasks).
 * Every level is a memcg, so a charge walks one page counter more per
 * level, the shared ones on every CPU.
 */
#define TENANT_MAX_DEPTH 3
/* Sets the depth the next tenants_create() builds; -1 when out of range. */
int tenants_set_depth(int depth);
/*
 * Enables the memory controller and creates each tenant's cgroup, with
 * the levels above it the depth asks for.
 */
int tenants_create(int tenants, char *err, size_t errlen);
/* Creates TENANT_PARENT/name beside the tenants (a server's cgroup). */
int tenants_create_sibling(const char *name, char *err, size_t errlen);
/* Moves the calling process into tenant t's cgroup. */
int tenant_enter(int t);
void tenant_path(int t, const char *file, char *buf, size_t cap);
long long tenant_stat(int t, const char *key);
long long tenant_current(int t);
/*
 * memory.stat is flushed lazily: polls key until it is at most target or
 * timeout_s passes, and returns the last value read.
 */
long long tenant_stat_settled(int t, const char *key, long long target,
			      double timeout_s);
/*
 * Removes the cgroups of tenants 0..tenants-1, retrying each while it is
 * busy (its last tasks still exiting) up to timeout_s; returns how many
 * are gone.  A removed memcg may stay dying while a stock caches it.
 */
int tenants_remove(int tenants, double timeout_s);
/* tenant_cgroups, tenant_cgroups_removed, nr_dying_descendants_after_remove */
void tenants_report_removal(json_t *metrics, int tenants, int removed);

#endif
