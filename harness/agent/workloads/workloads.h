/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_WORKLOADS_H
#define MMX_WORKLOADS_H

#include <jansson.h>

/*
 * A workload reads its parameters (already validated and completed with
 * defaults by the host) and fills metrics.  It returns 0, or -1 with err set.
 */
typedef int (*workload_fn)(json_t *params, json_t *metrics, char *err,
			   size_t errlen);

struct workload {
	const char *name;
	workload_fn run;
};

int workload_rx_mixed(json_t *params, json_t *metrics, char *err, size_t errlen);
int workload_kmem_mix(json_t *params, json_t *metrics, char *err, size_t errlen);
int workload_fault_mix(json_t *params, json_t *metrics, char *err,
		       size_t errlen);
int workload_integrity(json_t *params, json_t *metrics, char *err, size_t errlen);
int workload_limits(json_t *params, json_t *metrics, char *err, size_t errlen);
int workload_gate_items(json_t *params, json_t *metrics, char *err,
			size_t errlen);
int workload_iperf3(json_t *params, json_t *metrics, char *err, size_t errlen);
int workload_memcg_selftests(json_t *params, json_t *metrics, char *err,
			     size_t errlen);
int workload_sendfile_clients(json_t *params, json_t *metrics, char *err,
			      size_t errlen);
int workload_contention_probe(json_t *params, json_t *metrics, char *err,
			      size_t errlen);
int workload_probe(json_t *params, json_t *metrics, char *err, size_t errlen);
int workload_panic(json_t *params, json_t *metrics, char *err, size_t errlen);
int workload_hang(json_t *params, json_t *metrics, char *err, size_t errlen);
int workload_kernel_report(json_t *params, json_t *metrics, char *err,
			   size_t errlen);
int workload_damaged_result(json_t *params, json_t *metrics, char *err,
			    size_t errlen);

const struct workload *workload_find(const char *name);

/* Parameter accessors (workload_params.c): the host guarantees presence and type. */
long long param_int(json_t *params, const char *key);
double param_real(json_t *params, const char *key);

#endif
