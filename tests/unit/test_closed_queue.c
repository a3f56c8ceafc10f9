// SPDX-License-Identifier: GPL-2.0
/*
 * The closed queue against answers known without it: one CPU, no shared
 * demand, two CPUs by hand, saturation, and the finite-source M/M/1 queue
 * (the machine repairman model), whose closed form MVA must equal; with
 * several lines, two equal queues and no think time, whose n + 1 states
 * are equally likely.
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

/* One shared line. */
static double one(unsigned int n, double think, double demand)
{
	return closed_queue_throughput(n, think, &demand, 1);
}

int main(void)
{
	const double two[] = { 10, 10 }, apart[] = { 10, 4, 1 }, with0[] = { 10, 0 };
	char what[160];

	CHECK(near(one(1, 90, 10), 0.01, 1e-14),
	      "one CPU moves 1 / (think + demand)");
	CHECK(near(one(8, 50, 0), 8.0 / 50, 1e-14),
	      "no shared demand: n CPUs move n times one");
	CHECK(near(one(2, 90, 10), 2 / (90 + 10 * (1 + 10.0 / 100)), 1e-14),
	      "two CPUs: 2 / (Z + D (1 + D / (Z + D)))");
	CHECK(near(one(1000, 90, 10), 0.1, 1e-10),
	      "saturation: 1000 CPUs move 1 / demand");
	CHECK(near(one(1000, 90, 10) * 10, 1, 1e-9),
	      "the queue is busy all the time there (throughput x demand)");
	CHECK(one(36, 100, 1) > one(36, 100, 2),
	      "more demand at the shared line, less throughput");
	for (unsigned int n = 1; n <= 72; n += 7)
		for (double d = 0.5; d <= 40; d *= 3) {
			snprintf(what, sizeof(what), "n %u, Z 100, D %g: the repairman's closed form",
				 n, d);
			CHECK(fabs(one(n, 100, d) / repairman(n, 100, d) - 1) < 1e-9,
			      what);
		}
	/*
	 * at fixed prices more CPUs never move less in total: the reason the
	 * calibration's projection cannot follow upstream's falling totals
	 */
	for (double d = 0.5; d <= 200; d *= 4) {
		const double lines[] = { d, d / 3, 1 };
		int never_less = 1;

		for (unsigned int n = 1; n < 400; n++)
			if (one(n + 1, 100, d) < one(n, 100, d) * (1 - 1e-12) ||
			    closed_queue_throughput(n + 1, 100, lines, 3) <
			    closed_queue_throughput(n, 100, lines, 3) * (1 - 1e-12))
				never_less = 0;
		snprintf(what, sizeof(what), "D %g: throughput never falls from 1 to 400 CPUs", d);
		CHECK(never_less, what);
	}
	CHECK(isnan(one(0, 1, 1)) && isnan(one(3, -1, 1)),
	      "no CPUs or a negative time is no answer");
	for (unsigned int n = 1; n <= 72; n += 7) {
		snprintf(what, sizeof(what), "two equal lines, no think time, n %u: n / ((n + 1) D)",
			 n);
		CHECK(near(closed_queue_throughput(n, 0, two, 2), n / ((n + 1) * 10.0), 1e-12),
		      what);
		snprintf(what, sizeof(what), "a line nobody waits on changes nothing, n %u", n);
		CHECK(near(closed_queue_throughput(n, 50, with0, 2), one(n, 50, 10), 1e-14), what);
	}
	CHECK(near(closed_queue_throughput(1, 85, apart, 3), 0.01, 1e-14),
	      "several lines, one CPU: 1 / (think + every demand)");
	CHECK(near(closed_queue_throughput(5000, 85, apart, 3), 0.1, 1e-6),
	      "several lines, saturation: 1 / the largest demand");
	CHECK(closed_queue_throughput(36, 85, apart, 3) < one(36, 90, 10),
	      "the lesser lines' queues cost more than their demand as private work");
	CHECK(isnan(closed_queue_throughput(3, 1, two, 0)) &&
	      isnan(closed_queue_throughput(3, 1, (const double[]){ 1, -1 }, 2)),
	      "no line, or a negative demand, is no answer");
	return check_summary();
}
