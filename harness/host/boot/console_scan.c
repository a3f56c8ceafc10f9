// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "console_scan.h"

struct pattern {
	const char *needle;
	const char *reason;
	int severity;
};

/* higher severity wins when a log shows several (an oops then a panic) */
static const struct pattern patterns[] = {
	{ "Kernel panic - not syncing", "kernel-panic", 6 },
	{ "Oops:", "kernel-oops", 5 },
	{ "BUG: sleeping function called from invalid context", "kernel-bug", 4 },
	{ "BUG:", "kernel-bug", 4 },
	{ "kernel BUG at", "kernel-bug", 4 },
	{ "WARNING: possible circular locking dependency", "lockdep", 3 },
	{ "WARNING: possible recursive locking", "lockdep", 3 },
	{ "WARNING: inconsistent lock state", "lockdep", 3 },
	{ "INFO: possible irq lock inversion", "lockdep", 3 },
	{ "WARNING: bad unlock balance", "lockdep", 3 },
	{ "WARNING:", "kernel-warning", 2 },
	{ "------------[ cut here ]------------", "kernel-warning", 1 },
	{ "INFO: task ", "hung-task", 1 },
	{ "rcu: INFO: rcu_sched", "rcu-stall", 1 },
};

const char *console_scan(const char *log, size_t len, char *line, size_t cap)
{
	const struct pattern *best = NULL;
	const char *p = log, *end = log + len;

	if (cap)
		line[0] = '\0';
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t l = eol ? (size_t)(eol - p) : (size_t)(end - p);
		char buf[1024];

		snprintf(buf, sizeof(buf), "%.*s", (int)(l < 1023 ? l : 1023), p);
		for (size_t i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++) {
			if (!strstr(buf, patterns[i].needle))
				continue;
			if (!best || patterns[i].severity > best->severity) {
				best = &patterns[i];
				snprintf(line, cap, "%s", buf);
			}
			break;
		}
		p = eol ? eol + 1 : end;
	}
	return best ? best->reason : NULL;
}
