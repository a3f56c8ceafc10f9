/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PASS_SHAPE_H
#define MMX_PASS_SHAPE_H

#include <jansson.h>

#include "pass_tally.h"

/*
 * The shape of a NET_RX pass: how many tenants one net_rx_action run
 * holds, which bounds what a batch scoped to the pass (the seed RFC's) can
 * save.  A tracefs instance of its own records, on the receive CPUs only,
 * the NET_RX softirq's entry and exit and tcp:tcp_probe for every data
 * segment a tenant's receiving socket takes (filtered in the kernel on the
 * tenants' ports), and a pass is what lies between an entry and its exit:
 *
 *	skbs		data segments of tenants in the pass
 *	tenants		distinct tenants among them
 *	runs		maximal runs of one tenant's segments: a single-memcg
 *			stock changes memcg once a run, a per-pass batch
 *			charges once a tenant, so runs / tenants bounds the
 *			batch's saving
 *
 * Recording costs time in the window (opt-in: rx-mixed pass_stats=1), and
 * the buffer does not overwrite: when it fills, later events are dropped
 * and counted, and the statistics are those of the passes recorded whole.
 * On PREEMPT_RT the backlog is polled in threads, outside any softirq pass:
 * no passes are seen there, and the metrics say so.
 */

struct pass_shape {
	int armed, first_cpu, ncpus, base_port, tenants;
	int nics;		/* napi:napi_poll recorded too (pass_nics.h) */
	char error[512];
};

/*
 * Arms the instance for CPUs first_cpu..first_cpu + ncpus - 1 (before the
 * load starts: enabling tracepoints patches kernel text); on failure the
 * report says why and the run goes on without it.
 */
void pass_shape_open(struct pass_shape *ps, int first_cpu, int ncpus,
		     int base_port, int tenants);
/*
 * Also records napi:napi_poll, to report which NICs each pass polls
 * (pass_nics.h); after pass_shape_open, before the load starts.
 */
void pass_shape_trace_nics(struct pass_shape *ps);
void pass_shape_begin(struct pass_shape *ps);
void pass_shape_end(struct pass_shape *ps);
void pass_shape_report(struct pass_shape *ps, json_t *metrics);
void pass_shape_close(struct pass_shape *ps);

#endif
