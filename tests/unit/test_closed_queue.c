// SPDX-License-Identifier: GPL-2.0
/*
 * The closed queue against answers known without it: one CPU, no shared
 * demand, two CPUs by hand, saturation, and the finite-source M/M/1 queue
 * (the machine repairman model), whose closed form MVA must equal.
 */
#include <math.h>

#include "check.h"
#include "closed_queue.h"

/* machine repairman: X = (1 - p0) / D, p0 = 1 / sum_k n!/(n-k)! (D/Z)^k */
static double repairman(unsigned int n, double think, double demand)
{
	double sum = 0, term = 1;

	for (unsigned int k = 0; k <= n; k++) {
		sum += term;
		term *= (double)(n - k) * demand / think;
	}
	return (1 - 1 / sum) / demand;
}

int main(void)
{
	char what[160];

	CHECK(near(closed_queue_throughput(1, 90, 10), 0.01, 1e-14),
	      "one CPU moves 1 / (think + demand)");
	CHECK(near(closed_queue_throughput(8, 50, 0), 8.0 / 50, 1e-14),
	      "no shared demand: n CPUs move n times one");
	CHECK(near(closed_queue_throughput(2, 90, 10), 2 / (90 + 10 * (1 + 10.0 / 100)), 1e-14),
	      "two CPUs: 2 / (Z + D (1 + D / (Z + D)))");
	CHECK(near(closed_queue_throughput(1000, 90, 10), 0.1, 1e-10),
	      "saturation: 1000 CPUs move 1 / demand");
	CHECK(near(closed_queue_throughput(1000, 90, 10) * 10, 1, 1e-9),
	      "the queue is busy all the time there (throughput x demand)");
	CHECK(closed_queue_throughput(36, 100, 1) > closed_queue_throughput(36, 100, 2),
	      "more demand at the shared line, less throughput");
	for (unsigned int n = 1; n <= 72; n += 7)
		for (double d = 0.5; d <= 40; d *= 3) {
			snprintf(what, sizeof(what), "n %u, Z 100, D %g: the repairman's closed form",
				 n, d);
			CHECK(fabs(closed_queue_throughput(n, 100, d) / repairman(n, 100, d) - 1) < 1e-9,
			      what);
		}
	CHECK(isnan(closed_queue_throughput(0, 1, 1)) && isnan(closed_queue_throughput(3, -1, 1)),
	      "no CPUs or a negative time is no answer");
	return check_summary();
}
