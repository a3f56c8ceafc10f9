/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_TENANT_TASKS_H
#define MMX_TENANT_TASKS_H

#include <jansson.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/types.h>

#define TENANT_TASKS_MAX 64
#define TENANT_TASK_WHY 120

/*
 * One task per tenant, each in its tenant's memcg and all pinned to one
 * CPU, looping over a unit of work until told to stop.  The counters they
 * bump live in memory the caller's (root) cgroup touched first: a page a
 * tenant touched first would be charged to it and pin its memcg after the
 * cgroup is removed.
 */
struct tenant_tasks_shared {
	_Atomic int stop;
	_Atomic int hold;	/* tasks park at their next checkpoint */
	_Atomic int held;	/* how many are parked */
	_Atomic unsigned long long ops[TENANT_TASKS_MAX];
	_Atomic unsigned long long minflt[TENANT_TASKS_MAX];
	/* CPU time each task had used when it last parked (see below) */
	_Atomic unsigned long long cpu_ns[TENANT_TASKS_MAX];
	char why[TENANT_TASKS_MAX][TENANT_TASK_WHY];
};

struct tenant_task_ctx {
	int index;		/* 0..n-1 */
	int tenant;		/* its cgroup, tenant_cgroups.h numbering */
	_Atomic unsigned long long *ops;
	_Atomic unsigned long long *minflt;
	const _Atomic int *stop;
	struct tenant_tasks_shared *shared;
	char *why;		/* the reason, when fn returns -1 */
};

/* The task's loop: returns 0 once *ctx->stop is set, or -1 with ctx->why. */
typedef int (*tenant_task_fn)(struct tenant_task_ctx *ctx, void *arg);

/*
 * Called by a task between two units of work: parks it while held, after
 * publishing its CPU time (CLOCK_THREAD_CPUTIME_ID: with
 * IRQ_TIME_ACCOUNTING it leaves out the irq and softirq time that ran on
 * top of the task, so it is the task side's own cost).
 */
void tenant_task_checkpoint(struct tenant_task_ctx *ctx);

struct tenant_tasks {
	int n;
	pid_t pids[TENANT_TASKS_MAX];
	struct tenant_tasks_shared *shared;
};

/*
 * Starts n tasks for tenants first_tenant.. (their cgroups must exist),
 * pinned to cpu, and returns once every one has entered its cgroup.
 */
int tenant_tasks_start(struct tenant_tasks *tt, int n, int first_tenant,
		       int cpu, tenant_task_fn fn, void *arg, char *err,
		       size_t errlen);
/*
 * Parks every task at its next checkpoint and waits up to timeout_s until
 * all are parked (-1 if not): the caller can then read counters on the
 * tasks' CPU at once and snapshot their work with nothing in flight.
 */
int tenant_tasks_hold(struct tenant_tasks *tt, double timeout_s);
void tenant_tasks_release(struct tenant_tasks *tt);
unsigned long long tenant_tasks_ops(const struct tenant_tasks *tt, int i);
unsigned long long tenant_tasks_minflt(const struct tenant_tasks *tt, int i);
/* The CPU time task i published when last parked (valid after a hold). */
unsigned long long tenant_tasks_cpu_ns(const struct tenant_tasks *tt, int i);
/*
 * Tells the tasks to stop and reaps them by pid (nothing else the caller
 * forked).  Returns -1 with err naming the first task that failed.
 */
int tenant_tasks_stop(struct tenant_tasks *tt, char *err, size_t errlen);

/* Records errno's text for what failed in ctx->why; returns -1. */
int tenant_task_fail(struct tenant_task_ctx *ctx, const char *what);
/* Per-tenant counts over the window as a JSON array of rates. */
json_t *tenant_rates(const unsigned long long *d, int n, double window);
/*
 * task_cpu_s, task_cpu_share and task_cpu_us_per_UNIT from the tasks' own
 * CPU time, or null unless both parks succeeded.
 */
void tenant_tasks_report_cpu(json_t *metrics, int parked, unsigned long long cpu_ns,
			     double units, double window, const char *unit);

#endif
