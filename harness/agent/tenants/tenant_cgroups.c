// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "guest_files.h"
#include "guest_time.h"
#include "tenant_cgroups.h"

static int depth = 1;

int tenants_set_depth(int d)
{
	if (d < 1 || d > TENANT_MAX_DEPTH)
		return -1;
	depth = d;
	return 0;
}

/* level 1: the tenant's own cgroup, tNN; level depth: where its tasks live */
static void level_path(int t, int level, char *buf, size_t cap)
{
	snprintf(buf, cap, TENANT_PARENT "%s/t%02d%s", depth > 1 ? "/slice" : "", t,
		 level > 1 && depth == 3 ? "/pod" : "");
}

void tenant_path(int t, const char *file, char *buf, size_t cap)
{
	char dir[200];

	level_path(t, depth, dir, sizeof(dir));
	snprintf(buf, cap, "%s%s%s", dir, file ? "/" : "", file ? file : "");
}

/* mkdir path and let its children have memcgs of their own */
static int make_level(const char *path, int parent_of_more, char *err, size_t errlen)
{
	char ctl[256];

	if (mkdir(path, 0755) < 0 && errno != EEXIST) {
		snprintf(err, errlen, "mkdir %s: %s", path, strerror(errno));
		return -1;
	}
	if (!parent_of_more)
		return 0;
	snprintf(ctl, sizeof(ctl), "%s/cgroup.subtree_control", path);
	if (write_file(ctl, "+memory") < 0) {
		snprintf(err, errlen, "enable memory controller in %s: %s", path,
			 strerror(errno));
		return -1;
	}
	return 0;
}

int tenants_create_sibling(const char *name, char *err, size_t errlen)
{
	char path[256];

	snprintf(path, sizeof(path), TENANT_PARENT "/%s", name);
	return make_level(path, 0, err, errlen);
}

int tenants_create(int tenants, char *err, size_t errlen)
{
	char path[256];

	if (write_file("/sys/fs/cgroup/cgroup.subtree_control", "+memory") < 0) {
		snprintf(err, errlen, "enable memory controller at root: %s",
			 strerror(errno));
		return -1;
	}
	if (mkdir(TENANT_PARENT, 0755) < 0 && errno != EEXIST) {
		snprintf(err, errlen, "mkdir %s: %s", TENANT_PARENT, strerror(errno));
		return -1;
	}
	if (write_file(TENANT_PARENT "/cgroup.subtree_control", "+memory") < 0) {
		snprintf(err, errlen, "enable memory controller in %s: %s",
			 TENANT_PARENT, strerror(errno));
		return -1;
	}
	if (depth > 1 && make_level(TENANT_PARENT "/slice", 1, err, errlen) < 0)
		return -1;
	for (int t = 0; t < tenants; t++)
		for (int level = 1; level <= (depth == 3 ? 2 : 1); level++) {
			level_path(t, level, path, sizeof(path));
			if (make_level(path, level == 1 && depth == 3, err, errlen) < 0)
				return -1;
		}
	return 0;
}

int tenant_enter(int t)
{
	char path[256];

	tenant_path(t, "cgroup.procs", path, sizeof(path));
	return write_file(path, "0");
}

long long tenant_stat(int t, const char *key)
{
	char path[256];

	tenant_path(t, "memory.stat", path, sizeof(path));
	return read_keyed_value(path, key);
}

long long tenant_current(int t)
{
	char path[256];

	tenant_path(t, "memory.current", path, sizeof(path));
	return read_number_file(path);
}

long long tenant_stat_settled(int t, const char *key, long long target,
			      double timeout_s)
{
	double deadline = now_s() + timeout_s;
	long long v;

	while ((v = tenant_stat(t, key)) > target && now_s() < deadline)
		sleep_s(0.1);
	return v;
}

int tenants_remove(int tenants, double timeout_s)
{
	double deadline = now_s() + timeout_s;
	char path[256];
	int removed = 0;

	for (int t = 0; t < tenants; t++) {
		/* the tasks' level first, then the tenant's own above it */
		for (int level = depth == 3 ? 2 : 1; level >= 1; level--) {
			level_path(t, level, path, sizeof(path));
			while (rmdir(path) < 0 && errno == EBUSY && now_s() < deadline)
				sleep_s(0.05);
		}
		if (access(path, F_OK) != 0)
			removed++;
	}
	if (depth > 1)
		rmdir(TENANT_PARENT "/slice");
	return removed;
}

void tenants_report_removal(json_t *metrics, int tenants, int removed)
{
	json_object_set_new(metrics, "tenant_cgroups", json_integer(tenants));
	json_object_set_new(metrics, "tenant_cgroups_removed", json_integer(removed));
	json_object_set_new(metrics, "nr_dying_descendants_after_remove",
			    json_integer(read_keyed_value(TENANT_PARENT "/cgroup.stat",
							  "nr_dying_descendants")));
}
