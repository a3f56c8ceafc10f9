// SPDX-License-Identifier: GPL-2.0
/*
 * What a sample size can show, before or after the runs.  Two limits: the
 * exact Mann-Whitney p cannot go below complete separation, 2 / C(n1+n2,
 * n1), so a family of m comparisons under Holm needs that times m below
 * alpha whatever the data; and at a coefficient of variation CV, the
 * smallest effect found with 80% power is about
 *	(z(1 - alpha / 2m) + z(0.80)) * CV * sqrt(pi/3 * (1/n1 + 1/n2)),
 * the two-sample normal formula with Mann-Whitney's efficiency of 3/pi
 * against the t-test (a relative effect, as the log ratio it is close to).
 * Equivalence within a margin (two one-sided tests at alpha, with no true
 * difference) needs the margin above (z(1 - alpha) + z(0.90)) times the
 * same standard error.  Both are approximations, marked so where shown.
 */
#include <math.h>

#include "stats.h"

/* Mann-Whitney's asymptotic efficiency against the t-test for normal data */
#define MWU_EFFICIENCY (3.0 / M_PI)
#define POWER_Z 0.8416212335729143	/* z(0.80) */
#define EQUIV_POWER_Z 1.2815515655446004	/* z(0.90): 80% power over both sides */

double stats_smallest_p(size_t n1, size_t n2)
{
	double c = 1;

	if (!n1 || !n2)
		return 1.0;
	for (size_t k = 1; k <= n1; k++)
		c = c * (double)(n2 + k) / (double)k;
	return fmin(1.0, 2.0 / c);
}

double stats_normal_quantile(double q)
{
	double lo = -40, hi = 40;

	if (!(q > 0 && q < 1))
		return q == 0 ? -INFINITY : q == 1 ? INFINITY : NAN;
	/* bisection on the CDF: slow, exact to double precision, used rarely */
	for (int i = 0; i < 200 && hi - lo > 1e-15; i++) {
		double mid = (lo + hi) / 2;

		if (0.5 * erfc(-mid / M_SQRT2) < q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

static double std_error(double cv, size_t n1, size_t n2)
{
	return cv * sqrt((1.0 / (double)n1 + 1.0 / (double)n2) / MWU_EFFICIENCY);
}

double stats_mde(double cv, size_t n1, size_t n2, size_t family, double alpha)
{
	double per = alpha / (double)(family ? family : 1);

	if (!n1 || !n2 || isnan(cv) || stats_smallest_p(n1, n2) >= per)
		return INFINITY;
	return (stats_normal_quantile(1 - per / 2) + POWER_Z) * std_error(cv, n1, n2);
}

double stats_equivalence_reach(double cv, size_t n1, size_t n2, double alpha)
{
	if (n1 < STATS_CI_MIN_N || n2 < STATS_CI_MIN_N || isnan(cv))
		return INFINITY;
	return (stats_normal_quantile(1 - alpha) + EQUIV_POWER_Z) * std_error(cv, n1, n2);
}

size_t stats_reps_for_floor(size_t family, double alpha, size_t cap)
{
	for (size_t n = 2; n <= cap; n++)
		if (stats_smallest_p(n, n) * (double)(family ? family : 1) < alpha)
			return n;
	return cap + 1;
}

/* n per cell with z * CV * sqrt(2 / n / efficiency) <= room */
static double reps_for(double z, double cv, double room)
{
	return room > 0 ? ceil(2.0 / MWU_EFFICIENCY * pow(z * cv / room, 2) - 1e-9) : INFINITY;
}

size_t stats_reps_to_decide(double cv, double margin, size_t family, double alpha,
			    size_t cap)
{
	size_t n = stats_reps_for_floor(family, alpha, cap), need;
	double per = alpha / (double)(family ? family : 1);
	double z = fmax(stats_normal_quantile(1 - per / 2) + POWER_Z,
			stats_normal_quantile(1 - alpha) + EQUIV_POWER_Z);

	if (isnan(cv) || !(margin > 0))
		return cap + 1;
	need = (size_t)reps_for(z, cv, margin);
	if (need > n)
		n = need;
	if (n < STATS_CI_MIN_N)
		n = STATS_CI_MIN_N;
	return n > cap ? cap + 1 : n;
}

size_t stats_reps_for_effect(double cv, double effect, double margin, size_t family,
			     double alpha, size_t cap)
{
	double per = alpha / (double)(family ? family : 1);
	double differ = reps_for(stats_normal_quantile(1 - per / 2) + POWER_Z, cv, fabs(effect));
	double same = reps_for(stats_normal_quantile(1 - alpha) + EQUIV_POWER_Z, cv,
			       isnan(margin) ? 0 : margin - fabs(effect));
	double n;

	if (isnan(cv) || isnan(effect))
		return cap + 1;
	/* a difference can only pass once complete separation does */
	differ = fmax(differ, (double)stats_reps_for_floor(family, alpha, cap));
	n = fmax(fmin(differ, same), STATS_CI_MIN_N);
	return n > (double)cap ? cap + 1 : (size_t)n;
}
