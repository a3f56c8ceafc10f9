// SPDX-License-Identifier: GPL-2.0
/*
 * sendfile-clients: upstream's benchmark for the multi-memcg stock
 * (f735eebe55f8) in one guest: tenants clients, each in its own memcg,
 * sendfile() msg_size chunks to a server over TCP on loopback
 * (client_pairs.h); every CPU with a client receives in its own NET_RX
 * softirq.  Reported per MB the servers received, with the shared
 * measurement window's counters; cgroup_depth puts the tenants under
 * shared levels (tenant_cgroups.h).
 */
#include <stdio.h>
#include <string.h>

#include "client_pairs.h"
#include "guest_net.h"
#include "guest_time.h"
#include "measure_window.h"
#include "tenant_cgroups.h"
#include "tenant_memory.h"
#include "workloads.h"

#define REMOVE_TIMEOUT_S 5.0

static json_t *per_tenant(const unsigned long long *a, const unsigned long long *b, int n,
			  double seconds)
{
	json_t *out = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(out, json_real((double)(b[i] - a[i]) / seconds));
	return out;
}

int workload_sendfile_clients(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	int tenants = (int)param_int(params, "tenants");
	int depth = (int)param_int(params, "cgroup_depth");
	const char *server = json_string_value(json_object_get(params, "server_cgroup"));
	unsigned long long b0[CLIENT_PAIRS_MAX], b1[CLIENT_PAIRS_MAX];
	struct tenant_memory mem_begin, mem_end;
	struct client_pairs pairs;
	struct measure_window w;
	double total = 0, window;
	const char *failed;
	int removed;

	if (tenants_set_depth(depth) < 0) {
		snprintf(err, errlen, "cgroup_depth=%d: must be 1..%d", depth, TENANT_MAX_DEPTH);
		return -1;
	}
	/* kprobes and the profiler patch kernel text: arm before traffic */
	if (window_open(&w, params, err, errlen) < 0)
		return -1;
	/*
	 * every CPU receives what it sends: the "receive CPUs" of the charge
	 * split are all but CPU 0, the agent's
	 */
	w.rx_cpus = w.ncpus - 1;
	if (loopback_up(err, errlen) < 0 || tenants_create(tenants, err, errlen) < 0 ||
	    client_pairs_start(&pairs, tenants, (int)param_int(params, "msg_size"),
			       !server || strcmp(server, "tenant") != 0, err, errlen) < 0) {
		window_close(&w);
		return -1;
	}
	sleep_s(param_real(params, "warmup_s"));

	tenant_memory_read(&mem_begin, tenants);
	window_begin(&w);
	for (int i = 0; i < tenants; i++)
		b0[i] = client_pairs_bytes(&pairs, i);
	sleep_s(param_real(params, "duration_s"));
	for (int i = 0; i < tenants; i++)
		b1[i] = client_pairs_bytes(&pairs, i);
	window_end(&w);
	tenant_memory_read(&mem_end, tenants);
	failed = client_pairs_failure(&pairs);
	client_pairs_describe(&pairs, metrics);
	client_pairs_stop(&pairs);

	window = window_seconds(&w);
	for (int i = 0; i < tenants; i++)
		total += (double)(b1[i] - b0[i]);
	window_report(&w, metrics, total / 1e6, "mb");
	window_close(&w);
	json_object_set_new(metrics, "bytes_received", json_real(total));
	json_object_set_new(metrics, "throughput_bytes_per_sec", json_real(total / window));
	json_object_set_new(metrics, "tenant_throughput_bytes_per_sec",
			    per_tenant(b0, b1, tenants, window));
	json_object_set_new(metrics, "cgroup_depth", json_integer(depth));
	tenant_memory_report(&mem_begin, &mem_end, metrics);
	removed = tenants_remove(tenants, REMOVE_TIMEOUT_S);
	tenants_report_removal(metrics, tenants, removed);
	if (failed) {
		snprintf(err, errlen, "a client or server failed at %s", failed);
		return -1;
	}
	if (total == 0) {
		snprintf(err, errlen, "no bytes received in the %.1f s window", window);
		return -1;
	}
	return 0;
}
