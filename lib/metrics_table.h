/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_METRICS_TABLE_H
#define MMX_METRICS_TABLE_H

#include <jansson.h>
#include <stddef.h>

/* The metrics the report compares: the one place that says which way is better. */
enum metric_direction {
	HIGHER_IS_BETTER,
	LOWER_IS_BETTER,
};

/*
 * What a metric is to the ranking and the decision summary.  A cell's
 * deterministic cost (counts under the TCG cost plugin, run option cost=1)
 * outranks its throughput where both exist: the counts repeat within 1-2%
 * where TCG throughput's A/A noise is 6-12%, so they decide and throughput
 * stays secondary.  Without cost data the throughput is the headline, as it
 * was before the plugin existed.
 */
enum metric_primary {
	NOT_PRIMARY,
	PRIMARY_FALLBACK,	/* the headline when the cell has no cost data */
	PRIMARY_COST,		/* the headline wherever the cell has it */
};

struct metric_def {
	const char *workload;
	const char *path;	/* in $.metrics; a dot descends ("profile.x") */
	const char *label;	/* for tables and chart axes */
	const char *unit;	/* of the shown value */
	double scale;		/* shown value = stored value * scale */
	enum metric_direction direction;
	enum metric_primary primary;	/* the headline: geomean and ranking */
	int log_scale;		/* charts: spans orders of magnitude across variants */
	/*
	 * a live measurement is never 0 here (time, rates, instruction
	 * counts): 0 in every run of every cell of a table means it was not
	 * measured there (NET_RX softirq time on PREEMPT_RT), so "no data"
	 */
	int never_zero;
	/* counts socket-memory charges: zero by construction under nosocket */
	int socket_charge;
	/*
	 * the metric holding the charge path's share of this cost, or NULL: a
	 * change of this cost larger than that share is mostly work outside
	 * the charge path (report_deciding.c)
	 */
	const char *charge_share;
};

extern const struct metric_def metric_defs[];
extern const size_t metric_defs_count;

/*
 * The most lines a calibration's contention projection queues on, each
 * named by a metric (matrix.json's calibration.contention_metric).
 */
#define CONTENTION_LINES_MAX 8

/* Index into metric_defs, or -1. */
int metric_index(const char *workload, const char *path);
/*
 * A matrix.json field naming one metric or a list of 1 to max: its count,
 * with each index in idx[] and name in paths[]; -1 when it is neither a
 * name nor such a list, and -2 - i when entry i names no metric of workload.
 */
int metric_list_index(const char *workload, json_t *spec, size_t max, int *idx,
		      const char **paths);
/* The number at path in a record's metrics; -1 when absent or null. */
int metric_value(json_t *metrics, const char *path, double *out);
/*
 * def's number in a record's metrics; -1: none. A few are derived by the
 * report rather than read (metrics_table.c's per_count_metrics).
 */
int metric_def_value(const struct metric_def *def, json_t *metrics, double *out);
/*
 * The workload's metric that is metric m with its line transfers priced
 * `times` as dear (cost.rx_charge_cycles_skylake_x4_per_mb for m =
 * cost.rx_charge_cycles_skylake_per_mb, times 4), or -1.
 */
int metric_repriced_index(size_t m, int times);
/* A metric of the cost plugin's $.metrics.cost. */
int metric_is_cost(const struct metric_def *def);
/* The workload's metric "cost.<stem>_per_<unit>" (stem "charge_insns"), or -1. */
int metric_cost_index(const char *workload, const char *stem);
/* The workload's metric whose primary is role, or -1. */
int metric_primary_index(const char *workload, enum metric_primary role);
/* A ratio of medians turned so that > 1 always means better. */
double metric_improvement(const struct metric_def *def, double ratio);

#endif
