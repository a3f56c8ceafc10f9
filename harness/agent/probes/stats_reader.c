// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "guest_files.h"
#include "guest_time.h"
#include "latency_hist.h"
#include "rx_load.h"
#include "stats_reader.h"
#include "tenant_cgroups.h"

#define READ_BUF_BYTES 65536

/* Written by the reader, read by the parent only after reaping it. */
struct reader_shared {
	_Atomic int stop;
	double window_s;
	unsigned long long rounds, reads, read_errors, late_rounds, bytes;
	struct latency_hist hist;
};

struct stats_reader {
	pid_t pid;
	int hz, tenants, cpu;
	struct reader_shared *shared;
};

/* The highest CPU that is neither the receive nor the sender CPU. */
static int reader_cpu(void)
{
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);

	for (int c = ncpus - 1; c >= 0; c--)
		if (c != RX_CPU && c != SENDER_CPU)
			return c;
	return 0;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void read_round(struct reader_shared *s, int *fds, int tenants,
		       char *buf)
{
	char path[256];

	for (int t = 0; t < tenants; t++) {
		uint64_t t0, t1;
		ssize_t n;

		if (fds[t] < 0) {
			tenant_path(t, "memory.stat", path, sizeof(path));
			fds[t] = open(path, O_RDONLY | O_CLOEXEC);
			if (fds[t] < 0)
				continue;	/* not created yet */
		}
		t0 = mono_ns();
		n = pread(fds[t], buf, READ_BUF_BYTES, 0);
		t1 = mono_ns();
		if (n <= 0) {
			s->read_errors++;
			close(fds[t]);
			fds[t] = -1;
			continue;
		}
		latency_hist_add(&s->hist, t1 - t0);
		s->reads++;
		s->bytes += (unsigned long long)n;
	}
	s->rounds++;
}

/* Child: never returns. */
static void run_reader(struct reader_shared *s, int hz, int tenants, int cpu)
{
	uint64_t period = 1000000000ull / (uint64_t)hz, start, next;
	int fds[RX_MAX_TENANTS];
	char *buf = malloc(READ_BUF_BYTES);
	cpu_set_t set;

	/* its own reads must not be charged to a tenant, whatever the caller */
	write_file("/sys/fs/cgroup/cgroup.procs", "0");
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
	if (!buf)
		_exit(1);
	for (int t = 0; t < tenants; t++)
		fds[t] = -1;
	start = next = mono_ns();
	while (!atomic_load(&s->stop)) {
		struct timespec ts;
		uint64_t now;

		read_round(s, fds, tenants, buf);
		next += period;
		now = mono_ns();
		if (next < now) {
			/* behind: no burst to catch up, the rate is reported */
			s->late_rounds++;
			next = now;
		}
		ts.tv_sec = (time_t)(next / 1000000000ull);
		ts.tv_nsec = (long)(next % 1000000000ull);
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
	}
	s->window_s = (double)(mono_ns() - start) / 1e9;
	_exit(0);
}

struct stats_reader *stats_reader_start(int hz, int tenants, char *err,
					size_t errlen)
{
	struct stats_reader *r;

	if (hz < 1 || hz > STATS_READER_MAX_HZ || tenants < 1 ||
	    tenants > RX_MAX_TENANTS) {
		snprintf(err, errlen, "stats reader: hz must be 1..%d and tenants 1..%d (got %d, %d)",
			 STATS_READER_MAX_HZ, RX_MAX_TENANTS, hz, tenants);
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (!r) {
		snprintf(err, errlen, "stats reader: out of memory");
		return NULL;
	}
	r->hz = hz;
	r->tenants = tenants;
	r->cpu = reader_cpu();
	r->shared = mmap(NULL, sizeof(*r->shared), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r->shared == MAP_FAILED) {
		snprintf(err, errlen, "stats reader: mmap: %s", strerror(errno));
		free(r);
		return NULL;
	}
	/* touched here so its pages are charged to the caller, not a tenant */
	memset(r->shared, 0, sizeof(*r->shared));
	r->pid = fork();
	if (r->pid < 0) {
		snprintf(err, errlen, "stats reader: fork: %s", strerror(errno));
		munmap(r->shared, sizeof(*r->shared));
		free(r);
		return NULL;
	}
	if (r->pid == 0)
		run_reader(r->shared, hz, tenants, r->cpu);
	return r;
}

static json_t *latency_us(const struct latency_hist *h, double q)
{
	if (h->count == 0)
		return json_null();
	return json_real((double)latency_hist_quantile_ns(h, q) / 1000.0);
}

void stats_reader_stop(struct stats_reader *r, json_t *metrics)
{
	const struct reader_shared *s = r->shared;
	double deadline = now_s() + 5.0;
	json_t *out = json_object(), *lat = json_object();
	int status = 0, reaped = 0;

	atomic_store(&r->shared->stop, 1);
	while (!reaped && now_s() < deadline) {
		pid_t p = waitpid(r->pid, &status, WNOHANG);

		if (p == r->pid)
			reaped = 1;
		else
			sleep_s(0.01);
	}
	if (!reaped) {
		kill(r->pid, SIGKILL);
		waitpid(r->pid, &status, 0);
	}
	json_object_set_new(out, "hz", json_integer(r->hz));
	json_object_set_new(out, "tenants", json_integer(r->tenants));
	json_object_set_new(out, "cpu", json_integer(r->cpu));
	json_object_set_new(out, "reads", json_integer((json_int_t)s->reads));
	json_object_set_new(out, "read_errors", json_integer((json_int_t)s->read_errors));
	json_object_set_new(out, "rounds", json_integer((json_int_t)s->rounds));
	json_object_set_new(out, "late_rounds", json_integer((json_int_t)s->late_rounds));
	if (reaped && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	    s->window_s > 0) {
		json_object_set_new(out, "window_s", json_real(s->window_s));
		json_object_set_new(out, "achieved_hz",
				    json_real((double)s->rounds / s->window_s));
	} else {
		/* killed or failed: its own clock never closed the window */
		json_object_set_new(out, "window_s", json_null());
		json_object_set_new(out, "achieved_hz", json_null());
		json_object_set_new(out, "error", json_string("reader did not exit cleanly"));
	}
	json_object_set_new(out, "bytes_per_read", s->reads ?
			    json_real((double)s->bytes / (double)s->reads) : json_null());
	json_object_set_new(lat, "p50", latency_us(&s->hist, 0.50));
	json_object_set_new(lat, "p90", latency_us(&s->hist, 0.90));
	json_object_set_new(lat, "p99", latency_us(&s->hist, 0.99));
	json_object_set_new(lat, "max", s->hist.count ?
			    json_real((double)s->hist.max_ns / 1000.0) : json_null());
	json_object_set_new(out, "read_latency_us", lat);
	json_object_set_new(out, "latency_resolution",
			    json_string("log-linear histogram, within 1/64 of the value"));
	json_object_set_new(metrics, "stats_reader", out);
	munmap(r->shared, sizeof(*r->shared));
	free(r);
}
