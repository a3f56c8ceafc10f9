// SPDX-License-Identifier: GPL-2.0
/* Exact mean value analysis of k queues and a delay (closed_queue.h). */
#include <math.h>
#include <stdlib.h>

#include "closed_queue.h"

double closed_queue_throughput(unsigned int n, double think, const double *demand, size_t k)
{
	double *queued, total = think, x = NAN;

	if (!n || !k || !(think >= 0))
		return NAN;
	for (size_t i = 0; i < k; i++) {
		if (!(demand[i] >= 0))
			return NAN;
		total += demand[i];
	}
	if (total <= 0)
		return NAN;
	queued = calloc(k, sizeof(*queued));
	if (!queued)
		return NAN;
	/* arrival theorem: a job arriving finds the network of n - 1 jobs */
	for (unsigned int j = 1; j <= n; j++) {
		double cycle = think;

		for (size_t i = 0; i < k; i++)
			cycle += demand[i] * (1 + queued[i]);
		x = j / cycle;
		for (size_t i = 0; i < k; i++)
			queued[i] = x * demand[i] * (1 + queued[i]);
	}
	free(queued);
	return x;
}
