/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_COST_RX_SCOPE_H
#define MMX_COST_RX_SCOPE_H

#include <jansson.h>

/*
 * The receive scope of metrics.cost: what the guest ran inside the NET_RX
 * softirq and NAPI polls (the cost plugin's scope functions, net_rx_action
 * and __napi_poll, from call to ret), priced by the cycle model, and the
 * charge path's share of it.  This is where the RFC's pathology lives: a
 * receive CPU that spends its time in net_rx_action, charging sockets of
 * many memcgs; the all-vCPU total dilutes it with the senders' and the
 * receiving tasks' work.
 *
 * Sets cost.rx (entries, exits, whether every entry was left by its ret,
 * instructions per vCPU; the calls of net_rx_action and __napi_poll are
 * checked against the agent's kprobes in cost.crosscheck) and, per unit,
 * cost.rx_modelled_cycles_<arch>_per_<unit>, cost.rx_charge_cycles_<arch>_
 * per_<unit> and cost.rx_charge_share_<arch>.  primary is the index of the
 * estimate's primary window in the plugin's mix array.  Nothing is set when
 * the plugin's set had no scope function.
 */
void cost_rx_scope(json_t *cost, json_t *out, int primary, double units,
		   const char *unit);

#endif
