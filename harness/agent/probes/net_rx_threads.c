// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guest_files.h"
#include "net_rx_threads.h"

/* N of "prefixN" when the rest is a number, else -1 */
static int cpu_suffix(const char *comm, const char *prefix)
{
	size_t len = strlen(prefix);
	char *end;
	long v;

	if (strncmp(comm, prefix, len) || !isdigit((unsigned char)comm[len]))
		return -1;
	v = strtol(comm + len, &end, 10);
	return *end || v > 4096 ? -1 : (int)v;
}

enum net_rx_thread_kind net_rx_thread_kind(const char *comm, int *cpu)
{
	*cpu = -1;
	if ((*cpu = cpu_suffix(comm, "backlog_napi/")) >= 0)
		return NET_RX_THREAD_BACKLOG;
	if ((*cpu = cpu_suffix(comm, "ksoftirqd/")) >= 0)
		return NET_RX_THREAD_KSOFTIRQD;
	*cpu = -1;
	if (!strncmp(comm, "napi/", 5) && comm[5])
		return NET_RX_THREAD_NAPI;
	return NET_RX_THREAD_NONE;
}

static void add_thread(struct net_rx_threads *s, pid_t tid, const char *comm)
{
	struct perf_event_attr attr;
	enum net_rx_thread_kind kind;
	int cpu;

	kind = net_rx_thread_kind(comm, &cpu);
	if (kind == NET_RX_THREAD_NONE || s->n == NET_RX_MAX_THREADS || s->open_errno)
		return;
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	s->t[s->n].tid = tid;
	s->t[s->n].kind = kind;
	s->t[s->n].cpu = cpu;
	perf_counter_open_thread(&s->t[s->n].clock, "task-clock", &attr, tid);
	if (!s->t[s->n].clock.absent) {
		s->n++;
		return;
	}
	/* a thread gone since the scan is no loss; anything else is */
	if (s->t[s->n].clock.open_errno != ESRCH) {
		s->open_errno = s->t[s->n].clock.open_errno;
		snprintf(s->failed_comm, sizeof(s->failed_comm), "%s", comm);
	}
}

void net_rx_threads_open(struct net_rx_threads *s, int ncpus)
{
	DIR *proc = opendir("/proc");
	struct dirent *d;

	memset(s, 0, sizeof(*s));
	s->ncpus = ncpus;
	if (!proc) {
		s->open_errno = errno;
		snprintf(s->failed_comm, sizeof(s->failed_comm), "/proc");
		return;
	}
	/* kernel threads are processes of their own: /proc/PID is enough */
	while ((d = readdir(proc))) {
		char path[300], comm[32];
		int n;

		if (!isdigit((unsigned char)d->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", d->d_name);
		n = read_file(path, comm, sizeof(comm));
		if (n <= 0)
			continue;
		comm[strcspn(comm, "\n")] = 0;
		add_thread(s, (pid_t)atoi(d->d_name), comm);
	}
	closedir(proc);
}

void net_rx_threads_begin(struct net_rx_threads *s)
{
	for (int i = 0; i < s->n; i++)
		perf_counter_start(&s->t[i].clock);
}

/* field 39 of /proc/PID/stat: the CPU the task last ran on */
static int last_cpu(pid_t tid)
{
	char path[64], buf[1024], *p;
	int field = 2, cpu = -1;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)tid);
	if (read_file(path, buf, sizeof(buf)) <= 0 || !(p = strrchr(buf, ')')))
		return -1;
	for (p++; *p && field < 39; p++)
		if (*p == ' ')
			field++;
	if (field == 39)
		cpu = atoi(p);
	return cpu;
}

void net_rx_threads_end(struct net_rx_threads *s)
{
	for (int i = 0; i < s->n; i++) {
		perf_counter_stop(&s->t[i].clock);
		if (s->t[i].cpu < 0)
			s->t[i].cpu = last_cpu(s->t[i].tid);
	}
}

static void report_kind(const struct net_rx_threads *s, json_t *metrics,
			const char *name, enum net_rx_thread_kind a,
			enum net_rx_thread_kind b)
{
	double per_cpu[PROBE_MAX_CPUS] = { 0 }, total = 0;
	char key[64];
	json_t *arr;

	snprintf(key, sizeof(key), "%s_per_cpu", name);
	if (s->open_errno) {
		json_object_set_new(metrics, name, json_null());
		json_object_set_new(metrics, key, json_null());
		return;
	}
	for (int i = 0; i < s->n; i++) {
		if (s->t[i].kind != a && s->t[i].kind != b)
			continue;
		total += (double)s->t[i].clock.delta[0];
		if (s->t[i].cpu >= 0 && s->t[i].cpu < s->ncpus)
			per_cpu[s->t[i].cpu] += (double)s->t[i].clock.delta[0];
	}
	arr = json_array();
	for (int c = 0; c < s->ncpus; c++)
		json_array_append_new(arr, json_real(per_cpu[c]));
	json_object_set_new(metrics, name, json_real(total));
	json_object_set_new(metrics, key, arr);
}

void net_rx_threads_report(const struct net_rx_threads *s, json_t *metrics)
{
	report_kind(s, metrics, "net_rx_thread_ns", NET_RX_THREAD_BACKLOG,
		    NET_RX_THREAD_NAPI);
	report_kind(s, metrics, "ksoftirqd_ns", NET_RX_THREAD_KSOFTIRQD,
		    NET_RX_THREAD_KSOFTIRQD);
	if (s->open_errno) {
		char err[128];

		snprintf(err, sizeof(err), "task-clock of %s: %s", s->failed_comm,
			 strerror(s->open_errno));
		json_object_set_new(metrics, "net_rx_threads_error", json_string(err));
	}
}

void net_rx_threads_close(struct net_rx_threads *s)
{
	for (int i = 0; i < s->n; i++)
		perf_counter_close(&s->t[i].clock);
	s->n = 0;
}
