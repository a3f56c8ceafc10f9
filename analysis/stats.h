/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_STATS_H
#define MMX_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Resamples per bootstrap interval: percentile ends stable to ~0.1%. */
#define STATS_BOOTSTRAP_RESAMPLES 10000
/* Below this many values a bootstrap interval of the median is not given. */
#define STATS_CI_MIN_N 3
/* Mann-Whitney: exact permutation p-value when n1 + n2 <= this, else normal. */
#define STATS_MWU_EXACT_MAX_N 50

/* Descriptive statistics; each returns NAN when it cannot be computed. */
double stats_median(const double *x, size_t n);
double stats_mean(const double *x, size_t n);
double stats_cv(const double *x, size_t n);		/* sample sd / mean, n >= 2 */
double stats_geomean(const double *x, size_t n);	/* all x > 0 */
/* Linear-interpolation quantile (R type 7) of an ascending array. */
double stats_quantile_sorted(const double *sorted, size_t n, double q);

struct interval {
	int valid;		/* 0: n too small or a denominator of 0 */
	double lo, hi;
};

/* Percentile bootstrap interval of the median at confidence level (0.95). */
int stats_bootstrap_median(const double *x, size_t n, uint64_t seed,
			   size_t resamples, double level, struct interval *out);
/* Same for median(num) / median(den), the two samples resampled independently. */
int stats_bootstrap_ratio(const double *num, size_t nn, const double *den,
			  size_t nd, uint64_t seed, size_t resamples,
			  double level, struct interval *out);

struct mwu {
	double u;		/* U of the first sample */
	double p;		/* two-sided */
	int exact;		/* 1: exact permutation distribution (ties kept) */
};

/* Mann-Whitney U test; -1 (and p NAN) when a sample is empty. */
int stats_mann_whitney(const double *x, size_t nx, const double *y, size_t ny,
		       struct mwu *out);

/*
 * Holm-Bonferroni adjusted p-values, in the input order.  NAN entries are
 * not part of the family and stay NAN.
 */
void stats_holm(const double *p, size_t n, double *adjusted);

#endif
