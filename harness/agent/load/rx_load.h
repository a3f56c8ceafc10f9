/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RX_LOAD_H
#define MMX_RX_LOAD_H

#include <jansson.h>
#include <stddef.h>
#include <sys/types.h>

#include "nic_pair.h"

#define RX_MAX_TENANTS 64
/* tenant t listens on RX_BASE_PORT + t (TCP) */
#define RX_BASE_PORT 20000
/* flows of a tenant on each receive CPU */
#define RX_MAX_FLOWS 16
#define RX_MAX_RX_CPUS 6
#define RX_MAX_TENANT_FLOWS (RX_MAX_FLOWS * RX_MAX_RX_CPUS)
/*
 * CPU layout with rx_cpus=K (needs K + 2 CPUs): CPUs RX_CPU..K receive,
 * CPU K + 1 sends, receivers run on the others.  RX_CPU and SENDER_CPU
 * are the layout with one receive CPU, which every other load uses.
 */
#define RX_CPU 1
#define SENDER_CPU 2
/* the largest UDP payload an IPv4 datagram carries */
#define RX_UDP_MAX_MSG 65507

enum rx_proto { RX_PROTO_TCP, RX_PROTO_UDP };

/*
 * lo-rps: loopback, RPS steering every packet to RX_CPU's backlog.
 * virtio: two virtio-net NICs joined inside QEMU, the sender's NIC in its
 * own network namespace, the receiving NIC's IRQ pinned to RX_CPU, so
 * packets arrive through NAPI polling with its budget (see nic_pair.h).
 */
enum rx_topology { RX_TOPO_LO_RPS, RX_TOPO_VIRTIO };

struct rx_load_opts {
	int tenants, flows, msg_size, mtu;
	int rx_cpus;		/* receive CPUs; 0 means 1 */
	int rx_nics;		/* virtio: NIC pairs (nic_pair.h); 0 means 1 */
	/*
	 * 1: tenant t's receiver runs on one CPU of the receivers' set (the
	 * (t mod n)-th), not anywhere in it: which CPU uncharges a tenant's
	 * socket memory no longer changes with the scheduler's choices, so
	 * line-transfer counts repeat from run to run
	 */
	int pin_receivers;
	enum rx_proto proto;
	enum rx_topology topology;
};

/*
 * The rx-mixed load: one receiver process per tenant in that tenant's
 * memcg, one sender in the root cgroup writing to every flow in turn, all
 * packets received on RX_CPU, which runs no task of the load, so its
 * net_rx_action charges every tenant interleaved.  With rx_cpus > 1 each
 * tenant has flows * rx_cpus flows, placed so that each receive CPU gets
 * flows of every tenant (flow_placement.h).
 */
struct rx_load {
	int tenants, flows, pin_receivers;
	int rx_cpus, sender_cpu;
	enum rx_proto proto;
	enum rx_topology topology;
	pid_t pids[RX_MAX_TENANTS + 1];	/* receivers, then the sender */
	struct rx_shared *shared;
	struct placement *placement;	/* rx_cpus > 1 only */
	struct nic_pair nics;		/* topology virtio only */
};

/* Parameter names ("tcp", "udp"; "lo-rps", "virtio") to the enums. */
int rx_proto_parse(const char *name, enum rx_proto *out, char *err,
		   size_t errlen);
int rx_topology_parse(const char *name, enum rx_topology *out, char *err,
		      size_t errlen);

/*
 * Sets up the topology and the tenant cgroups, starts receivers and
 * sender; returns once the sender has connected every flow.
 */
int rx_load_start_with(struct rx_load *l, const struct rx_load_opts *o,
		       char *err, size_t errlen);
/* TCP on lo-rps. */
int rx_load_start(struct rx_load *l, int tenants, int flows, int msg_size,
		  int mtu, char *err, size_t errlen);
/* Bytes tenant t's receiver has read so far. */
unsigned long long rx_load_bytes(const struct rx_load *l, int t);
/* Bytes the sender has handed to tenant t's sockets so far (UDP may drop). */
unsigned long long rx_load_sent_bytes(const struct rx_load *l, int t);
/*
 * Protocol, topology, receive CPUs and, for virtio, NICs and IRQs into
 * metrics; with rx_cpus > 1 also where each flow is received now (asks
 * the receivers, so call it while the load runs, after the window).
 */
void rx_load_describe(const struct rx_load *l, json_t *metrics);
/* Stops the sender, then the receivers (TCP: they see EOF), reaps all. */
void rx_load_stop(struct rx_load *l);

#endif
