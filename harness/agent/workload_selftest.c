// SPDX-License-Identifier: GPL-2.0
/*
 * Workloads that exist to prove the host's failure detection: a clean
 * probe, a real kernel panic, and a guest that never answers.
 */
#include <stdio.h>
#include <unistd.h>

#include "guest_files.h"
#include "workloads.h"

int workload_probe(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	(void)params;
	(void)err;
	(void)errlen;
	json_object_set_new(metrics, "online_cpus",
			    json_integer(sysconf(_SC_NPROCESSORS_ONLN)));
	return 0;
}

int workload_panic(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	(void)params;
	(void)metrics;
	write_file("/proc/sys/kernel/sysrq", "1");
	write_file("/proc/sysrq-trigger", "c");
	snprintf(err, errlen, "sysrq crash did not panic the kernel");
	return -1;
}

int workload_hang(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	(void)params;
	(void)metrics;
	(void)err;
	(void)errlen;
	for (;;)
		pause();
}
