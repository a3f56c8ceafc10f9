// SPDX-License-Identifier: GPL-2.0
/*
 * limits: a tenant with a small memory.max under socket load must never
 * peak above the limit plus what per-CPU caches may hold beyond it.
 */
#include <stdio.h>
#include <unistd.h>

#include "gate_checks.h"
#include "guest_files.h"
#include "guest_time.h"
#include "rx_load.h"
#include "tenant_cgroups.h"
#include "workloads.h"

int workload_limits(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	int tenants = (int)param_int(params, "tenants");
	long long limit = param_int(params, "limit_bytes");
	long long bound_pages = param_int(params, "bound_pages_per_cpu");
	long long slack = cache_bound_bytes(bound_pages);
	json_t *checks = json_array();
	char path[256], value[32];
	unsigned long long got = 0;
	struct rx_load load;
	long long peak;

	json_object_set_new(metrics, "checks", checks);
	if (tenants_create(tenants, err, errlen) < 0)
		return -1;
	tenant_path(0, "memory.max", path, sizeof(path));
	snprintf(value, sizeof(value), "%lld", limit);
	if (write_file(path, value) < 0) {
		snprintf(err, errlen, "cannot set %s to %s", path, value);
		return -1;
	}
	/* four flows so the limited tenant has several sockets to fill */
	if (rx_load_start(&load, tenants, 4, 16384, 1500, err, errlen) < 0)
		return -1;
	sleep_s(param_real(params, "duration_s"));
	got = rx_load_bytes(&load, 0);
	rx_load_stop(&load);
	tenant_path(0, "memory.peak", path, sizeof(path));
	peak = read_number_file(path);
	json_object_set_new(metrics, "limit_bytes", json_integer(limit));
	json_object_set_new(metrics, "peak_bytes", json_integer(peak));
	json_object_set_new(metrics, "allowed_slack_bytes", json_integer(slack));
	check_add(checks, "limited tenant received data", got > 0 ? "pass" : "fail",
		  "%llu bytes", got);
	check_add(checks, "memory.peak within memory.max plus cache bound",
		  peak >= 0 && peak <= limit + slack ? "pass" : "fail",
		  "peak %lld, max %lld, allowed slack %lld", peak, limit, slack);
	return 0;
}
