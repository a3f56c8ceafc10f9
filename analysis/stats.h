/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_STATS_H
#define MMX_STATS_H

#include <stddef.h>

/* Below this many values (in either sample) no interval is given. */
#define STATS_CI_MIN_N 3
/*
 * Mann-Whitney: exact permutation p-value when n1 + n2 <= this, else normal;
 * the ratio interval's coverage likewise exact, else normal-approximated.
 */
#define STATS_MWU_EXACT_MAX_N 50

/* Descriptive statistics; each returns NAN when it cannot be computed. */
double stats_median(const double *x, size_t n);
double stats_mean(const double *x, size_t n);
double stats_cv(const double *x, size_t n);		/* sample sd / mean, n >= 2 */
double stats_geomean(const double *x, size_t n);	/* all x > 0 */
/* Linear-interpolation quantile (R type 7) of an ascending array. */
double stats_quantile_sorted(const double *sorted, size_t n, double q);

/*
 * A distribution-free interval and the coverage it has: exact for continuous
 * data (ties can only raise it), never the level asked for unless reached.
 */
struct interval {
	int valid;		/* 0: see why */
	double lo, hi;
	double coverage;	/* probability the interval covers its target */
	int exact;		/* 0: coverage from the normal approximation */
	const char *why;	/* !valid: "n < 3", "a value <= 0: no log scale" */
};

/*
 * median_interval.c: the order-statistic interval [x(l), x(n+1-l)] of the
 * median, l the largest rank whose binomial(n, 1/2) coverage reaches level;
 * [min, max] with its (lower) coverage when none does.  The rank l, or 0
 * for n = 0, and its coverage without data:
 */
size_t stats_median_rank(size_t n, double level, double *coverage);
int stats_median_interval(const double *x, size_t n, double level,
			  struct interval *out);

/*
 * ratio_interval.c: the ratio num / den as a scale factor, from the
 * Hodges-Lehmann (Moses) interval of the shift between log(num) and
 * log(den): the k-th smallest and k-th largest of the nn * nd pairwise
 * differences, k from the null distribution of U.  The rank k for sample
 * sizes (nn, nd) and its coverage without data:
 */
size_t stats_shift_rank(size_t nn, size_t nd, double level, double *coverage,
			int *exact);
/* *hl (may be NULL): exp of the median difference, the Hodges-Lehmann ratio. */
int stats_ratio_interval(const double *num, size_t nn, const double *den,
			 size_t nd, double level, struct interval *out, double *hl);

struct mwu {
	double u;		/* U of the first sample */
	double p;		/* two-sided */
	int exact;		/* 1: exact permutation distribution (ties kept) */
};

/* Mann-Whitney U test; -1 (and p NAN) when a sample is empty. */
int stats_mann_whitney(const double *x, size_t nx, const double *y, size_t ny,
		       struct mwu *out);
/*
 * How many of the C(n, nx) subsets of size nx of the doubled ranks rank2[]
 * have each doubled rank sum s = 0..*maxsum (malloc'd; NULL: no memory).
 */
double *stats_rank_sum_counts(const long *rank2, size_t n, size_t nx, long *maxsum);

/*
 * Holm-Bonferroni adjusted p-values, in the input order.  NAN entries are
 * not part of the family and stay NAN.
 */
void stats_holm(const double *p, size_t n, double *adjusted);

#endif
