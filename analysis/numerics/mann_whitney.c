// SPDX-License-Identifier: GPL-2.0
/*
 * Mann-Whitney U, two-sided.  Ranks are doubled midranks (integers even
 * with ties), so for n1 + n2 <= STATS_MWU_EXACT_MAX_N the p-value comes
 * from the exact permutation distribution of the doubled rank sum given
 * the observed ties; above that, the normal approximation with the tie
 * correction of the variance and a continuity correction of 1/2.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

struct labelled {
	double v;
	int first;	/* 1: from the first sample */
};

static int cmp_labelled(const void *a, const void *b)
{
	const struct labelled *x = a, *y = b;

	return (x->v > y->v) - (x->v < y->v);
}

/*
 * Fills rank2[] (doubled midranks, in sorted order) and returns the
 * doubled rank sum of the first sample; *ties gets sum(t^3 - t).
 */
static long doubled_ranks(struct labelled *all, size_t n, long *rank2,
			  double *ties)
{
	long w2 = 0;

	*ties = 0;
	qsort(all, n, sizeof(*all), cmp_labelled);
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j + 1 < n && all[j + 1].v == all[i].v)
			j++;
		for (size_t k = i; k <= j; k++) {
			/* 1-based ranks i+1..j+1 share their mean; doubled it is i+j+2 */
			rank2[k] = (long)(i + j + 2);
			if (all[k].first)
				w2 += rank2[k];
		}
		*ties += pow((double)(j - i + 1), 3) - (double)(j - i + 1);
		i = j + 1;
	}
	return w2;
}

double *stats_rank_sum_counts(const long *rank2, size_t n, size_t nx, long *maxsum)
{
	size_t width;
	double *count, *row;

	*maxsum = 0;
	for (size_t i = 0; i < n; i++)
		*maxsum += rank2[i];
	width = (size_t)*maxsum + 1;
	/* count[k * width + s]: subsets of size k with doubled rank sum s */
	count = calloc((nx + 1) * width, sizeof(*count));
	if (!count)
		return NULL;
	count[0] = 1;
	for (size_t i = 0; i < n; i++)
		for (size_t k = (i + 1 < nx ? i + 1 : nx); k >= 1; k--) {
			double *to = count + k * width;
			const double *from = count + (k - 1) * width;

			for (long s = *maxsum; s >= rank2[i]; s--)
				to[s] += from[s - rank2[i]];
		}
	/* only the row of size nx is wanted: move it to the front */
	memmove(count, count + nx * width, width * sizeof(*count));
	row = realloc(count, width * sizeof(*count));
	return row ? row : count;
}

/* P(|W2 - mean| >= |observed - mean|) over all C(n, nx) labellings. */
static double exact_p(const long *rank2, size_t n, size_t nx, long w2)
{
	long maxsum, mean2 = (long)nx * (long)(n + 1);
	long dist = labs(w2 - mean2);
	double *count = stats_rank_sum_counts(rank2, n, nx, &maxsum);
	double total = 0, tail = 0;

	if (!count)
		return NAN;
	for (long s = 0; s <= maxsum; s++) {
		total += count[s];
		if (labs(s - mean2) >= dist)
			tail += count[s];
	}
	free(count);
	return fmin(1.0, tail / total);
}

static double normal_p(size_t nx, size_t ny, double u, double ties)
{
	double n = (double)(nx + ny), mean = (double)nx * (double)ny / 2.0;
	double var = (double)nx * (double)ny / 12.0 *
		     ((n + 1.0) - ties / (n * (n - 1.0)));
	double z;

	if (var <= 0)
		return 1.0;	/* every value tied: no evidence of a shift */
	z = fmax(0.0, fabs(u - mean) - 0.5) / sqrt(var);
	return fmin(1.0, erfc(z / M_SQRT2));
}

int stats_mann_whitney(const double *x, size_t nx, const double *y, size_t ny,
		       struct mwu *out)
{
	size_t n = nx + ny;
	struct labelled *all;
	long *rank2, w2;
	double ties;

	*out = (struct mwu){ NAN, NAN, 0 };
	if (nx == 0 || ny == 0)
		return -1;
	all = malloc(n * sizeof(*all));
	rank2 = malloc(n * sizeof(*rank2));
	if (!all || !rank2) {
		free(all);
		free(rank2);
		return -1;
	}
	for (size_t i = 0; i < nx; i++)
		all[i] = (struct labelled){ x[i], 1 };
	for (size_t i = 0; i < ny; i++)
		all[nx + i] = (struct labelled){ y[i], 0 };
	w2 = doubled_ranks(all, n, rank2, &ties);
	out->u = (double)w2 / 2.0 - (double)nx * (double)(nx + 1) / 2.0;
	out->exact = n <= STATS_MWU_EXACT_MAX_N;
	out->p = out->exact ? exact_p(rank2, n, nx, w2) :
		 normal_p(nx, ny, out->u, ties);
	free(all);
	free(rank2);
	return isnan(out->p) ? -1 : 0;
}
