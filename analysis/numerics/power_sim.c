// SPDX-License-Identifier: GPL-2.0
/*
 * Power by simulating the test the report runs, not a normal formula: at
 * small n the exact Mann-Whitney p takes few values, and Holm's first step
 * (p times the family size below alpha) admits only the most extreme of
 * them, so the formula's 80% is optimistic (at 5 vs 5 in a family of 3 its
 * MDE has about 56% power).  Each draw makes n1 and n2 runs whose logs are
 * normal with sd = cv, the first shifted by log(1 + effect); the comparison
 * passes when its exact two-sided p times the family size is below alpha
 * (the comparison that decides first, the others null).  The draws are the
 * same for every effect (a fixed seed), so power rises with the effect and
 * the MDE is found by bisection.  The runs a cell needs to decide a
 * comparison at its margin are found the same way: the fewest with 80%
 * power both to find a difference of the margin and, when nothing differs,
 * to show equivalence (the report's interval at 1 - 2 alpha, the
 * Hodges-Lehmann one, inside the margin).  Exact p tables end where the
 * report's do (STATS_MWU_EXACT_MAX_N); past them the normal formula, which
 * is right at that size, gives the answer.
 */
#include <math.h>
#include <stdlib.h>

#include "prng.h"
#include "stats.h"

#define SIM_SEED 20261205
#define SIM_DRAWS 20000
#define SIM_POWER 0.80
/* the largest n per cell simulated: n1 + n2 within the exact p tables */
#define SIM_MAX_N (STATS_MWU_EXACT_MAX_N / 2)

