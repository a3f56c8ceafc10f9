// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "metrics_table.h"

const struct metric_def metric_defs[] = {
	{ "rx-mixed", "throughput_bytes_per_sec", "throughput", "MB/s", 1e-6,
	  HIGHER_IS_BETTER, 1, 0 },
	{ "rx-mixed", "charges_per_mb", "page-counter charges per MB", "charges/MB", 1,
	  LOWER_IS_BETTER, 0, 1 },
	{ "rx-mixed", "uncharges_per_mb", "page-counter uncharges per MB", "uncharges/MB", 1,
	  LOWER_IS_BETTER, 0, 1 },
	{ "rx-mixed", "net_rx_softirq_ns_per_mb", "NET_RX softirq time per MB", "us/MB", 1e-3,
	  LOWER_IS_BETTER, 0, 0 },
	{ "rx-mixed", "profile.memcg_charge_share_children",
	  "charge-path share of profile samples (inclusive)", "%", 100,
	  LOWER_IS_BETTER, 0, 0 },
	{ "rx-mixed", "profile.memcg_charge_share_self",
	  "charge-path share of profile samples (self)", "%", 100,
	  LOWER_IS_BETTER, 0, 0 },
	{ "fault-mix", "faults_per_sec", "page faults per second", "faults/s", 1,
	  HIGHER_IS_BETTER, 1, 0 },
	{ "fault-mix", "charges_per_fault", "page-counter charges per fault", "charges/fault", 1,
	  LOWER_IS_BETTER, 0, 1 },
	{ "kmem-mix", "ops_per_sec", "accounted kernel-allocation ops per second", "ops/s", 1,
	  HIGHER_IS_BETTER, 1, 0 },
	{ "kmem-mix", "throughput_bytes_per_sec", "rx throughput beside the kmem load", "MB/s", 1e-6,
	  HIGHER_IS_BETTER, 0, 0 },
	{ "kmem-mix", "charges_per_op", "page-counter charges per op", "charges/op", 1,
	  LOWER_IS_BETTER, 0, 1 },
	{ "iperf3", "throughput_bytes_per_sec", "iperf3 throughput", "MB/s", 1e-6,
	  HIGHER_IS_BETTER, 1, 0 },
	{ "iperf3", "charges_per_mb", "page-counter charges per MB", "charges/MB", 1,
	  LOWER_IS_BETTER, 0, 1 },
};
const size_t metric_defs_count = sizeof(metric_defs) / sizeof(metric_defs[0]);

int metric_index(const char *workload, const char *path)
{
	for (size_t i = 0; i < metric_defs_count; i++)
		if (!strcmp(metric_defs[i].workload, workload) &&
		    !strcmp(metric_defs[i].path, path))
			return (int)i;
	return -1;
}

int metric_value(json_t *metrics, const char *path, double *out)
{
	const char *dot = strchr(path, '.');
	char head[128];

	if (!json_is_object(metrics))
		return -1;
	if (dot) {
		snprintf(head, sizeof(head), "%.*s", (int)(dot - path), path);
		return metric_value(json_object_get(metrics, head), dot + 1, out);
	}
	metrics = json_object_get(metrics, path);
	if (!json_is_number(metrics))
		return -1;
	*out = json_number_value(metrics);
	return 0;
}

double metric_improvement(const struct metric_def *def, double ratio)
{
	return def->direction == HIGHER_IS_BETTER ? ratio : 1.0 / ratio;
}
