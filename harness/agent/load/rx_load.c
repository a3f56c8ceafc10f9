// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "flow_placement.h"
#include "guest_net.h"
#include "guest_time.h"
#include "rx_flows.h"
#include "rx_load.h"
#include "rx_receivers.h"
#include "rx_sender.h"
#include "tenant_cgroups.h"

int rx_proto_parse(const char *name, enum rx_proto *out, char *err,
		   size_t errlen)
{
	if (name && strcmp(name, "tcp") == 0)
		*out = RX_PROTO_TCP;
	else if (name && strcmp(name, "udp") == 0)
		*out = RX_PROTO_UDP;
	else {
		snprintf(err, errlen, "proto '%s' is not one of: tcp udp",
			 name ? name : "(none)");
		return -1;
	}
	return 0;
}

int rx_topology_parse(const char *name, enum rx_topology *out, char *err,
		      size_t errlen)
{
	if (name && strcmp(name, "lo-rps") == 0)
		*out = RX_TOPO_LO_RPS;
	else if (name && strcmp(name, "virtio") == 0)
		*out = RX_TOPO_VIRTIO;
	else {
		snprintf(err, errlen, "topology '%s' is not one of: lo-rps virtio",
			 name ? name : "(none)");
		return -1;
	}
	return 0;
}

static void wait_children(pid_t *pids, int n, double timeout_s)
{
	double deadline = now_s() + timeout_s;
	int left = n;

	while (left > 0 && now_s() < deadline) {
		pid_t p = waitpid(-1, NULL, WNOHANG);

		if (p > 0)
			left--;
		else
			sleep_s(0.02);
	}
	/* never kill(0 or -1): a child that was not forked has no pid */
	if (left > 0)
		for (int i = 0; i < n; i++)
			if (pids[i] > 0)
				kill(pids[i], SIGKILL);
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
}

static int check_opts(const struct rx_load_opts *o, int rx_cpus, char *err,
		      size_t errlen)
{
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);

	if (o->tenants < 1 || o->tenants > RX_MAX_TENANTS || o->flows < 1 ||
	    o->flows > RX_MAX_FLOWS) {
		snprintf(err, errlen, "tenants must be 1..%d and flows 1..%d",
			 RX_MAX_TENANTS, RX_MAX_FLOWS);
		return -1;
	}
	if (o->proto == RX_PROTO_UDP && o->msg_size > RX_UDP_MAX_MSG) {
		snprintf(err, errlen, "proto=udp: msg_size %d exceeds the largest "
			 "UDP payload, %d", o->msg_size, RX_UDP_MAX_MSG);
		return -1;
	}
	if (rx_cpus < 1 || rx_cpus > RX_MAX_RX_CPUS) {
		snprintf(err, errlen, "rx_cpus must be 1..%d", RX_MAX_RX_CPUS);
		return -1;
	}
	if (rx_cpus > 1 && o->topology != RX_TOPO_LO_RPS) {
		snprintf(err, errlen, "rx_cpus=%d needs topology=lo-rps: the virtio "
			 "topology receives on one NIC queue, one CPU", rx_cpus);
		return -1;
	}
	if (o->rx_nics > 1 && o->topology != RX_TOPO_VIRTIO) {
		snprintf(err, errlen, "rx_nics=%d needs topology=virtio: it is the "
			 "number of virtio NIC pairs", o->rx_nics);
		return -1;
	}
	/* the receive CPUs, the sender's, and one for the receivers */
	if (ncpus < rx_cpus + 2) {
		snprintf(err, errlen, "rx_cpus=%d needs at least %d CPUs, the guest "
			 "has %d: run with cpus=%d (or more)", rx_cpus, rx_cpus + 2,
			 ncpus, rx_cpus + 2);
		return -1;
	}
	return 0;
}

static int topology_setup(struct rx_load *l, const struct rx_load_opts *o,
			  char *err, size_t errlen)
{
	if (l->topology == RX_TOPO_VIRTIO)
		return nic_pair_setup(&l->nics, o->rx_nics > 0 ? o->rx_nics : 1,
				      o->mtu, RX_CPU, SENDER_CPU, err, errlen);
	if (loopback_setup(o->mtu, err, errlen) < 0 ||
	    loopback_rps_to_cpus(RX_CPU, l->rx_cpus, err, errlen) < 0)
		return -1;
	return 0;
}

