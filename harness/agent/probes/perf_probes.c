// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "guest_files.h"
#include "perf_probes.h"

#define TRACEFS_EVENTS "/sys/kernel/tracing/events"

static int open_event(struct perf_event_attr *attr, pid_t pid, int cpu,
		      unsigned long flags)
{
	return (int)syscall(SYS_perf_event_open, attr, pid, cpu, -1,
			    flags | PERF_FLAG_FD_CLOEXEC);
}

static void counter_init(struct perf_counter *pc, const char *name, int nfds)
{
	memset(pc, 0, sizeof(*pc));
	pc->name = name;
	pc->ncpus = nfds > PROBE_MAX_CPUS ? PROBE_MAX_CPUS : nfds;
	for (int c = 0; c < pc->ncpus; c++)
		pc->fds[c] = -1;
}

static void counter_mark_absent(struct perf_counter *pc, int err)
{
	perf_counter_close(pc);
	pc->absent = 1;
	pc->open_errno = err;
}

void perf_counter_open_cpus(struct perf_counter *pc, const char *name,
			    struct perf_event_attr *attr, int ncpus)
{
	counter_init(pc, name, ncpus);
	attr->size = sizeof(*attr);
	for (int c = 0; c < pc->ncpus; c++) {
		pc->fds[c] = open_event(attr, -1, c, 0);
		if (pc->fds[c] < 0) {
			counter_mark_absent(pc, errno);
			return;
		}
	}
}

void perf_counter_open_task(struct perf_counter *pc, const char *name,
			    struct perf_event_attr *attr)
{
	counter_init(pc, name, 1);
	pc->task = 1;
	attr->size = sizeof(*attr);
	attr->inherit = 1;
	pc->fds[0] = open_event(attr, 0, -1, 0);
	if (pc->fds[0] < 0)
		counter_mark_absent(pc, errno);
}

void perf_counter_open_thread(struct perf_counter *pc, const char *name,
			      struct perf_event_attr *attr, pid_t tid)
{
	counter_init(pc, name, 1);
	pc->task = 1;
	attr->size = sizeof(*attr);
	attr->inherit = 0;
	pc->fds[0] = open_event(attr, tid, -1, 0);
	if (pc->fds[0] < 0)
		counter_mark_absent(pc, errno);
}

static int kprobe_pmu_type(void)
{
	static int type = -2;

	if (type == -2)
		type = (int)read_number_file("/sys/bus/event_source/devices/kprobe/type");
	return type;
}

void kprobe_counter_open(struct perf_counter *pc, const char *symbol, int ncpus)
{
	struct perf_event_attr attr;
	int type = kprobe_pmu_type();

	if (type < 0) {
		counter_init(pc, symbol, ncpus);
		counter_mark_absent(pc, ENODEV);
		return;
	}
	memset(&attr, 0, sizeof(attr));
	attr.type = (unsigned int)type;
	attr.config1 = (uint64_t)(uintptr_t)symbol;	/* kprobe_func */
	attr.config2 = 0;				/* probe_offset */
	/* the kernel rejects a kprobe on a symbol it does not have */
	perf_counter_open_cpus(pc, symbol, &attr, ncpus);
}

void tracepoint_counter_open(struct perf_counter *pc, const char *event,
			     const char *filter, int ncpus)
{
	struct perf_event_attr attr;
	char path[256], sys[64];
	const char *colon = strchr(event, ':');
	long long id;

	counter_init(pc, event, ncpus);
	if (!colon || (size_t)(colon - event) >= sizeof(sys)) {
		counter_mark_absent(pc, EINVAL);
		return;
	}
	memcpy(sys, event, (size_t)(colon - event));
	sys[colon - event] = '\0';
	snprintf(path, sizeof(path), TRACEFS_EVENTS "/%s/%s/id", sys, colon + 1);
	id = read_number_file(path);
	if (id < 0) {
		counter_mark_absent(pc, ENOENT);
		return;
	}
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = (uint64_t)id;
	perf_counter_open_cpus(pc, event, &attr, ncpus);
	for (int c = 0; filter && !pc->absent && c < pc->ncpus; c++) {
		/* an unfiltered count would be a wrong number, not a rough one */
		if (ioctl(pc->fds[c], PERF_EVENT_IOC_SET_FILTER, filter) < 0)
			counter_mark_absent(pc, errno);
	}
}

static uint64_t read_count(int fd)
{
	uint64_t v = 0;

	if (fd < 0 || read(fd, &v, sizeof(v)) != sizeof(v))
		return 0;
	return v;
}

void perf_counter_start(struct perf_counter *pc)
{
	for (int c = 0; c < pc->ncpus && !pc->absent; c++)
		pc->start[c] = read_count(pc->fds[c]);
}

void perf_counter_stop(struct perf_counter *pc)
{
	for (int c = 0; c < pc->ncpus && !pc->absent; c++)
		pc->delta[c] = read_count(pc->fds[c]) - pc->start[c];
}

void perf_counter_start_cpu(struct perf_counter *pc, int cpu)
{
	if (!pc->absent && !pc->task && cpu >= 0 && cpu < pc->ncpus)
		pc->start[cpu] = read_count(pc->fds[cpu]);
}

void perf_counter_stop_cpu(struct perf_counter *pc, int cpu)
{
	if (!pc->absent && !pc->task && cpu >= 0 && cpu < pc->ncpus)
		pc->delta[cpu] = read_count(pc->fds[cpu]) - pc->start[cpu];
}

uint64_t perf_counter_total(const struct perf_counter *pc)
{
	uint64_t sum = 0;

	for (int c = 0; c < pc->ncpus; c++)
		sum += pc->delta[c];
	return sum;
}

void perf_counter_close(struct perf_counter *pc)
{
	for (int c = 0; c < pc->ncpus; c++) {
		if (pc->fds[c] >= 0)
			close(pc->fds[c]);
		pc->fds[c] = -1;
	}
}
