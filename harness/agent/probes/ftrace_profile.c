// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ftrace_profile.h"
#include "guest_files.h"

#define TRACEFS "/sys/kernel/tracing"

int ftrace_profile_enable(const char *functions, char *err, size_t errlen)
{
	if (write_file(TRACEFS "/set_ftrace_filter", functions) < 0) {
		snprintf(err, errlen, "ftrace filter %s: %s", functions,
			 strerror(errno));
		return -1;
	}
	/*
	 * On-CPU time only: on PREEMPT_RT a poll can block on a sleeping
	 * lock, and the default would count the time it was switched out.
	 * Absent without the graph tracer, where there is nothing to drop.
	 */
	write_file(TRACEFS "/options/sleep-time", "0");
	/* enabling resets the statistics, so the window starts clean */
	if (write_file(TRACEFS "/function_profile_enabled", "0") < 0 ||
	    write_file(TRACEFS "/function_profile_enabled", "1") < 0) {
		snprintf(err, errlen, "enable function profiler: %s",
			 strerror(errno));
		return -1;
	}
	return 0;
}

void ftrace_profile_disable(void)
{
	write_file(TRACEFS "/function_profile_enabled", "0");
}

int ftrace_profile_read(const char *function, int cpu, double *ns, long long *hits)
{
	static char buf[65536];
	char path[128];
	size_t flen = strlen(function);

	snprintf(path, sizeof(path), TRACEFS "/trace_stat/function%d", cpu);
	if (read_file(path, buf, sizeof(buf)) < 0)
		return -1;
	*ns = 0;
	*hits = 0;
	/* lines: "  net_rx_action   <hits>   <time> us   <avg> us   <s^2> us" */
	for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		char *p = line + strspn(line, " ");
		char unit[8] = "";
		long long h;
		double t;

		if (strncmp(p, function, flen) != 0 || p[flen] != ' ')
			continue;
		if (sscanf(p + flen, "%lld %lf %7s", &h, &t, unit) < 3)
			return -1;
		*hits = h;
		*ns = strcmp(unit, "us") == 0 ? t * 1e3 : t;
		return 0;
	}
	return 0; /* not called on that CPU in the window */
}
