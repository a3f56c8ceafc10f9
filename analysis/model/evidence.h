/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_EVIDENCE_H
#define MMX_EVIDENCE_H

#include <stddef.h>

#include "model.h"
#include "tally.h"

/* The comparisons shown beside a question's families, descriptive, in the order shown. */
struct evidence_list {
	const struct comparison **v;
	size_t n, cap;
};

/*
 * The comparison of variant on one metric at the most tenants in a timing
 * mode, on the base kconfig axis (rt: an axis named with "rt"); at equal
 * tenants the one measured without the cost plugin.  NULL: none.
 */
const struct comparison *evidence_headline(const struct report *r, const char *variant,
					   const char *workload, const char *path,
					   const char *timing, int rt);
/*
 * Adds that comparison to l and t unless a family lists it; one not
 * measured in this store is counted in t->no_data instead.  -1: no memory.
 */
int evidence_metric(struct evidence_list *l, struct tally *t, const struct report *r,
		    const char *variant, const char *workload, const char *path,
		    const char *timing, int rt);
/*
 * Adds the descriptive lines of the workload's modelled cost (its
 * PRIMARY_COST metric) of variant against baseline that no family lists:
 * one per cell at the most tenants with cost data (each rx_cpus/cpus
 * setting its own line).  -1: no memory.
 */
int evidence_cost(struct evidence_list *l, struct tally *t, const struct report *r,
		  const char *variant, const char *workload, const char *timing, int rt);

/*
 * The mechanism's fingerprint, per design and workload: how the page-counter
 * charges (or uncharges) per MB change against baseline over the cells both
 * have, the smallest and the largest Hodges-Lehmann change and how many of
 * the cells are significant (any kind: descriptive ones included).
 */
struct mechanism_row {
	const char *variant, *workload;
	size_t metric;
	const struct comparison *lo, *hi;	/* the smallest and largest change */
	size_t cells, significant;
};

/* The rows for metric path (a path of metrics_table.c); how many (at most cap). */
size_t mechanism_rows(const struct report *r, const char *path, struct mechanism_row *out,
		      size_t cap);

#endif
