// SPDX-License-Identifier: GPL-2.0
/* Descriptive statistics (the corrections are in multiplicity.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double stats_quantile_sorted(const double *sorted, size_t n, double q)
{
	double pos, frac;
	size_t i;

	if (n == 0)
		return NAN;
	pos = q * (double)(n - 1);
	i = (size_t)pos;
	if (i >= n - 1)
		return sorted[n - 1];
	frac = pos - (double)i;
	return sorted[i] + frac * (sorted[i + 1] - sorted[i]);
}

double stats_median(const double *x, size_t n)
{
	double *s, m;

	if (n == 0)
		return NAN;
	s = malloc(n * sizeof(*s));
	if (!s)
		return NAN;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	m = stats_quantile_sorted(s, n, 0.5);
	free(s);
	return m;
}

double stats_mean(const double *x, size_t n)
{
	double sum = 0;

	if (n == 0)
		return NAN;
	for (size_t i = 0; i < n; i++)
		sum += x[i];
	return sum / (double)n;
}

double stats_cv(const double *x, size_t n)
{
	double mean = stats_mean(x, n), ss = 0;

	if (n < 2 || mean == 0)
		return NAN;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	return sqrt(ss / (double)(n - 1)) / fabs(mean);
}

double stats_geomean(const double *x, size_t n)
{
	double logsum = 0;

	if (n == 0)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		if (!(x[i] > 0))
			return NAN;
		logsum += log(x[i]);
	}
	return exp(logsum / (double)n);
}
