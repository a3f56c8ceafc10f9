// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "workloads.h"

static const struct workload workloads[] = {
	{ "rx-mixed", workload_rx_mixed },
	{ "kmem-mix", workload_kmem_mix },
	{ "fault-mix", workload_fault_mix },
	{ "integrity", workload_integrity },
	{ "limits", workload_limits },
	{ "gate-items", workload_gate_items },
	{ "iperf3", workload_iperf3 },
	{ "memcg-selftests", workload_memcg_selftests },
	{ "contention-probe", workload_contention_probe },
	{ "sendfile-clients", workload_sendfile_clients },
	{ "probe", workload_probe },
	{ "selftest-panic", workload_panic },
	{ "selftest-hang", workload_hang },
	{ "selftest-kernel-report", workload_kernel_report },
	{ "selftest-damaged-result", workload_damaged_result },
};

const struct workload *workload_find(const char *name)
{
	for (size_t i = 0; i < sizeof(workloads) / sizeof(workloads[0]); i++)
		if (strcmp(workloads[i].name, name) == 0)
			return &workloads[i];
	return NULL;
}
