// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "metrics_table.h"

/* One workload's cost metrics; k is "k " when scale is 1e-3. */
#define COST_DEFS(w, unit, per, scale, k)					\
	{ w, "cost.modelled_cycles_skylake_per_" unit,				\
	  "modelled cycles per " per ", Skylake-SP", k "cycles/" per, scale,	\
	  LOWER_IS_BETTER, PRIMARY_COST, 0, 1, 0, NULL },				\
	{ w, "cost.modelled_cycles_zen2_per_" unit,				\
	  "modelled cycles per " per ", Zen 2", k "cycles/" per, scale,		\
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, NULL },				\
	{ w, "cost.transfers_est_per_" unit,					\
	  "line transfers per " per " (estimate, random interleaving)",		\
	  "transfers/" per, 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },		\
	{ w, "cost.modelled_p200_per_" unit, "modelled cost per " per ", P=200",	\
	  k "insn-eq/" per, scale, LOWER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, NULL },	\
	{ w, "cost.charge_insns_per_" unit,						\
	  "charge-path instructions per " per " (plugin)", k "insns/" per, scale,	\
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },				\
	{ w, "cost.transfers_per_" unit,					\
	  "line transfers per " per " (serialized: the emulator's order)",	\
	  "transfers/" per, 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },		\
	{ w, "cost.modelled_p50_per_" unit, "modelled cost per " per ", P=50",	\
	  k "insn-eq/" per, scale, LOWER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, NULL },	\
	{ w, "cost.kernel_insns_per_" unit,						\
	  "kernel instructions per " per " (plugin, all vCPUs)", k "insns/" per,	\
	  scale, LOWER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, NULL }

/* The transfers per MB on hot_lines[i], the nth hottest line. */
#define HOT_LINE_DEF(w, i, nth)							\
	{ w, "cost.hot_lines." #i ".transfers_est_per_mb",			\
	  "transfers on the " nth " hottest line per MB (estimate)", "transfers/MB", 1,	\
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL }

