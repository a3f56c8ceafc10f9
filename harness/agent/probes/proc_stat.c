// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "proc_stat.h"

double proc_stat_softirq_ns(int cpu)
{
	unsigned long long user, nice, sys, idle, iowait, irq, softirq;
	char want[16], line[512];
	long hz = sysconf(_SC_CLK_TCK);
	FILE *f = fopen("/proc/stat", "r");
	double ns = -1;

	if (!f)
		return -1;
	snprintf(want, sizeof(want), "cpu%d ", cpu);
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, want, strlen(want)) != 0)
			continue;
		if (sscanf(line + strlen(want), "%llu %llu %llu %llu %llu %llu %llu",
			   &user, &nice, &sys, &idle, &iowait, &irq, &softirq) == 7)
			ns = (double)softirq * 1e9 / (double)hz;
		break;
	}
	fclose(f);
	return ns;
}