static double uniform01(struct prng *r)
{
	/* 53 random bits, never 0: the log below stays finite */
	return ((double)(prng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

static double normal(struct prng *r)
{
	return sqrt(-2.0 * log(uniform01(r))) * cos(2.0 * M_PI * uniform01(r));
}

/* p[u] for U = 0 .. n1 * n2: the exact two-sided p of each U, no ties. */
static double *p_of_u(size_t n1, size_t n2)
{
	size_t n = n1 + n2, umax = n1 * n2;
	long *rank2 = malloc(n * sizeof(*rank2)), maxsum, mean2 = (long)n1 * (long)(n + 1);
	double *count, *p = malloc((umax + 1) * sizeof(*p)), total = 0;

	if (!rank2 || !p) {
		free(rank2);
		free(p);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		rank2[i] = 2 * (long)(i + 1);
	count = stats_rank_sum_counts(rank2, n, n1, &maxsum);
	free(rank2);
	if (!count) {
		free(p);
		return NULL;
	}
	for (long s = 0; s <= maxsum; s++)
		total += count[s];
	for (size_t u = 0; u <= umax; u++) {
		/* the doubled rank sum of the first sample with U = u */
		long w2 = (long)(n1 * (n1 + 1)) + 2 * (long)u, dist = labs(w2 - mean2);
		double tail = 0;

		for (long s = 0; s <= maxsum; s++)
			if (labs(s - mean2) >= dist)
				tail += count[s];
		p[u] = fmin(1.0, tail / total);
	}
	free(count);
	return p;
}

/* the share of draws that pass, all drawn from z[] (draws x (n1 + n2)) */
static double power_of(const double *z, const double *p, size_t n1, size_t n2, double shift,
		       double cv, double limit)
{
	size_t pass = 0;

	for (size_t d = 0; d < SIM_DRAWS; d++) {
		const double *x = z + d * (n1 + n2), *y = x + n1;
		size_t u = 0;

		for (size_t i = 0; i < n1; i++)
			for (size_t j = 0; j < n2; j++)
				u += shift + cv * x[i] > cv * y[j];
		pass += p[u] < limit;
	}
	return (double)pass / SIM_DRAWS;
}

static double *draws(size_t n1, size_t n2)
{
	double *z = malloc(SIM_DRAWS * (n1 + n2) * sizeof(*z));
	struct prng r;

	if (!z)
		return NULL;
	prng_seed(&r, SIM_SEED);
	for (size_t i = 0; i < SIM_DRAWS * (n1 + n2); i++)
		z[i] = normal(&r);
	return z;
}

double stats_power_sim(double effect, double cv, size_t n1, size_t n2, size_t family,
		       double alpha)
{
	double *z, *p, power;

	if (!n1 || !n2 || !(cv >= 0) || effect <= -1)
		return NAN;
	z = draws(n1, n2);
	p = p_of_u(n1, n2);
	power = z && p ? power_of(z, p, n1, n2, log1p(effect), cv,
				  alpha / (double)(family ? family : 1)) : NAN;
	free(z);
	free(p);
	return power;
}

double stats_mde_sim(double cv, size_t n1, size_t n2, size_t family, double alpha)
{
	double limit = alpha / (double)(family ? family : 1), lo = 0, hi, *z, *p;

	if (!n1 || !n2 || isnan(cv) || stats_smallest_p(n1, n2) >= limit)
		return INFINITY;
	if (cv == 0)
		return 0;
	z = draws(n1, n2);
	p = p_of_u(n1, n2);
	if (!z || !p) {
		free(z);
		free(p);
		return NAN;
	}
	/* a shift of 40 sd separates every draw: the floor above lets it pass */
	hi = 40 * cv;
	for (int i = 0; i < 40 && hi - lo > 1e-4 * cv; i++) {
		double mid = (lo + hi) / 2;

		if (power_of(z, p, n1, n2, mid, cv, limit) >= SIM_POWER)
			hi = mid;
		else
			lo = mid;
	}
	free(z);
	free(p);
	return expm1(hi);
}

/* the share of draws with no effect whose interval of rank k lies in [lo, hi] */
static double equivalence_of(const double *z, size_t n1, size_t n2, size_t k, double cv,
			     double lo, double hi)
{
	size_t pass = 0;

	for (size_t d = 0; d < SIM_DRAWS; d++) {
		const double *x = z + d * (n1 + n2), *y = x + n1;
		size_t below = 0, above = 0;

		/* d(k) >= lo and d(top + 1 - k) <= hi: fewer than k differences outside */
		for (size_t i = 0; i < n1; i++)
			for (size_t j = 0; j < n2; j++) {
				double diff = cv * (x[i] - y[j]);

				below += diff < lo;
				above += diff > hi;
			}
		pass += below < k && above < k;
	}
	return (double)pass / SIM_DRAWS;
}

double stats_equivalence_power_sim(double cv, size_t n1, size_t n2, double margin, double alpha)
{
	double coverage, *z, power;
	int exact;
	size_t k;

	if (n1 < STATS_CI_MIN_N || n2 < STATS_CI_MIN_N || !(cv >= 0) || !(margin > 0) ||
	    margin >= 1)
		return NAN;
	k = stats_shift_rank(n1, n2, 1 - 2 * alpha, &coverage, &exact);
	/* an interval that cannot reach its level never shows equivalence */
	if (!k || coverage < 1 - 2 * alpha - 1e-9)
		return 0;
	z = draws(n1, n2);
	power = z ? equivalence_of(z, n1, n2, k, cv, log1p(-margin), log1p(margin)) : NAN;
	free(z);
	return power;
}

/* n runs a cell find a difference of the margin and show equivalence, both at 80% */
static int decides(double cv, size_t n, double margin, size_t family, double alpha)
{
	double *z = draws(n, n), *p = p_of_u(n, n), coverage;
	double limit = alpha / (double)(family ? family : 1);
	size_t k;
	int exact, ok = -1;

	k = stats_shift_rank(n, n, 1 - 2 * alpha, &coverage, &exact);
	if (z && p)
		ok = k && coverage >= 1 - 2 * alpha - 1e-9 &&
		     power_of(z, p, n, n, log1p(margin), cv, limit) >= SIM_POWER &&
		     equivalence_of(z, n, n, k, cv, log1p(-margin), log1p(margin)) >= SIM_POWER;
	free(z);
	free(p);
	return ok;
}

size_t stats_reps_sim(double cv, double margin, size_t family, double alpha, size_t cap)
{
	size_t lo = stats_reps_for_floor(family, alpha, cap), hi = SIM_MAX_N, formula;
	int ok;

	if (isnan(cv) || !(margin > 0) || margin >= 1)
		return cap + 1;
	if (lo < STATS_CI_MIN_N)
		lo = STATS_CI_MIN_N;
	if (lo > cap)
		return cap + 1;
	if (cv == 0)
		return lo;
	/* past the exact tables the formula is right (test_power_sim.c checks 30 v 30) */
	ok = lo > hi ? 0 : decides(cv, hi, margin, family, alpha);
	if (ok < 0)
		return cap + 1;
	if (!ok) {
		formula = stats_reps_to_decide(cv, margin, family, alpha, cap);
		return formula > hi ? formula : (hi + 1 > cap ? cap + 1 : hi + 1);
	}
	/* the fewest that decide: power rises with n (draws differ by n, so bisect) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		ok = decides(cv, mid, margin, family, alpha);
		if (ok < 0)
			return cap + 1;
		if (ok)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo > cap ? cap + 1 : lo;
}
