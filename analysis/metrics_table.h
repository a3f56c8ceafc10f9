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

struct metric_def {
	const char *workload;
	const char *path;	/* in $.metrics; a dot descends ("profile.x") */
	const char *label;	/* for tables and chart axes */
	const char *unit;	/* of the shown value */
	double scale;		/* shown value = stored value * scale */
	enum metric_direction direction;
	int primary;		/* the workload's headline: geomean and ranking */
	int log_scale;		/* charts: spans orders of magnitude across variants */
};

extern const struct metric_def metric_defs[];
extern const size_t metric_defs_count;

/* Index into metric_defs, or -1. */
int metric_index(const char *workload, const char *path);
/* The number at def->path in a record's metrics; -1 when absent or null. */
int metric_value(json_t *metrics, const char *path, double *out);
/* A ratio of medians turned so that > 1 always means better. */
double metric_improvement(const struct metric_def *def, double ratio);

#endif
