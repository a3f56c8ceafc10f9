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
 * multiplicity.c: adjusted p-values, in the input order.  NAN entries are
 * no part of any family and stay NAN.  Holm-Bonferroni (family-wise);
 * Benjamini-Hochberg (false discovery rate); and both at once: Holm within
 * each family[i] >= 0, BH over every entry with family[i] < 0.
 */
void stats_holm(const double *p, size_t n, double *adjusted);
void stats_bh(const double *p, size_t n, double *adjusted);
void stats_adjust_families(const double *p, const int *family, size_t n, double *adjusted);

/*
 * power.c: what n can show.  The smallest two-sided exact Mann-Whitney p
 * at n1 vs n2 (complete separation, 2 / C(n1 + n2, n1)); the standard
 * normal quantile; the relative effect found with 80% power under Holm
 * in a family of that size (INFINITY when the smallest p cannot pass),
 * and the smallest equivalence margin two one-sided tests at alpha reach
 * with 80% power when nothing differs, both at a coefficient of variation
 * cv (approximate: the normal formula, Mann-Whitney's efficiency 3/pi);
 * the repetitions per cell whose smallest p passes Holm in a family of that
 * size, and those that also bring both of the above within margin (cap + 1
 * when more than cap would be needed).  stats_reps_for_effect: after the
 * runs, for a comparison neither test decided, the repetitions per cell
 * that would decide it with 80% power if its observed relative effect is
 * the true one: the fewer of those that find the difference under Holm
 * and those that show equivalence within the margin (the effect inside it).
 */
double stats_smallest_p(size_t n1, size_t n2);
/*
 * power_sim.c: the same by simulation of the test itself (exact
 * Mann-Whitney, Holm's first step, log-normal runs at cv; 20,000 draws of
 * a fixed seed): the power at a relative effect, and the smallest effect
 * with 80% power (INFINITY when the smallest p cannot pass).
 */
double stats_power_sim(double effect, double cv, size_t n1, size_t n2, size_t family,
		       double alpha);
double stats_mde_sim(double cv, size_t n1, size_t n2, size_t family, double alpha);
/*
 * With no true difference, the share of draws whose interval at 1 - 2 alpha
 * lies within ±margin (equivalence shown); and the fewest runs per cell with
 * 80% power both to find a difference of the margin under Holm in the family
 * and to show equivalence when nothing differs (cap + 1 past cap).  Simulated
 * up to STATS_MWU_EXACT_MAX_N / 2 runs a cell; past that the normal formula.
 */
double stats_equivalence_power_sim(double cv, size_t n1, size_t n2, double margin, double alpha);
size_t stats_reps_sim(double cv, double margin, size_t family, double alpha, size_t cap);
double stats_normal_quantile(double q);
double stats_mde(double cv, size_t n1, size_t n2, size_t family, double alpha);
double stats_equivalence_reach(double cv, size_t n1, size_t n2, double alpha);
size_t stats_reps_for_floor(size_t family, double alpha, size_t cap);
size_t stats_reps_to_decide(double cv, double margin, size_t family, double alpha,
			    size_t cap);
size_t stats_reps_for_effect(double cv, double effect, double margin, size_t family,
			     double alpha, size_t cap);

#endif
