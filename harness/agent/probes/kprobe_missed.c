// SPDX-License-Identifier: GPL-2.0
/* Misses of the window's kprobes, from tracefs (kprobe_missed.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kprobe_missed.h"

#define KPROBE_EVENTS "/sys/kernel/tracing/kprobe_events"
#define KPROBE_PROFILE "/sys/kernel/tracing/kprobe_profile"
#define GROUP "mmx_missed"

/* kprobe_events takes one definition per write, appended: O_TRUNC clears all */
static int define(const char *text)
{
	int fd = open(KPROBE_EVENTS, O_WRONLY | O_APPEND | O_CLOEXEC);
	ssize_t len = (ssize_t)strlen(text), wr;

	if (fd < 0)
		return -1;
	wr = write(fd, text, (size_t)len);
	close(fd);
	return wr == len ? 0 : -1;
}

void kprobe_missed_open(struct kprobe_missed *m, const char *const *funcs, int n)
{
	memset(m, 0, sizeof(*m));
	m->n = n < KPROBE_MISSED_MAX ? n : KPROBE_MISSED_MAX;
	for (int i = 0; i < m->n; i++) {
		char def[160];

		m->func[i] = funcs[i];
		snprintf(def, sizeof(def), "p:" GROUP "/%s %s\n", funcs[i], funcs[i]);
		/* a function the kernel lacks (inlined, another variant's) fails */
		m->present[i] = define(def) == 0;
		if (!m->present[i] && errno != ENOENT && errno != EINVAL && !m->error[0])
			snprintf(m->error, sizeof(m->error), "%s <- %s: %s", KPROBE_EVENTS,
				 funcs[i], strerror(errno));
	}
}

long long kprobe_profile_misses(const char *profile, const char *event)
{
	size_t len = strlen(event);
	const char *p = profile;

	while (p && *p) {
		const char *s = p + strspn(p, " ");
		unsigned long long hits, missed;

		if (strncmp(s, event, len) == 0 && s[len] == ' ' &&
		    sscanf(s + len, "%llu %llu", &hits, &missed) == 2)
			return (long long)missed;
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return -1;
}

void kprobe_missed_read(struct kprobe_missed *m, enum kprobe_missed_edge edge)
{
	static char buf[16384];
	ssize_t got = 0, r;
	int fd = open(KPROBE_PROFILE, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		while ((r = read(fd, buf + got, sizeof(buf) - 1 - (size_t)got)) > 0)
			got += r;
		close(fd);
	}
	buf[got > 0 ? got : 0] = '\0';
	for (int i = 0; i < m->n; i++)
		m->at[edge][i] = m->present[i] && fd >= 0 ? kprobe_profile_misses(buf, m->func[i]) : -1;
}

static json_t *misses_between(const struct kprobe_missed *m, int from, int to)
{
	json_t *out = json_object();

	for (int i = 0; i < m->n; i++) {
		long long a = m->at[from][i], b = m->at[to][i];

		json_object_set_new(out, m->func[i], a >= 0 && b >= a ?
				    json_integer(b - a) : json_null());
	}
	return out;
}

void kprobe_missed_report(const struct kprobe_missed *m, json_t *metrics)
{
	json_object_set_new(metrics, "kprobe_missed",
			    misses_between(m, MISSED_OUTER_BEGIN, MISSED_OUTER_END));
	json_object_set_new(metrics, "kprobe_missed_inner",
			    misses_between(m, MISSED_INNER_BEGIN, MISSED_INNER_END));
	if (m->error[0])
		json_object_set_new(metrics, "kprobe_missed_error", json_string(m->error));
}

void kprobe_missed_close(struct kprobe_missed *m)
{
	for (int i = 0; i < m->n; i++) {
		char def[160];

		if (!m->present[i])
			continue;
		snprintf(def, sizeof(def), "-:" GROUP "/%s\n", m->func[i]);
		define(def);
		m->present[i] = 0;
	}
}
