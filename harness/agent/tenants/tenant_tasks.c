// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "guest_time.h"
#include "tenant_cgroups.h"
#include "tenant_tasks.h"

#define STOP_TIMEOUT_S 10.0

/* Child: never returns. */
static void run_task(struct tenant_tasks_shared *s, int i, int tenant, int cpu,
		     tenant_task_fn fn, void *arg, int ready_fd)
{
	struct tenant_task_ctx ctx = {
		.index = i,
		.tenant = tenant,
		.ops = &s->ops[i],
		.minflt = &s->minflt[i],
		.stop = &s->stop,
		.shared = s,
		.why = s->why[i],
	};
	cpu_set_t set;

	if (tenant_enter(tenant) < 0) {
		snprintf(ctx.why, TENANT_TASK_WHY, "enter tenant %d cgroup: %s",
			 tenant, strerror(errno));
		_exit(10);
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		snprintf(ctx.why, TENANT_TASK_WHY, "pin to CPU %d: %s", cpu,
			 strerror(errno));
		_exit(11);
	}
	if (write(ready_fd, "r", 1) != 1)
		_exit(12);
	close(ready_fd);
	_exit(fn(&ctx, arg) == 0 ? 0 : 1);
}

int tenant_tasks_start(struct tenant_tasks *tt, int n, int first_tenant,
		       int cpu, tenant_task_fn fn, void *arg, char *err,
		       size_t errlen)
{
	int ready[2];
	char dummy;

	memset(tt, 0, sizeof(*tt));
	if (n < 1 || n > TENANT_TASKS_MAX) {
		snprintf(err, errlen, "tenant tasks: n must be 1..%d, got %d",
			 TENANT_TASKS_MAX, n);
		return -1;
	}
	tt->shared = mmap(NULL, sizeof(*tt->shared), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (tt->shared == MAP_FAILED || pipe(ready) < 0) {
		snprintf(err, errlen, "tenant tasks: shared memory or pipe: %s",
			 strerror(errno));
		tt->shared = NULL;
		return -1;
	}
	memset(tt->shared, 0, sizeof(*tt->shared));	/* charged to the caller */
	for (int i = 0; i < n; i++) {
		tt->pids[i] = fork();
		if (tt->pids[i] == 0) {
			close(ready[0]);
			run_task(tt->shared, i, first_tenant + i, cpu, fn, arg,
				 ready[1]);
		}
		if (tt->pids[i] < 0) {
			char why[TENANT_TASK_WHY];

			snprintf(err, errlen, "tenant tasks: fork: %s", strerror(errno));
			close(ready[0]);
			close(ready[1]);
			tenant_tasks_stop(tt, why, sizeof(why));
			return -1;
		}
		tt->n = i + 1;
	}
	close(ready[1]);
	for (int i = 0; i < tt->n; i++) {
		if (read(ready[0], &dummy, 1) != 1) {
			char why[TENANT_TASK_WHY];

			close(ready[0]);
			tenant_tasks_stop(tt, why, sizeof(why));
			snprintf(err, errlen, "tenant tasks: a task did not start: %s",
				 why);
			return -1;
		}
	}
	close(ready[0]);
	return 0;
}

void tenant_task_checkpoint(struct tenant_task_ctx *ctx)
{
	struct tenant_tasks_shared *s = ctx->shared;

	struct timespec ts;

	if (!atomic_load(&s->hold))
		return;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
		atomic_store(&s->cpu_ns[ctx->index],
			     (unsigned long long)ts.tv_sec * 1000000000ull +
			     (unsigned long long)ts.tv_nsec);
	atomic_fetch_add(&s->held, 1);
	/* sleeping, not spinning: a SCHED_FIFO task must yield its CPU */
	while (atomic_load(&s->hold) && !atomic_load(&s->stop))
		sleep_s(0.0005);
	atomic_fetch_sub(&s->held, 1);
}

int tenant_tasks_hold(struct tenant_tasks *tt, double timeout_s)
{
	double deadline = now_s() + timeout_s;

	atomic_store(&tt->shared->hold, 1);
	while (atomic_load(&tt->shared->held) < tt->n) {
		if (now_s() >= deadline)
			return -1;
		sleep_s(0.0005);
	}
	return 0;
}

void tenant_tasks_release(struct tenant_tasks *tt)
{
	atomic_store(&tt->shared->hold, 0);
}

unsigned long long tenant_tasks_ops(const struct tenant_tasks *tt, int i)
{
	return atomic_load(&tt->shared->ops[i]);
}

unsigned long long tenant_tasks_minflt(const struct tenant_tasks *tt, int i)
{
	return atomic_load(&tt->shared->minflt[i]);
}

unsigned long long tenant_tasks_cpu_ns(const struct tenant_tasks *tt, int i)
{
	return atomic_load(&tt->shared->cpu_ns[i]);
}

int tenant_tasks_stop(struct tenant_tasks *tt, char *err, size_t errlen)
{
	double deadline = now_s() + STOP_TIMEOUT_S;
	int failed = -1, status[TENANT_TASKS_MAX] = { 0 }, left = tt->n;
	int done[TENANT_TASKS_MAX] = { 0 };

	if (!tt->shared)
		return -1;
	atomic_store(&tt->shared->stop, 1);
	while (left > 0 && now_s() < deadline) {
		for (int i = 0; i < tt->n; i++) {
			if (!done[i] && waitpid(tt->pids[i], &status[i], WNOHANG) == tt->pids[i]) {
				done[i] = 1;
				left--;
			}
		}
		if (left > 0)
			sleep_s(0.01);
	}
	for (int i = 0; i < tt->n; i++) {
		if (!done[i]) {
			kill(tt->pids[i], SIGKILL);
			waitpid(tt->pids[i], &status[i], 0);
			snprintf(tt->shared->why[i], TENANT_TASK_WHY,
				 "did not stop within %.0f s", STOP_TIMEOUT_S);
			status[i] = 1 << 8;
		}
		if (failed < 0 && !(WIFEXITED(status[i]) && WEXITSTATUS(status[i]) == 0))
			failed = i;
	}
	if (failed >= 0)
		snprintf(err, errlen, "tenant task %d failed: %s", failed,
			 tt->shared->why[failed][0] ? tt->shared->why[failed] :
			 "no reason given");
	munmap(tt->shared, sizeof(*tt->shared));
	tt->shared = NULL;
	return failed >= 0 ? -1 : 0;
}

int tenant_task_fail(struct tenant_task_ctx *ctx, const char *what)
{
	snprintf(ctx->why, TENANT_TASK_WHY, "%s: %s", what, strerror(errno));
	return -1;
}

json_t *tenant_rates(const unsigned long long *d, int n, double window)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_real((double)d[i] / window));
	return a;
}

/*
 * The tasks' own CPU time over the window, which excludes the softirq and
 * irq time that ran on top of them: the task side's cost per unit, whatever
 * share of the CPU it got.  Only known when both parks succeeded.
 */
void tenant_tasks_report_cpu(json_t *metrics, int parked, unsigned long long cpu_ns,
			     double units, double window, const char *unit)
{
	char key[64];

	json_object_set_new(metrics, "task_cpu_s", parked ?
			    json_real((double)cpu_ns / 1e9) : json_null());
	json_object_set_new(metrics, "task_cpu_share", parked && window > 0 ?
			    json_real((double)cpu_ns / 1e9 / window) : json_null());
	snprintf(key, sizeof(key), "task_cpu_us_per_%s", unit);
	json_object_set_new(metrics, key, parked && units > 0 ?
			    json_real((double)cpu_ns / 1e3 / units) : json_null());
}
