// SPDX-License-Identifier: GPL-2.0
/*
 * rx-mixed: the seed RFC's scenario inside one guest (see rx_load.h), with
 * the charge path's counters read over a measured window.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ftrace_profile.h"
#include "guest_time.h"
#include "perf_probes.h"
#include "proc_stat.h"
#include "rx_load.h"
#include "tenant_cgroups.h"
#include "workloads.h"

/* kernel functions whose calls are counted; absent ones are reported so */
static const char *const probe_symbols[] = {
	"page_counter_try_charge",
	"page_counter_charge",
	"page_counter_uncharge",
	"try_charge_memcg",
	"mem_cgroup_charge_skmem",
	"mem_cgroup_uncharge_skmem",
};
#define NPROBES (sizeof(probe_symbols) / sizeof(probe_symbols[0]))

static json_t *array_of(const long long *v, int n)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

int workload_rx_mixed(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	int tenants = (int)param_int(params, "tenants");
	int flows = (int)param_int(params, "flows");
	int msg_size = (int)param_int(params, "msg_size");
	int mtu = (int)param_int(params, "mtu");
	double duration = param_real(params, "duration_s");
	double warmup = param_real(params, "warmup_s");
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	struct rx_load_opts opts = { .tenants = tenants, .flows = flows,
				     .msg_size = msg_size, .mtu = mtu };
	struct kprobe_counter probes[NPROBES];
	unsigned long long b0[RX_MAX_TENANTS], b1[RX_MAX_TENANTS];
	unsigned long long s0[RX_MAX_TENANTS], s1[RX_MAX_TENANTS];
	long long sent[RX_MAX_TENANTS], sent_total = 0;
	long long tput[RX_MAX_TENANTS], sock_end[RX_MAX_TENANTS];
	long long sock_after[RX_MAX_TENANTS];
	struct rx_load load;
	json_t *probe_counts, *absent;
	double t0, t1, window, softirq_ns = 0, softirq_ns0 = 0, mb;
	double stat_ns0, stat_ns1;
	long long softirq_hits = 0, softirq_hits0 = 0, total = 0;
	unsigned long long charges, uncharges;
	int have_softirq;

	/*
	 * Probes and the profiler patch kernel text: arm them before any
	 * traffic flows and read them only while it does.
	 */
	for (size_t i = 0; i < NPROBES; i++)
		kprobe_counter_open(&probes[i], probe_symbols[i], ncpus);
	have_softirq = ftrace_profile_enable("net_rx_action", err, errlen) == 0;
	if (rx_proto_parse(json_string_value(json_object_get(params, "proto")),
			   &opts.proto, err, errlen) < 0 ||
	    rx_topology_parse(json_string_value(json_object_get(params, "topology")),
			      &opts.topology, err, errlen) < 0 ||
	    rx_load_start_with(&load, &opts, err, errlen) < 0)
		return -1;
	sleep_s(warmup);

	/* the measured window */
	if (have_softirq &&
	    ftrace_profile_read("net_rx_action", RX_CPU, &softirq_ns0, &softirq_hits0) < 0)
		have_softirq = 0;
	for (size_t i = 0; i < NPROBES; i++)
		kprobe_counter_start(&probes[i]);
	stat_ns0 = proc_stat_softirq_ns(RX_CPU);
	for (int t = 0; t < tenants; t++) {
		b0[t] = rx_load_bytes(&load, t);
		s0[t] = rx_load_sent_bytes(&load, t);
	}
	t0 = now_s();
	sleep_s(duration);
	t1 = now_s();
	for (int t = 0; t < tenants; t++) {
		b1[t] = rx_load_bytes(&load, t);
		s1[t] = rx_load_sent_bytes(&load, t);
	}
	stat_ns1 = proc_stat_softirq_ns(RX_CPU);
	for (size_t i = 0; i < NPROBES; i++)
		kprobe_counter_stop(&probes[i]);
	if (have_softirq &&
	    ftrace_profile_read("net_rx_action", RX_CPU, &softirq_ns, &softirq_hits) < 0)
		have_softirq = 0;
	softirq_ns -= softirq_ns0;
	softirq_hits -= softirq_hits0;
	for (int t = 0; t < tenants; t++)
		sock_end[t] = tenant_stat(t, "sock");
	rx_load_describe(&load, metrics);

	rx_load_stop(&load);
	ftrace_profile_disable();
	for (int t = 0; t < tenants; t++)
		sock_after[t] = tenant_stat_settled(t, "sock", 0, 3.0);

	window = t1 - t0;
	for (int t = 0; t < tenants; t++) {
		tput[t] = (long long)((double)(b1[t] - b0[t]) / window);
		total += (long long)(b1[t] - b0[t]);
		sent[t] = (long long)(s1[t] - s0[t]);
		sent_total += sent[t];
	}
	mb = (double)total / 1e6;
	probe_counts = json_object();
	absent = json_array();
	for (size_t i = 0; i < NPROBES; i++) {
		if (probes[i].absent) {
			json_object_set_new(probe_counts, probe_symbols[i], json_null());
			json_array_append_new(absent, json_string(probe_symbols[i]));
		} else {
			json_object_set_new(probe_counts, probe_symbols[i],
					    json_integer((json_int_t)kprobe_counter_total(&probes[i])));
		}
		kprobe_counter_close(&probes[i]);
	}
	charges = kprobe_counter_total(&probes[0]) + kprobe_counter_total(&probes[1]);
	uncharges = kprobe_counter_total(&probes[2]);

	json_object_set_new(metrics, "window_s", json_real(window));
	json_object_set_new(metrics, "bytes_received", json_integer(total));
	/* UDP may drop: what the sender handed over beside what arrived */
	json_object_set_new(metrics, "bytes_sent", json_integer(sent_total));
	json_object_set_new(metrics, "tenant_bytes_sent", array_of(sent, tenants));
	json_object_set_new(metrics, "throughput_bytes_per_sec",
			    json_real((double)total / window));
	json_object_set_new(metrics, "tenant_throughput_bytes_per_sec",
			    array_of(tput, tenants));
	json_object_set_new(metrics, "kprobe_counts", probe_counts);
	json_object_set_new(metrics, "kprobes_absent", absent);
	if (probes[0].absent || probes[2].absent) {
		json_object_set_new(metrics, "page_counter_charges", json_null());
		json_object_set_new(metrics, "page_counter_uncharges", json_null());
	} else {
		json_object_set_new(metrics, "page_counter_charges",
				    json_integer((json_int_t)charges));
		json_object_set_new(metrics, "page_counter_uncharges",
				    json_integer((json_int_t)uncharges));
		if (mb > 0) {
			json_object_set_new(metrics, "charges_per_mb",
					    json_real((double)charges / mb));
			json_object_set_new(metrics, "uncharges_per_mb",
					    json_real((double)uncharges / mb));
		}
	}
	if (have_softirq) {
		json_object_set_new(metrics, "net_rx_softirq_ns", json_real(softirq_ns));
		json_object_set_new(metrics, "net_rx_action_calls",
				    json_integer(softirq_hits));
		if (mb > 0)
			json_object_set_new(metrics, "net_rx_softirq_ns_per_mb",
					    json_real(softirq_ns / mb));
	} else {
		json_object_set_new(metrics, "net_rx_softirq_ns", json_null());
	}
	if (stat_ns0 >= 0 && stat_ns1 >= 0)
		json_object_set_new(metrics, "rx_cpu_softirq_ns_procstat",
				    json_real(stat_ns1 - stat_ns0));
	json_object_set_new(metrics, "tenant_sock_bytes_end", array_of(sock_end, tenants));
	json_object_set_new(metrics, "tenant_sock_bytes_after_close",
			    array_of(sock_after, tenants));
	json_object_set_new(metrics, "rx_cpu", json_integer(RX_CPU));
	json_object_set_new(metrics, "sender_cpu", json_integer(SENDER_CPU));
	json_object_set_new(metrics, "online_cpus", json_integer(ncpus));
	if (total == 0) {
		snprintf(err, errlen, "no bytes received in the %.1f s window", window);
		return -1;
	}
	return 0;
}
