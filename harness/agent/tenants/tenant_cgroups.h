/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_TENANT_CGROUPS_H
#define MMX_TENANT_CGROUPS_H

#include <jansson.h>
#include <stddef.h>

#define TENANT_PARENT "/sys/fs/cgroup/mmx"

/* Enables the memory controller and creates TENANT_PARENT/tNN for each tenant. */
int tenants_create(int tenants, char *err, size_t errlen);
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
