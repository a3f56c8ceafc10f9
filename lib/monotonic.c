// SPDX-License-Identifier: GPL-2.0
#include <time.h>

#include "monotonic.h"

double monotonic_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
