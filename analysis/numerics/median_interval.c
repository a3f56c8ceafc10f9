// SPDX-License-Identifier: GPL-2.0
/*
 * The distribution-free interval of a median from order statistics.
 * Of n values, the count B below the population median is binomial(n, 1/2),
 * so [x(l), x(n+1-l)] misses the median only when B < l or B > n - l:
 * coverage 1 - 2 P(B < l), exactly for a continuous distribution and at
 * least that with ties.  l is the largest rank whose coverage reaches the
 * level asked; below n = 6 not even [x(1), x(n)] reaches 0.95 (n = 5:
 * 1 - 2/32 = 93.75%), and the range is given with the coverage it has.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

#define TEXT(x) #x
#define TOO_FEW(min) "n < " TEXT(min)

/* P(B < l), B ~ binomial(n, 1/2); terms in logs so no n overflows */
static double below(size_t n, size_t l)
{
	double sum = 0;

	for (size_t k = 0; k < l && k <= n; k++)
		sum += exp(lgamma((double)n + 1) - lgamma((double)k + 1) -
			   lgamma((double)(n - k) + 1) - (double)n * M_LN2);
	return sum;
}

size_t stats_median_rank(size_t n, double level, double *coverage)
{
	size_t l = 1;

	if (n == 0) {
		*coverage = NAN;
		return 0;
	}
	while (2 * (l + 1) <= n + 1 && 1 - 2 * below(n, l + 1) >= level)
		l++;
	*coverage = 1 - 2 * below(n, l);
	return l;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int stats_median_interval(const double *x, size_t n, double level,
			  struct interval *out)
{
	double *s, coverage;
	size_t l;

	*out = (struct interval){ 0, NAN, NAN, NAN, 1, TOO_FEW(STATS_CI_MIN_N) };
	if (n < STATS_CI_MIN_N)
		return -1;
	s = malloc(n * sizeof(*s));
	if (!s) {
		out->why = "out of memory";
		return -1;
	}
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	l = stats_median_rank(n, level, &coverage);
	*out = (struct interval){ 1, s[l - 1], s[n - l], coverage, 1, NULL };
	free(s);
	return 0;
}
