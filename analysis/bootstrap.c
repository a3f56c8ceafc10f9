// SPDX-License-Identifier: GPL-2.0
/* Percentile bootstrap intervals of a median and of a ratio of medians. */
#include <math.h>
#include <stdlib.h>

#include "prng.h"
#include "stats.h"

/* Median of n values drawn with replacement from x (scratch holds n). */
static double resampled_median(struct prng *r, const double *x, size_t n,
			       double *scratch)
{
	for (size_t i = 0; i < n; i++)
		scratch[i] = x[prng_below(r, n)];
	return stats_median(scratch, n);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void percentile_interval(double *stat, size_t b, double level,
				struct interval *out)
{
	double tail = (1.0 - level) / 2.0;

	qsort(stat, b, sizeof(*stat), cmp_double);
	out->lo = stats_quantile_sorted(stat, b, tail);
	out->hi = stats_quantile_sorted(stat, b, 1.0 - tail);
	out->valid = 1;
}

int stats_bootstrap_median(const double *x, size_t n, uint64_t seed,
			   size_t resamples, double level, struct interval *out)
{
	double *stat, *scratch;
	struct prng r;

	*out = (struct interval){ 0, NAN, NAN };
	if (n < STATS_CI_MIN_N || resamples == 0)
		return -1;
	stat = malloc(resamples * sizeof(*stat));
	scratch = malloc(n * sizeof(*scratch));
	if (!stat || !scratch) {
		free(stat);
		free(scratch);
		return -1;
	}
	prng_seed(&r, seed);
	for (size_t b = 0; b < resamples; b++)
		stat[b] = resampled_median(&r, x, n, scratch);
	percentile_interval(stat, resamples, level, out);
	free(stat);
	free(scratch);
	return 0;
}

int stats_bootstrap_ratio(const double *num, size_t nn, const double *den,
			  size_t nd, uint64_t seed, size_t resamples,
			  double level, struct interval *out)
{
	double *stat, *scratch;
	struct prng r;
	int ok = 1;

	*out = (struct interval){ 0, NAN, NAN };
	if (nn < STATS_CI_MIN_N || nd < STATS_CI_MIN_N || resamples == 0)
		return -1;
	stat = malloc(resamples * sizeof(*stat));
	scratch = malloc((nn > nd ? nn : nd) * sizeof(*scratch));
	if (!stat || !scratch) {
		free(stat);
		free(scratch);
		return -1;
	}
	prng_seed(&r, seed);
	for (size_t b = 0; b < resamples && ok; b++) {
		double top = resampled_median(&r, num, nn, scratch);
		double bottom = resampled_median(&r, den, nd, scratch);

		/* a resampled baseline median of 0 leaves the ratio undefined */
		ok = bottom != 0;
		stat[b] = ok ? top / bottom : NAN;
	}
	if (ok)
		percentile_interval(stat, resamples, level, out);
	free(stat);
	free(scratch);
	return ok ? 0 : -1;
}
