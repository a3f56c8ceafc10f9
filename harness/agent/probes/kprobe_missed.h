/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_KPROBE_MISSED_H
#define MMX_KPROBE_MISSED_H

#include <jansson.h>

#define KPROBE_MISSED_MAX 32

/*
 * Kprobe hits the kernel dropped.  A kprobe on a function entry runs from
 * ftrace; an interrupt that arrives while one kprobe handler runs and calls
 * a probed function (a NET_RX softirq charging socket memory on top of a
 * task's charge) finds a kprobe running on that CPU and only counts a miss,
 * so perf's kprobe counts are short by that many calls.  The kernel keeps
 * the misses per kprobe and shows them for tracefs kprobe events only: a
 * disabled event on the same function shares the probe and its misses, and
 * kprobe_profile shows them.
 *
 * The counts are not per CPU, while the window's counters start and stop
 * CPU by CPU: so they are read four times, before and after the begin's CPU
 * pass and before and after the end's.  Misses between the outer reads
 * bound from above those of any CPU's window, misses between the inner
 * reads (every CPU's window open) from below.
 */
enum kprobe_missed_edge {
	MISSED_OUTER_BEGIN, MISSED_INNER_BEGIN, MISSED_INNER_END, MISSED_OUTER_END,
	MISSED_EDGES
};
struct kprobe_missed {
	int n;
	const char *func[KPROBE_MISSED_MAX];
	int present[KPROBE_MISSED_MAX];
	long long at[MISSED_EDGES][KPROBE_MISSED_MAX];
	char error[200];
};

/* A shadow event per function; one the kernel cannot probe stays absent. */
void kprobe_missed_open(struct kprobe_missed *m, const char *const *funcs, int n);
void kprobe_missed_read(struct kprobe_missed *m, enum kprobe_missed_edge edge);
/*
 * metrics.kprobe_missed (between the outer reads) and kprobe_missed_inner
 * (between the inner ones): {function: misses, null if unknown}
 */
void kprobe_missed_report(const struct kprobe_missed *m, json_t *metrics);
void kprobe_missed_close(struct kprobe_missed *m);
/*
 * The misses of event in kprobe_profile's text ("  <event> <hits> <misses>"
 * a line, the event without its group), or -1 when it has no line.
 */
long long kprobe_profile_misses(const char *profile, const char *event);

#endif
