// SPDX-License-Identifier: GPL-2.0
/*
 * rx-mixed: the seed RFC's scenario inside one guest (see rx_load.h), with
 * the shared measurement window's counters (measure_window.h) read over
 * the measured seconds and reported per MB received.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "guest_time.h"
#include "guest_files.h"
#include "measure_window.h"
#include "pass_shape.h"
#include "rx_load.h"
#include "tenant_cgroups.h"
#include "tenant_memory.h"
#include "workloads.h"

static json_t *array_of(const long long *v, int n)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

/*
 * metrics[name][RX_CPU] as metrics[rx_name]: the (first) receive CPU's
 * share; with rx_cpus > 1 the others are in the per-CPU arrays.
 */
static void copy_rx_cpu_value(json_t *metrics, const char *name,
			      const char *rx_name)
{
	json_t *v = json_array_get(json_object_get(metrics, name), RX_CPU);

	json_object_set_new(metrics, rx_name, v ? json_copy(v) : json_null());
}

/*
 * net.core.dev_weight: how many packets one backlog poll (so, on lo-rps, one
 * NET_RX pass) takes; absent: the kernel's 64.
 */
static int set_dev_weight(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	char text[32];
	long long w = param_int(params, "dev_weight");

	if (!json_object_get(params, "dev_weight"))
		return 0;
	snprintf(text, sizeof(text), "%lld", w);
	if (write_file("/proc/sys/net/core/dev_weight", text) < 0) {
		snprintf(err, errlen, "dev_weight=%lld: /proc/sys/net/core/dev_weight: %s", w,
			 strerror(errno));
		return -1;
	}
	json_object_set_new(metrics, "dev_weight",
			    json_integer(read_number_file("/proc/sys/net/core/dev_weight")));
	return 0;
}

int workload_rx_mixed(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	int tenants = (int)param_int(params, "tenants");
	int flows = (int)param_int(params, "flows");
	int msg_size = (int)param_int(params, "msg_size");
	int mtu = (int)param_int(params, "mtu");
	int rx_cpus = (int)param_int(params, "rx_cpus");
	double duration = param_real(params, "duration_s");
	double warmup = param_real(params, "warmup_s");
	struct rx_load_opts opts = { .tenants = tenants, .flows = flows,
				     .msg_size = msg_size, .mtu = mtu,
				     .rx_cpus = rx_cpus,
				     .rx_nics = (int)param_int(params, "rx_nics"),
				     .pin_receivers = (int)param_int(params, "pin_receivers") };
	unsigned long long b0[RX_MAX_TENANTS], b1[RX_MAX_TENANTS];
	unsigned long long s0[RX_MAX_TENANTS], s1[RX_MAX_TENANTS];
	long long sent[RX_MAX_TENANTS], sent_total = 0;
	long long tput[RX_MAX_TENANTS], sock_end[RX_MAX_TENANTS];
	long long sock_after[RX_MAX_TENANTS];
	struct tenant_memory mem_begin, mem_end;
	struct measure_window w;
	struct pass_shape passes = { 0 };
	int pass_stats = param_int(params, "pass_stats") > 0;
	struct rx_load load;
	double window;
	long long total = 0;

	/* kprobes and the profiler patch kernel text: arm before traffic */
	if (window_open(&w, params, err, errlen) < 0)
		return -1;
	w.rx_cpus = rx_cpus > 1 ? rx_cpus : 1;
	if (rx_proto_parse(json_string_value(json_object_get(params, "proto")),
			   &opts.proto, err, errlen) < 0 ||
	    rx_topology_parse(json_string_value(json_object_get(params, "topology")),
			      &opts.topology, err, errlen) < 0 ||
	    set_dev_weight(params, metrics, err, errlen) < 0) {
		window_close(&w);
		return -1;
	}
	if (pass_stats && opts.proto != RX_PROTO_TCP) {
		snprintf(err, errlen, "pass_stats=1 counts TCP segments (tcp:tcp_probe): "
			 "it needs proto=tcp");
		window_close(&w);
		return -1;
	}
	if (pass_stats)
		pass_shape_open(&passes, RX_CPU, w.rx_cpus, RX_BASE_PORT, tenants);
	/* several receiving NICs: which of them each pass polls */
	if (pass_stats && opts.rx_nics > 1)
		pass_shape_trace_nics(&passes);
	if (rx_load_start_with(&load, &opts, err, errlen) < 0) {
		pass_shape_close(&passes);
		window_close(&w);
		return -1;
	}
	sleep_s(warmup);

	/* the measured window */
	tenant_memory_read(&mem_begin, tenants);
	window_begin(&w);
	pass_shape_begin(&passes);
	for (int t = 0; t < tenants; t++) {
		b0[t] = rx_load_bytes(&load, t);
		s0[t] = rx_load_sent_bytes(&load, t);
	}
	sleep_s(duration);
	for (int t = 0; t < tenants; t++) {
		b1[t] = rx_load_bytes(&load, t);
		s1[t] = rx_load_sent_bytes(&load, t);
	}
	pass_shape_end(&passes);
	window_end(&w);
	tenant_memory_read(&mem_end, tenants);
	for (int t = 0; t < tenants; t++)
		sock_end[t] = tenant_stat(t, "sock");
	rx_load_describe(&load, metrics);

	rx_load_stop(&load);
	window = window_seconds(&w);
	for (int t = 0; t < tenants; t++) {
		tput[t] = (long long)((double)(b1[t] - b0[t]) / window);
		total += (long long)(b1[t] - b0[t]);
		sent[t] = (long long)(s1[t] - s0[t]);
		sent_total += sent[t];
	}
	window_report(&w, metrics, (double)total / 1e6, "mb");
	window_close(&w);
	if (pass_stats)
		pass_shape_report(&passes, metrics);
	pass_shape_close(&passes);
	for (int t = 0; t < tenants; t++)
		sock_after[t] = tenant_stat_settled(t, "sock", 0, 3.0);

	json_object_set_new(metrics, "bytes_received", json_integer(total));
	/* UDP may drop: what the sender handed over beside what arrived */
	json_object_set_new(metrics, "bytes_sent", json_integer(sent_total));
	json_object_set_new(metrics, "tenant_bytes_sent", array_of(sent, tenants));
	json_object_set_new(metrics, "throughput_bytes_per_sec",
			    json_real((double)total / window));
	json_object_set_new(metrics, "tenant_throughput_bytes_per_sec",
			    array_of(tput, tenants));
	copy_rx_cpu_value(metrics, "softirq_ns_procstat_per_cpu",
			  "rx_cpu_softirq_ns_procstat");
	copy_rx_cpu_value(metrics, "net_rx_softirq_ns_per_cpu",
			  "rx_cpu_net_rx_softirq_ns");
	tenant_memory_report(&mem_begin, &mem_end, metrics);
	json_object_set_new(metrics, "tenant_sock_bytes_end", array_of(sock_end, tenants));
	json_object_set_new(metrics, "tenant_sock_bytes_after_close",
			    array_of(sock_after, tenants));
	json_object_set_new(metrics, "rx_cpu", json_integer(RX_CPU));
	json_object_set_new(metrics, "sender_cpu", json_integer(load.sender_cpu));
	if (total == 0) {
		snprintf(err, errlen, "no bytes received in the %.1f s window", window);
		return -1;
	}
	return 0;
}
