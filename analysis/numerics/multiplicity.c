// SPDX-License-Identifier: GPL-2.0
/*
 * Corrections for many comparisons.  Holm's step-down keeps the chance of
 * any false "significant" in a family at or below alpha, which is what a
 * confirmatory family (one question, declared before the runs) needs;
 * Benjamini-Hochberg's step-up keeps the expected share of false ones among
 * those called significant at or below alpha, which is all the descriptive
 * rest can promise.  NAN p-values are no part of any family and stay NAN.
 */
#include <math.h>
#include <stdlib.h>

#include "stats.h"

struct ranked_p {
	double p;
	size_t index;
};

static int cmp_ranked_p(const void *a, const void *b)
{
	const struct ranked_p *x = a, *y = b;

	if (x->p != y->p)
		return (x->p > y->p) - (x->p < y->p);
	return (x->index > y->index) - (x->index < y->index);
}

/* The non-NAN p of the selected entries (keep NULL: all), ascending; NULL: no memory. */
static struct ranked_p *sorted_p(const double *p, size_t n, const int *group, int want,
				 size_t *m)
{
	struct ranked_p *r = malloc((n ? n : 1) * sizeof(*r));

	*m = 0;
	if (!r)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!isnan(p[i]) && (!group || group[i] == want))
			r[(*m)++] = (struct ranked_p){ p[i], i };
	qsort(r, *m, sizeof(*r), cmp_ranked_p);
	return r;
}

static void holm_group(const double *p, size_t n, const int *group, int want,
		       double *adjusted)
{
	size_t m;
	struct ranked_p *r = sorted_p(p, n, group, want, &m);
	double running = 0;

	/* step-down: the k-th smallest is multiplied by (m - k); kept monotone */
	for (size_t k = 0; r && k < m; k++) {
		running = fmax(running, fmin(1.0, (double)(m - k) * r[k].p));
		adjusted[r[k].index] = running;
	}
	free(r);
}

static void bh_group(const double *p, size_t n, const int *group, int want,
		     double *adjusted)
{
	size_t m;
	struct ranked_p *r = sorted_p(p, n, group, want, &m);
	double running = 1.0;

	/* step-up: the k-th smallest times m / k, the running minimum from the top */
	for (size_t k = m; r && k-- > 0;) {
		running = fmin(running, (double)m / (double)(k + 1) * r[k].p);
		adjusted[r[k].index] = fmin(1.0, running);
	}
	free(r);
}

void stats_holm(const double *p, size_t n, double *adjusted)
{
	for (size_t i = 0; i < n; i++)
		adjusted[i] = NAN;
	holm_group(p, n, NULL, 0, adjusted);
}

void stats_bh(const double *p, size_t n, double *adjusted)
{
	for (size_t i = 0; i < n; i++)
		adjusted[i] = NAN;
	bh_group(p, n, NULL, 0, adjusted);
}

void stats_adjust_families(const double *p, const int *family, size_t n, double *adjusted)
{
	int top = -1;

	for (size_t i = 0; i < n; i++) {
		adjusted[i] = NAN;
		if (family[i] > top)
			top = family[i];
	}
	for (int g = 0; g <= top; g++)
		holm_group(p, n, family, g, adjusted);
	/* every entry outside the families is one descriptive set */
	{
		int *outside = malloc((n ? n : 1) * sizeof(*outside));

		for (size_t i = 0; outside && i < n; i++)
			outside[i] = family[i] < 0 ? -1 : 0;
		if (outside)
			bh_group(p, n, outside, -1, adjusted);
		free(outside);
	}
}
