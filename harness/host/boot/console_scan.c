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

static const struct pattern *match(const char *line)
{
	for (size_t i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++)
		if (strstr(line, patterns[i].needle))
			return &patterns[i];
	return NULL;
}

/* one console line at a time, truncated to buf's size */
static const char *next_line(const char *p, const char *end, char *buf, size_t cap)
{
	const char *eol = memchr(p, '\n', (size_t)(end - p));
	size_t l = eol ? (size_t)(eol - p) : (size_t)(end - p);

	snprintf(buf, cap, "%.*s", (int)(l < cap - 1 ? l : cap - 1), p);
	return eol ? eol + 1 : end;
}

const char *console_scan(const char *log, size_t len, char *line, size_t cap)
{
	const struct pattern *best = NULL;
	const char *p = log, *end = log + len;

	if (cap)
		line[0] = '\0';
	while (p < end) {
		char buf[1024];
		const struct pattern *m;

		p = next_line(p, end, buf, sizeof(buf));
		m = match(buf);
		if (m && (!best || m->severity > best->severity)) {
			best = m;
			snprintf(line, cap, "%s", buf);
		}
	}
	return best ? best->reason : NULL;
}

/* the text after the "[ time]" prefix, so the summary stays short */
static const char *after_stamp(const char *line)
{
	const char *s = line[0] == '[' ? strchr(line, ']') : NULL;

	s = s ? s + 1 : line;
	while (*s == ' ')
		s++;
	return s;
}

size_t console_first_fault(const char *log, size_t len, const char *shown,
			   char *out, size_t cap)
{
	const char *p = log, *end = log + len;
	char first[1024] = "", rip[512] = "";
	int first_is_shown = 0;

	if (cap)
		out[0] = '\0';
	while (p < end && !rip[0]) {
		char buf[1024];

		p = next_line(p, end, buf, sizeof(buf));
		if (!first[0] && match(buf)) {
			snprintf(first, sizeof(first), "%.*s", (int)sizeof(first) - 1, after_stamp(buf));
			first_is_shown = shown && strcmp(buf, shown) == 0;
		}
		else if (first[0] && strstr(buf, "RIP: "))
			snprintf(rip, sizeof(rip), "%.*s", (int)sizeof(rip) - 1, after_stamp(buf));
	}
	/* the line already shown, with nothing after it: nothing to add */
	if (!first[0] || !cap || (first_is_shown && !rip[0]))
		return 0;
	snprintf(out, cap, "first: %s%s%s", first, rip[0] ? "; " : "", rip);
	return strlen(out);
}

/* The byte before "<xx>" in a Code: dump: the int3's own; -1 if unreadable. */
static int byte_before_ip(const char *code)
{
	const char *ip = strchr(code, '<');
	const char *b = ip;
	unsigned int v;

	if (!ip || ip - code < 3)
		return -1;
	b = ip - 1;
	while (b > code && *b == ' ')
		b--;
	if (b - code < 1 || sscanf(b - 1, "%2x", &v) != 1)
		return -1;
	return (int)v;
}

int console_stale_int3(const char *log, size_t len, char *where, size_t cap)
{
	const char *p = log, *end = log + len;
	int in_oops = 0;

	if (cap)
		where[0] = '\0';
	while (p < end) {
		char buf[1024];
		const char *t;

		p = next_line(p, end, buf, sizeof(buf));
		t = after_stamp(buf);
		if (!in_oops) {
			in_oops = strncmp(t, "Oops: int3", 10) == 0;
			continue;
		}
		if (!strncmp(t, "RIP: ", 5) && cap && !where[0])
			/* without the serial console's carriage return */
			snprintf(where, cap, "%.*s", (int)strcspn(t, "\r"), t);
		if (!strncmp(t, "Code: ", 6)) {
			int b = byte_before_ip(t + 6);

			return b >= 0 && b != 0xcc;
		}
	}
	return 0;
}