const struct metric_def metric_defs[] = {
	{ "rx-mixed", "throughput_bytes_per_sec", "throughput", "MB/s", 1e-6,
	  HIGHER_IS_BETTER, PRIMARY_FALLBACK, 0, 1, 0, NULL },
	{ "rx-mixed", "charges_per_mb", "page-counter charges per MB", "charges/MB", 1,
	  LOWER_IS_BETTER, NOT_PRIMARY, 1, 0, 1, NULL },
	{ "rx-mixed", "uncharges_per_mb", "page-counter uncharges per MB", "uncharges/MB", 1,
	  LOWER_IS_BETTER, NOT_PRIMARY, 1, 0, 1, NULL },
	/* where they happen: softirq on the receive CPUs, recvmsg elsewhere */
	{ "rx-mixed", "charges_rx_cpus_per_mb", "page-counter charges per MB on the receive CPUs",
	  "charges/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 1, 0, 1, NULL },
	{ "rx-mixed", "charges_other_cpus_per_mb", "page-counter charges per MB on the other CPUs",
	  "charges/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 1, 0, 0, NULL },
	{ "rx-mixed", "uncharges_rx_cpus_per_mb", "page-counter uncharges per MB on the receive CPUs",
	  "uncharges/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 1, 0, 0, NULL },
	{ "rx-mixed", "uncharges_other_cpus_per_mb", "page-counter uncharges per MB on the other CPUs",
	  "uncharges/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 1, 0, 1, NULL },
	{ "rx-mixed", "net_rx_softirq_ns_per_mb", "NET_RX softirq time per MB", "us/MB", 1e-3,
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, NULL },
	{ "rx-mixed", "profile.memcg_charge_share_children",
	  "charge-path share of profile samples (inclusive)", "%", 100,
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "rx-mixed", "profile.memcg_charge_share_self",
	  "charge-path share of profile samples (self)", "%", 100,
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "fault-mix", "faults_per_sec", "page faults per second", "faults/s", 1,
	  HIGHER_IS_BETTER, PRIMARY_FALLBACK, 0, 1, 0, NULL },
	{ "fault-mix", "charges_per_fault", "page-counter charges per fault", "charges/fault", 1,
	  LOWER_IS_BETTER, NOT_PRIMARY, 1, 0, 0, NULL },
	{ "kmem-mix", "ops_per_sec", "accounted kernel-allocation ops per second", "ops/s", 1,
	  HIGHER_IS_BETTER, PRIMARY_FALLBACK, 0, 1, 0, NULL },
	{ "kmem-mix", "throughput_bytes_per_sec", "rx throughput beside the kmem load", "MB/s", 1e-6,
	  HIGHER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, NULL },
	{ "kmem-mix", "charges_per_op", "page-counter charges per op", "charges/op", 1,
	  LOWER_IS_BETTER, NOT_PRIMARY, 1, 0, 0, NULL },
	{ "iperf3", "throughput_bytes_per_sec", "iperf3 throughput", "MB/s", 1e-6,
	  HIGHER_IS_BETTER, PRIMARY_FALLBACK, 0, 1, 0, NULL },
	{ "iperf3", "charges_per_mb", "page-counter charges per MB", "charges/MB", 1,
	  LOWER_IS_BETTER, NOT_PRIMARY, 1, 0, 1, NULL },
	/*
	 * The cost plugin's counts (cost=1 runs), appended so the other
	 * metrics keep their indices.
	 * The modelled cycles on Skylake-SP are the primary
	 * (docs/cycle-model.md): the whole kernel's path length (a design
	 * that moves work out of the charge functions, or drops them as
	 * nosocket does, is still charged for what it runs instead), each
	 * instruction priced by its class (locked RMW, pushf/popf, cli/sti,
	 * fences), and the line transfers estimated as if the vCPUs ran at
	 * once (random interleaving within 16M-instruction windows: icount's
	 * serialized order hides them), priced by how many cores held the
	 * line.  Zen 2's price is shown beside it so a verdict that depends
	 * on the machine can be seen; the fixed P=50/200 instruction-
	 * equivalents per serialized transfer stay for comparison.
	 */
	COST_DEFS("rx-mixed", "mb", "MB", 1e-3, "k "),
	COST_DEFS("kmem-mix", "op", "op", 1, ""),
	COST_DEFS("fault-mix", "fault", "fault", 1, ""),
	/*
	 * NAPI polls wherever they ran: the softirq's time on most kernels,
	 * the backlog_napi threads' on PREEMPT_RT, where the softirq's reads 0.
	 */
	{ "rx-mixed", "napi_poll_ns_per_mb", "NAPI poll time per MB (softirq or thread)",
	  "us/MB", 1e-3, LOWER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, NULL },
	{ "rx-mixed", "net_rx_thread_ns_per_mb", "NAPI-thread CPU time per MB (backlog_napi, napi/*)",
	  "us/MB", 1e-3, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	/* the page counters' share of the line transfers (cost=1 since 2026-12-04) */
	{ "rx-mixed", "cost.page_counter_transfers_per_mb", "page-counter line transfers per MB (model)",
	  "transfers/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "kmem-mix", "cost.page_counter_transfers_per_op", "page-counter line transfers per op (model)",
	  "transfers/op", 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "fault-mix", "cost.page_counter_transfers_per_fault",
	  "page-counter line transfers per fault (model)", "transfers/fault", 1, LOWER_IS_BETTER,
	  NOT_PRIMARY, 0, 0, 0, NULL },
	/* the page counters' estimated transfers and the charge path's cycles (2026-12-05) */
	{ "rx-mixed", "cost.page_counter_transfers_est_per_mb",
	  "page-counter line transfers per MB (estimate)", "transfers/MB", 1, LOWER_IS_BETTER,
	  NOT_PRIMARY, 0, 0, 0, NULL },
	{ "rx-mixed", "cost.hot_line_transfers_est_per_mb",
	  "transfers on the hottest line per MB (estimate)", "transfers/MB", 1, LOWER_IS_BETTER,
	  NOT_PRIMARY, 0, 0, 0, NULL },
	{ "kmem-mix", "cost.page_counter_transfers_est_per_op",
	  "page-counter line transfers per op (estimate)", "transfers/op", 1, LOWER_IS_BETTER,
	  NOT_PRIMARY, 0, 0, 0, NULL },
	{ "fault-mix", "cost.page_counter_transfers_est_per_fault",
	  "page-counter line transfers per fault (estimate)", "transfers/fault", 1,
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "rx-mixed", "cost.charge_cycles_skylake_per_mb",
	  "charge-path modelled cycles per MB, Skylake-SP", "cycles/MB", 1, LOWER_IS_BETTER,
	  NOT_PRIMARY, 0, 0, 0, NULL },
	{ "kmem-mix", "cost.charge_cycles_skylake_per_op",
	  "charge-path modelled cycles per op, Skylake-SP", "cycles/op", 1, LOWER_IS_BETTER,
	  NOT_PRIMARY, 0, 0, 0, NULL },
	{ "fault-mix", "cost.charge_cycles_skylake_per_fault",
	  "charge-path modelled cycles per fault, Skylake-SP", "cycles/fault", 1,
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	/*
	 * the receive scope: NET_RX softirq and NAPI polls, where the RFC's
	 * pathology lives (cost_rx_scope.h; 2026-12-05)
	 */
	{ "rx-mixed", "cost.rx_modelled_cycles_skylake_per_mb",
	  "receive-scope modelled cycles per MB (NET_RX and NAPI), Skylake-SP", "k cycles/MB",
	  1e-3, LOWER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, "cost.rx_charge_share_skylake" },
	{ "rx-mixed", "cost.rx_modelled_cycles_zen2_per_mb",
	  "receive-scope modelled cycles per MB (NET_RX and NAPI), Zen 2", "k cycles/MB",
	  1e-3, LOWER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, NULL },
	{ "rx-mixed", "cost.rx_charge_cycles_skylake_per_mb",
	  "charge-path modelled cycles per MB inside the receive scope, Skylake-SP",
	  "cycles/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "rx-mixed", "cost.rx_charge_share_skylake",
	  "charge path's share of the receive scope's modelled cycles, Skylake-SP", "%", 100,
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	/* the same with the line transfers priced x4 and x16 (RFC 3, issue 41) */
	{ "rx-mixed", "cost.rx_charge_transfer_cycles_skylake_per_mb",
	  "line transfers' part of the charge path's receive cycles per MB, Skylake-SP",
	  "cycles/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "rx-mixed", "cost.rx_charge_cycles_skylake_x4_per_mb",
	  "charge-path receive cycles per MB, line transfers x4 (Skylake-SP)",
	  "cycles/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "rx-mixed", "cost.rx_charge_cycles_skylake_x16_per_mb",
	  "charge-path receive cycles per MB, line transfers x16 (Skylake-SP)",
	  "cycles/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	/*
	 * sendfile-clients, upstream's netperf shape: every CPU with a client
	 * receives, and the receive scope's cost is the primary (issue 24)
	 */
	{ "sendfile-clients", "throughput_bytes_per_sec", "throughput", "MB/s", 1e-6,
	  HIGHER_IS_BETTER, PRIMARY_FALLBACK, 0, 1, 0, NULL },
	{ "sendfile-clients", "cost.rx_modelled_cycles_skylake_per_mb",
	  "receive-scope modelled cycles per MB (NET_RX and NAPI), Skylake-SP", "k cycles/MB",
	  1e-3, LOWER_IS_BETTER, PRIMARY_COST, 0, 1, 0, "cost.rx_charge_share_skylake" },
	/* descriptive: the same work per received packet (issue 24's noise) */
	{ "sendfile-clients", "cost.rx_modelled_cycles_skylake_per_packet",
	  "receive-scope modelled cycles per received packet, Skylake-SP", "cycles/packet", 1,
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, "cost.rx_charge_share_skylake" },
	{ "sendfile-clients", "cost.rx_modelled_cycles_zen2_per_mb",
	  "receive-scope modelled cycles per MB (NET_RX and NAPI), Zen 2", "k cycles/MB",
	  1e-3, LOWER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, NULL },
	{ "sendfile-clients", "cost.rx_charge_share_skylake",
	  "charge path's share of the receive scope's modelled cycles, Skylake-SP", "%", 100,
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "sendfile-clients", "cost.rx_charge_cycles_skylake_per_mb",
	  "charge-path modelled cycles per MB inside the receive scope, Skylake-SP",
	  "cycles/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "sendfile-clients", "cost.rx_charge_transfer_cycles_skylake_per_mb",
	  "line transfers' part of the charge path's receive cycles per MB, Skylake-SP",
	  "cycles/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "sendfile-clients", "cost.rx_charge_cycles_skylake_x4_per_mb",
	  "charge-path receive cycles per MB, line transfers x4 (Skylake-SP)",
	  "cycles/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "sendfile-clients", "cost.rx_charge_cycles_skylake_x16_per_mb",
	  "charge-path receive cycles per MB, line transfers x16 (Skylake-SP)",
	  "cycles/MB", 1, LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "sendfile-clients", "cost.modelled_cycles_skylake_per_mb",
	  "modelled cycles per MB, all vCPUs, Skylake-SP", "k cycles/MB", 1e-3,
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 1, 0, NULL },
	{ "sendfile-clients", "cost.charge_cycles_skylake_per_mb",
	  "charge-path modelled cycles per MB, all vCPUs, Skylake-SP", "cycles/MB", 1,
	  LOWER_IS_BETTER, NOT_PRIMARY, 0, 0, 0, NULL },
	{ "sendfile-clients", "cost.page_counter_transfers_est_per_mb",
	  "page-counter line transfers per MB (estimate)", "transfers/MB", 1, LOWER_IS_BETTER,
	  NOT_PRIMARY, 0, 0, 0, NULL },
	{ "sendfile-clients", "cost.hot_line_transfers_est_per_mb",
	  "transfers on the hottest line per MB (estimate)", "transfers/MB", 1, LOWER_IS_BETTER,
	  NOT_PRIMARY, 0, 0, 0, NULL },
	/* the next hottest: each its own queue in the calibration's projection */
	HOT_LINE_DEF("sendfile-clients", 1, "2nd"),
	HOT_LINE_DEF("sendfile-clients", 2, "3rd"),
	HOT_LINE_DEF("sendfile-clients", 3, "4th"),
	{ "sendfile-clients", "charges_per_mb", "page-counter charges per MB", "charges/MB", 1,
	  LOWER_IS_BETTER, NOT_PRIMARY, 1, 0, 1, NULL },
};
const size_t metric_defs_count = sizeof(metric_defs) / sizeof(metric_defs[0]);

int metric_index(const char *workload, const char *path)
{
	for (size_t i = 0; i < metric_defs_count; i++)
		if (!strcmp(metric_defs[i].workload, workload) &&
		    !strcmp(metric_defs[i].path, path))
			return (int)i;
	return -1;
}

int metric_list_index(const char *workload, json_t *spec, size_t max, int *idx,
		      const char **paths)
{
	size_t n = json_is_array(spec) ? json_array_size(spec) : 1;

	if (!json_is_string(spec) && !(json_is_array(spec) && n && n <= max))
		return -1;
	for (size_t i = 0; i < n; i++) {
		const char *path = json_string_value(json_is_array(spec) ?
						     json_array_get(spec, i) : spec);

		idx[i] = path ? metric_index(workload, path) : -1;
		paths[i] = path;
		if (idx[i] < 0)
			return -2 - (int)i;
	}
	return (int)n;
}

/* An object's member, or an array's element where key is a number ("hot_lines.1"). */
static json_t *path_child(json_t *v, const char *key)
{
	char *end;
	unsigned long i;

	if (json_is_object(v))
		return json_object_get(v, key);
	if (!json_is_array(v) || *key < '0' || *key > '9')
		return NULL;
	i = strtoul(key, &end, 10);
	return *end ? NULL : json_array_get(v, i);
}

int metric_value(json_t *metrics, const char *path, double *out)
{
	const char *dot = strchr(path, '.');
	char head[128];

	if (dot) {
		snprintf(head, sizeof(head), "%.*s", (int)(dot - path), path);
		return metric_value(path_child(metrics, head), dot + 1, out);
	}
	metrics = path_child(metrics, path);
	if (!json_is_number(metrics))
		return -1;
	*out = json_number_value(metrics);
	return 0;
}

/*
 * Metrics the report derives: a per-MB metric times $.metrics.units (MB)
 * over a count. The receive work per received packet is free of how many
 * packets a run's TCP cut each MB into, the receive cost's main noise.
 */
static const struct {
	const char *workload, *path, *per_mb, *per_count;
} per_count_metrics[] = {
	{ "sendfile-clients", "cost.rx_modelled_cycles_skylake_per_packet",
	  "cost.rx_modelled_cycles_skylake_per_mb", "netif_receive_skbs" },
};

/*
 * The charge path's cycles with its line transfers priced k times as dear
 * (the model is linear: cost_rx_scope.c records the transfers' part): x4
 * is about a transfer from the other socket (297.9 against 85.2 cycles on
 * one, docs/cycle-model.md), x16 a line with some 16 CPUs queued on it, a
 * bound rather than a projection of a measured machine.
 */
static const struct {
	const char *workload, *path, *cycles, *transfers;
	double times;
} repriced_metrics[] = {
	{ "rx-mixed", "cost.rx_charge_cycles_skylake_x4_per_mb",
	  "cost.rx_charge_cycles_skylake_per_mb", "cost.rx_charge_transfer_cycles_skylake_per_mb", 4 },
	{ "rx-mixed", "cost.rx_charge_cycles_skylake_x16_per_mb",
	  "cost.rx_charge_cycles_skylake_per_mb", "cost.rx_charge_transfer_cycles_skylake_per_mb", 16 },
	{ "sendfile-clients", "cost.rx_charge_cycles_skylake_x4_per_mb",
	  "cost.rx_charge_cycles_skylake_per_mb", "cost.rx_charge_transfer_cycles_skylake_per_mb", 4 },
	{ "sendfile-clients", "cost.rx_charge_cycles_skylake_x16_per_mb",
	  "cost.rx_charge_cycles_skylake_per_mb", "cost.rx_charge_transfer_cycles_skylake_per_mb", 16 },
};

int metric_def_value(const struct metric_def *def, json_t *metrics, double *out)
{
	double per_mb, count, mb, cycles, transfers;

	for (size_t i = 0; i < sizeof(repriced_metrics) / sizeof(repriced_metrics[0]); i++) {
		if (strcmp(def->workload, repriced_metrics[i].workload) ||
		    strcmp(def->path, repriced_metrics[i].path))
			continue;
		/* records before the transfers' part was kept have no such value */
		if (metric_value(metrics, repriced_metrics[i].cycles, &cycles) ||
		    metric_value(metrics, repriced_metrics[i].transfers, &transfers))
			return -1;
		*out = cycles + (repriced_metrics[i].times - 1) * transfers;
		return 0;
	}

	for (size_t i = 0; i < sizeof(per_count_metrics) / sizeof(per_count_metrics[0]); i++) {
		if (strcmp(def->workload, per_count_metrics[i].workload) ||
		    strcmp(def->path, per_count_metrics[i].path))
			continue;
		if (metric_value(metrics, per_count_metrics[i].per_mb, &per_mb) ||
		    metric_value(metrics, per_count_metrics[i].per_count, &count) ||
		    !(count > 0) || metric_value(metrics, "units", &mb))
			return -1;
		*out = per_mb * mb / count;
		return 0;
	}
	return metric_value(metrics, def->path, out);
}

int metric_repriced_index(size_t m, int times)
{
	for (size_t i = 0; i < sizeof(repriced_metrics) / sizeof(repriced_metrics[0]); i++) {
		if (repriced_metrics[i].times != times ||
		    strcmp(repriced_metrics[i].workload, metric_defs[m].workload) ||
		    strcmp(repriced_metrics[i].cycles, metric_defs[m].path))
			continue;
		for (size_t k = 0; k < metric_defs_count; k++)
			if (!strcmp(metric_defs[k].workload, metric_defs[m].workload) &&
			    !strcmp(metric_defs[k].path, repriced_metrics[i].path))
				return (int)k;
	}
	return -1;
}

int metric_is_cost(const struct metric_def *def)
{
	return !strncmp(def->path, "cost.", 5);
}

int metric_cost_index(const char *workload, const char *stem)
{
	size_t n = strlen(stem);

	for (size_t i = 0; i < metric_defs_count; i++) {
		const char *p = metric_defs[i].path;

		if (!strcmp(metric_defs[i].workload, workload) && metric_is_cost(&metric_defs[i]) &&
		    !strncmp(p + 5, stem, n) && !strncmp(p + 5 + n, "_per_", 5))
			return (int)i;
	}
	return -1;
}

int metric_primary_index(const char *workload, enum metric_primary role)
{
	for (size_t i = 0; i < metric_defs_count; i++)
		if (!strcmp(metric_defs[i].workload, workload) && metric_defs[i].primary == role)
			return (int)i;
	return -1;
}

double metric_improvement(const struct metric_def *def, double ratio)
{
	return def->direction == HIGHER_IS_BETTER ? ratio : 1.0 / ratio;
}
