// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "guest_files.h"
#include "perf_probes.h"

static int kprobe_pmu_type(void)
{
	static int type = -2;

	if (type == -2)
		type = (int)read_number_file("/sys/bus/event_source/devices/kprobe/type");
	return type;
}

void kprobe_counter_open(struct kprobe_counter *kc, const char *symbol,
			 int ncpus)
{
	struct perf_event_attr attr;
	int type = kprobe_pmu_type();

	memset(kc, 0, sizeof(*kc));
	kc->symbol = symbol;
	kc->ncpus = ncpus > PROBE_MAX_CPUS ? PROBE_MAX_CPUS : ncpus;
	for (int c = 0; c < kc->ncpus; c++)
		kc->fds[c] = -1;
	if (type < 0) {
		kc->absent = 1;
		kc->open_errno = ENODEV;
		return;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (unsigned int)type;
	attr.config1 = (uint64_t)(uintptr_t)symbol;	/* kprobe_func */
	attr.config2 = 0;				/* probe_offset */
	for (int c = 0; c < kc->ncpus; c++) {
		kc->fds[c] = (int)syscall(SYS_perf_event_open, &attr, -1, c, -1,
					  PERF_FLAG_FD_CLOEXEC);
		if (kc->fds[c] < 0) {
			/* the kernel rejects a kprobe on an unknown symbol */
			kc->open_errno = errno;
			kc->absent = 1;
			kprobe_counter_close(kc);
			return;
		}
	}
}

static uint64_t read_count(int fd)
{
	uint64_t v = 0;

	if (fd < 0 || read(fd, &v, sizeof(v)) != sizeof(v))
		return 0;
	return v;
}

void kprobe_counter_start(struct kprobe_counter *kc)
{
	for (int c = 0; c < kc->ncpus && !kc->absent; c++)
		kc->start[c] = read_count(kc->fds[c]);
}

void kprobe_counter_stop(struct kprobe_counter *kc)
{
	for (int c = 0; c < kc->ncpus && !kc->absent; c++)
		kc->delta[c] = read_count(kc->fds[c]) - kc->start[c];
}

uint64_t kprobe_counter_total(const struct kprobe_counter *kc)
{
	uint64_t sum = 0;

	for (int c = 0; c < kc->ncpus; c++)
		sum += kc->delta[c];
	return sum;
}

void kprobe_counter_close(struct kprobe_counter *kc)
{
	for (int c = 0; c < kc->ncpus; c++) {
		if (kc->fds[c] >= 0)
			close(kc->fds[c]);
		kc->fds[c] = -1;
	}
}
