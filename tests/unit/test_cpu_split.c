// SPDX-License-Identifier: GPL-2.0
/* The receive CPUs' share of a per-CPU counter against the other CPUs'. */
#include <jansson.h>

#include "check.h"
#include "metric_num.h"
#include "cpu_split.h"

int main(void)
{
	json_t *m = json_pack("{s:[i,i,i,i,i,i]}", "c_per_cpu", 1, 10, 20, 30, 2, 3);

	cpu_split_report(m, "c_per_cpu", "charges", 1, 1, 2.0, "mb");
	CHECK(metric_num(m, "charges_rx_cpus_per_mb") == 5, "one receive CPU: CPU 1 alone");
	CHECK(metric_num(m, "charges_other_cpus_per_mb") == 28, "the others: 0 and 2-5");
	cpu_split_report(m, "c_per_cpu", "charges", 1, 3, 2.0, "mb");
	CHECK(metric_num(m, "charges_rx_cpus_per_mb") == 30, "three receive CPUs: 1-3");
	CHECK(metric_num(m, "charges_other_cpus_per_mb") == 3, "the others: 0, 4, 5");
	cpu_split_report(m, "c_per_cpu", "charges", 1, 3, 0, "mb");
	CHECK(json_is_null(json_object_get(m, "charges_rx_cpus_per_mb")),
	      "no work done: null, not a division by zero");
	cpu_split_report(m, "missing_per_cpu", "uncharges", 1, 1, 2.0, "op");
	CHECK(json_is_null(json_object_get(m, "uncharges_rx_cpus_per_op")) &&
	      json_is_null(json_object_get(m, "uncharges_other_cpus_per_op")),
	      "an absent counter gives null, never 0");
	json_object_set_new(m, "n_per_cpu", json_pack("[i,n,i]", 1, 2));
	cpu_split_report(m, "n_per_cpu", "x", 1, 1, 1.0, "mb");
	CHECK(json_is_null(json_object_get(m, "x_rx_cpus_per_mb")), "a null entry: no split");
	json_decref(m);
	return check_summary();
}
