/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_COST_METRICS_H
#define MMX_COST_METRICS_H

#include <jansson.h>
#include <stddef.h>

/*
 * The modelled cost of a line transfer, in instructions: shown at two
 * values because the real figure depends on the machine (tens of cycles
 * between cores of one die, hundreds across sockets), and the report must
 * show whether a ranking holds across that range.
 */
#define COST_PENALTY_LOW 50
#define COST_PENALTY_HIGH 200

/*
 * The kprobe counts the plugin's call counts must match (within
 * COST_CROSSCHECK_TOLERANCE, or 2 calls when counts are small).
 */
#define COST_CROSSCHECK_TOLERANCE 0.02
extern const char *const cost_crosscheck_functions[];
extern const size_t cost_crosscheck_functions_count;

/*
 * Reads the cost plugin's output (harness/plugin/cost_plugin.c) and
 * returns metrics.cost: totals over the vCPUs, per unit of work (metrics'
 * "units" and "unit"), per CPU, per function, the modelled cost at both
 * penalties, and the cross-check of call counts against metrics'
 * kprobe_counts.  NULL with err when the file is missing or unusable, or
 * when the agent's window marks did not reach every vCPU exactly once.
 */
json_t *cost_metrics_read(const char *path, json_t *metrics, char *err,
			  size_t errlen);

#endif
