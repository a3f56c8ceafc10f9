// SPDX-License-Identifier: GPL-2.0
/* Exact mean value analysis of one queue and a delay (closed_queue.h). */
#include <math.h>

#include "closed_queue.h"

double closed_queue_throughput(unsigned int n, double think, double demand)
{
	double queued = 0, x = NAN;

	if (!n || !(think >= 0) || !(demand >= 0) || think + demand <= 0)
		return NAN;
	/* arrival theorem: a job arriving finds the queue of n - 1 jobs */
	for (unsigned int k = 1; k <= n; k++) {
		double resp = demand * (1 + queued);

		x = k / (think + resp);
		queued = x * resp;
	}
	return x;
}
