/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_COST_FUNCS_H
#define MMX_COST_FUNCS_H

#include <stddef.h>

/*
 * The cost plugin's function set for one kernel, from that kernel's own
 * System.map: the memcg charge path (charge_functions.h's globs, plus the
 * exact names in extra), the receive-path roots (net_rx_action,
 * process_backlog, tcp_v4_rcv, udp_rcv) and the instrumentation the agent's
 * own counters add (kprobes, perf, ftrace), so that it can be told apart.
 * Each function is [its address, the next symbol's address).
 *
 * Writes out in harness/plugin/func_ranges.h's format.  An exact name the
 * kernel does not have (a receive root, or one of extra: comma-separated)
 * is an error naming it; a glob matching nothing is not (a variant may
 * lack a function).  Returns the number of functions, or -1 with err.
 */
int cost_funcs_write(const char *system_map, const char *extra, const char *out,
		     char *err, size_t errlen);

#endif
