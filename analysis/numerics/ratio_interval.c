// SPDX-License-Identifier: GPL-2.0
/*
 * The ratio of a variant to the baseline as a scale factor, with a
 * distribution-free interval: on log values the factor is a shift, and
 * the Hodges-Lehmann (Moses) interval of a shift is the k-th smallest and
 * k-th largest of the nn * nd pairwise differences log(num_j) - log(den_i).
 * At the true shift, the count of differences above it is the Mann-Whitney
 * U of two samples from one distribution, so the interval misses it with
 * probability 2 P(U < k): k is the largest rank whose coverage reaches the
 * level.  Exact for continuous data when nn + nd <= STATS_MWU_EXACT_MAX_N
 * (the null distribution of U counted, as for the exact p), ties only
 * raise it; above that the normal approximation gives k and the coverage.
 * The interval belongs to the model where the variant's distribution is
 * the baseline's times a factor: that factor is then the ratio of medians.
 */
#include <math.h>
#include <stdlib.h>

#include "stats.h"

#define TEXT(x) #x
#define TOO_FEW(min) "n < " TEXT(min)

/* cumulative[u] = P(U <= u), u = 0..nn*nd, without ties; NULL: no memory */
static double *u_null_cdf(size_t nn, size_t nd)
{
	size_t n = nn + nd, top = nn * nd;
	long *rank2 = malloc(n * sizeof(*rank2)), maxsum;
	double *count, *cdf = calloc(top + 1, sizeof(*cdf)), total = 0;

	if (!rank2 || !cdf) {
		free(rank2);
		free(cdf);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		rank2[i] = 2 * (long)(i + 1);
	count = stats_rank_sum_counts(rank2, n, nn, &maxsum);
	free(rank2);
	if (!count) {
		free(cdf);
		return NULL;
	}
	/* doubled rank sum 2W, and U = W - nn (nn + 1) / 2 */
	for (size_t u = 0; u <= top; u++) {
		total += count[2 * (u + nn * (nn + 1) / 2)];
		cdf[u] = total;
	}
	for (size_t u = 0; u <= top; u++)
		cdf[u] /= total;
	free(count);
	return cdf;
}

/* P(U <= u) by the normal approximation, continuity-corrected */
static double u_normal_cdf(size_t nn, size_t nd, size_t u)
{
	double mean = (double)nn * (double)nd / 2;
	double sd = sqrt((double)nn * (double)nd * (double)(nn + nd + 1) / 12);

	return 0.5 * erfc(-((double)u + 0.5 - mean) / sd / M_SQRT2);
}

/* P(U <= u): counted when cdf is, else approximated */
static double tail(const double *cdf, size_t nn, size_t nd, size_t u)
{
	return cdf ? cdf[u] : u_normal_cdf(nn, nd, u);
}

size_t stats_shift_rank(size_t nn, size_t nd, double level, double *coverage,
			int *exact)
{
	size_t k = 1, top = nn * nd;
	double *cdf = NULL;

	*coverage = NAN;
	*exact = nn + nd <= STATS_MWU_EXACT_MAX_N;
	if (!top)
		return 0;
	if (*exact && !(cdf = u_null_cdf(nn, nd)))
		return 0;
	/* the interval [d(k), d(top + 1 - k)] misses with P(U <= k - 1) each side */
	while (2 * (k + 1) <= top + 1 && 1 - 2 * tail(cdf, nn, nd, k) >= level)
		k++;
	*coverage = 1 - 2 * tail(cdf, nn, nd, k - 1);
	free(cdf);
	return k;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int all_positive(const double *x, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(x[i] > 0) || isinf(x[i]))
			return 0;
	return 1;
}

int stats_ratio_interval(const double *num, size_t nn, const double *den,
			 size_t nd, double level, struct interval *out, double *hl)
{
	size_t top = nn * nd, k;
	double *d, coverage;
	int exact;

	*out = (struct interval){ 0, NAN, NAN, NAN, 1, TOO_FEW(STATS_CI_MIN_N) };
	if (hl)
		*hl = NAN;
	if (nn < STATS_CI_MIN_N || nd < STATS_CI_MIN_N)
		return -1;
	/* a zero (no charges at all, say) has no log: no scale model, no interval */
	if (!all_positive(num, nn) || !all_positive(den, nd)) {
		out->why = "a value <= 0: no log scale";
		return -1;
	}
	k = stats_shift_rank(nn, nd, level, &coverage, &exact);
	d = malloc(top * sizeof(*d));
	if (!k || !d) {
		free(d);
		out->why = "out of memory";
		return -1;
	}
	for (size_t j = 0; j < nn; j++)
		for (size_t i = 0; i < nd; i++)
			d[j * nd + i] = log(num[j]) - log(den[i]);
	qsort(d, top, sizeof(*d), cmp_double);
	*out = (struct interval){ 1, exp(d[k - 1]), exp(d[top - k]), coverage, exact,
				  NULL };
	if (hl)
		*hl = exp(stats_quantile_sorted(d, top, 0.5));
	free(d);
	return 0;
}
