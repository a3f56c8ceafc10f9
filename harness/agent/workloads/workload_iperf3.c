// SPDX-License-Identifier: GPL-2.0
/*
 * iperf3: the rx-mixed arrangement with an independent traffic tool, as a
 * cross-check of the agent's own load.  One one-shot iperf3 server per
 * tenant in its memcg (on CPUs other than the receive and sender CPUs),
 * one client per server in the root cgroup on the sender CPU, loopback
 * with RPS steering every packet to the receive CPU.  Throughput comes
 * from iperf3's JSON; the counters from the shared measurement window
 * (measure_window.h), which the agent opens after the clients' omitted
 * warm-up and closes duration_s later, so it covers iperf3's measured
 * seconds up to the clients' start-up skew.
 */
#include <stdio.h>
#include <unistd.h>

#include "guest_net.h"
#include "guest_time.h"
#include "iperf3_result.h"
#include "iperf3_run.h"
#include "measure_window.h"
#include "rx_load.h"
#include "tenant_cgroups.h"
#include "workloads.h"

/* slack for TCG: connecting, the end-of-test exchange, JSON output */
#define CLIENT_SLACK_S 60.0

static int collect(int tenants, json_t *metrics, double *mb, char *err,
		   size_t errlen)
{
	json_t *tenant_bps = json_array();
	double bits = 0, bytes = 0, seconds = 0;

	json_object_set_new(metrics, "tenant_throughput_bytes_per_sec", tenant_bps);
	for (int t = 0; t < tenants; t++) {
		struct iperf3_received r;
		char path[64];

		iperf3_report_path(t, path, sizeof(path));
		if (iperf3_result_load(path, &r, err, errlen) < 0)
			return -1;
		json_array_append_new(tenant_bps, json_real(r.bits_per_second / 8));
		bits += r.bits_per_second;
		bytes += r.bytes;
		if (r.seconds > seconds)
			seconds = r.seconds;
	}
	json_object_set_new(metrics, "throughput_bytes_per_sec", json_real(bits / 8));
	json_object_set_new(metrics, "bytes_received", json_real(bytes));
	json_object_set_new(metrics, "iperf3_seconds", json_real(seconds));
	*mb = bytes / 1e6;
	if (bytes <= 0) {
		snprintf(err, errlen, "iperf3 reports no bytes received");
		return -1;
	}
	return 0;
}

int workload_iperf3(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	int tenants = (int)param_int(params, "tenants");
	int duration = (int)param_int(params, "duration_s");
	int warmup = (int)param_int(params, "warmup_s");
	int msg_size = (int)param_int(params, "msg_size");
	int mtu = (int)param_int(params, "mtu");
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	struct measure_window w;
	struct iperf3_set set;
	cpu_set_t servers;
	double mb = 0;
	int waited;

	if (ncpus < 3) {
		snprintf(err, errlen, "iperf3 needs at least 3 CPUs, guest has %d", ncpus);
		return -1;
	}
	CPU_ZERO(&servers);
	for (int c = 0; c < ncpus; c++)
		if (c != RX_CPU && c != SENDER_CPU)
			CPU_SET(c, &servers);
	/* kprobes patch kernel text: armed before any traffic */
	if (window_open(&w, params, err, errlen) < 0)
		return -1;
	if (loopback_setup(mtu, err, errlen) < 0 ||
	    loopback_rps_to_cpu(RX_CPU, err, errlen) < 0 ||
	    tenants_create(tenants, err, errlen) < 0 ||
	    iperf3_servers_start(&set, tenants, &servers, err, errlen) < 0 ||
	    iperf3_clients_start(&set, duration, warmup, msg_size, SENDER_CPU,
				 err, errlen) < 0) {
		window_close(&w);
		return -1;
	}
	sleep_s(warmup);
	window_begin(&w);
	sleep_s(duration);
	window_end(&w);
	waited = iperf3_wait(&set, duration + warmup + CLIENT_SLACK_S, err, errlen);

	json_object_set_new(metrics, "window_s", json_real(window_seconds(&w)));
	json_object_set_new(metrics, "rx_cpu", json_integer(RX_CPU));
	json_object_set_new(metrics, "sender_cpu", json_integer(SENDER_CPU));
	json_object_set_new(metrics, "online_cpus", json_integer(ncpus));
	if (collect(tenants, metrics, &mb, err, errlen) < 0 || waited < 0) {
		window_report(&w, metrics, 0, "mb");
		window_close(&w);
		return -1;
	}
	window_report(&w, metrics, mb, "mb");
	window_close(&w);
	return 0;
}