int rx_load_start_with(struct rx_load *l, const struct rx_load_opts *o,
		       char *err, size_t errlen)
{
	memset(l, 0, sizeof(*l));
	l->tenants = o->tenants;
	l->flows = o->flows;
	l->proto = o->proto;
	l->topology = o->topology;
	l->rx_cpus = o->rx_cpus > 0 ? o->rx_cpus : 1;
	l->pin_receivers = o->pin_receivers;
	l->sender_cpu = RX_CPU + l->rx_cpus;
	if (check_opts(o, l->rx_cpus, err, errlen) < 0 ||
	    topology_setup(l, o, err, errlen) < 0 ||
	    tenants_create(o->tenants, err, errlen) < 0)
		return -1;
	if (l->rx_cpus > 1) {
		l->placement = placement_create(l->tenants, tenant_flows(l),
						l->rx_cpus, err, errlen);
		if (!l->placement)
			return -1;
	}
	l->shared = mmap(NULL, sizeof(*l->shared), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (l->shared == MAP_FAILED) {
		snprintf(err, errlen, "shared memory: %s", strerror(errno));
		return -1;
	}
	/*
	 * Touch the shared page here, in the root cgroup: a receiver touching
	 * it first would charge it to its tenant and pin that memcg as dying
	 * for as long as the page lives.
	 */
	memset(l->shared, 0, sizeof(*l->shared));
	if (start_receivers(l, err, errlen) < 0 ||
	    start_sender(l, o->msg_size, err, errlen) < 0) {
		rx_load_stop(l);
		return -1;
	}
	return 0;
}

int rx_load_start(struct rx_load *l, int tenants, int flows, int msg_size,
		  int mtu, char *err, size_t errlen)
{
	struct rx_load_opts o = {
		.tenants = tenants, .flows = flows, .msg_size = msg_size,
		.mtu = mtu, .proto = RX_PROTO_TCP, .topology = RX_TOPO_LO_RPS,
	};

	return rx_load_start_with(l, &o, err, errlen);
}

unsigned long long rx_load_bytes(const struct rx_load *l, int t)
{
	return atomic_load(&l->shared->bytes[t]);
}

unsigned long long rx_load_sent_bytes(const struct rx_load *l, int t)
{
	return atomic_load(&l->shared->sent[t]);
}

void rx_load_describe(const struct rx_load *l, json_t *metrics)
{
	json_t *rx_cpu_list = json_array(), *receiver_cpus = json_array();

	json_object_set_new(metrics, "proto", json_string(
		l->proto == RX_PROTO_UDP ? "udp" : "tcp"));
	json_object_set_new(metrics, "topology", json_string(
		l->topology == RX_TOPO_VIRTIO ? "virtio" : "lo-rps"));
	for (int c = RX_CPU; c < RX_CPU + l->rx_cpus; c++)
		json_array_append_new(rx_cpu_list, json_integer(c));
	json_object_set_new(metrics, "rx_cpus", json_integer(l->rx_cpus));
	json_object_set_new(metrics, "rx_cpu_list", rx_cpu_list);
	for (int t = 0; t < l->tenants; t++) {
		json_t *cpus = json_array();

		for (int c = 0; c < 64; c++)
			if (l->shared->cpu_mask[t] & (1ULL << c))
				json_array_append_new(cpus, json_integer(c));
		json_array_append_new(receiver_cpus, cpus);
	}
	json_object_set_new(metrics, "receiver_cpus", receiver_cpus);
	if (l->placement)
		placement_describe(l->placement, metrics);
	else
		json_object_set_new(metrics, "flow_placement_tries", json_integer(0));
	if (l->topology == RX_TOPO_VIRTIO)
		nic_pair_describe(&l->nics, RX_CPU, metrics);
}

void rx_load_stop(struct rx_load *l)
{
	int n = l->tenants + 1;

	if (l->pids[l->tenants] > 0)
		kill(l->pids[l->tenants], SIGKILL);
	/*
	 * A UDP receiver sees no end of stream: closing its sockets is the
	 * end; nor does one whose sender died before its flows were placed.
	 */
	if (l->proto == RX_PROTO_UDP ||
	    (l->placement && !placement_done(l->placement)))
		for (int t = 0; t < l->tenants; t++)
			if (l->pids[t] > 0)
				kill(l->pids[t], SIGKILL);
	if (l->pids[l->tenants] <= 0)
		n = l->tenants;
	wait_children(l->pids, n, 10.0);
}
