// SPDX-License-Identifier: GPL-2.0
/*
 * contention-probe: the cost plugin's contention model on a case with a
 * known answer.  tasks threads, pinned one per CPU from CPU 1, add 1 to a
 * shared 64-byte line and to a line of their own, through
 * contention_probe_add(): a user-space function the cost plugin models
 * like the charge path (mmx lists the agent's contention_probe_* symbols
 * as probe functions).  mode=free: the threads add as fast as they can;
 * mode=alternate: they take strict turns on the shared line, so every
 * shared add follows another thread's (turn kept on a line of its own,
 * outside the probe).  Known answers, per shared add:
 *	serialized transfers	alternate: 1; free: whatever the emulator's
 *				schedule makes of it
 *	estimate		random interleaving of the window's adds:
 *				1 - sum_i p_i^2 for task i's share p_i of
 *				them (1 - 1/tasks when the vCPUs get equal
 *				time; icount need not give it: task_adds)
 *	private lines		0 in both
 * The threads are parked while the window's counters are read, so the
 * plugin's calls of contention_probe_add equal the adds counted here.
 * Every other round of adds goes through contention_probe_scoped(), which
 * mmx flags as a receive-scope function: the plugin's scope must count
 * exactly scoped_rounds entries and exits, and 2 * scoped_rounds calls of
 * contention_probe_add inside (scope_calls), about half of them.
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "guest_time.h"
#include "measure_window.h"
#include "rx_flows.h"
#include "workloads.h"

#define PROBE_MAX_TASKS 7
#define PARK_TIMEOUT_S 5.0

struct probe_line {
	_Alignas(64) atomic_ulong v;
};

enum { PHASE_PARK, PHASE_RUN, PHASE_STOP };

struct probe_shared {
	struct probe_line shared, turn;
	struct probe_line own[PROBE_MAX_TASKS];
	_Alignas(64) atomic_int phase;
	int tasks, alternate;
};

/* a line of its own: its counts are written inside the modelled scope function */
struct probe_task {
	_Alignas(64) struct probe_shared *s;
	int index;
	atomic_ulong adds;	/* shared adds, published after each */
	atomic_ulong scoped;	/* rounds made inside the scope function */
	atomic_int parked;
	pthread_t thread;
};

/* The one function the plugin models: its memory accesses are the probe's. */
__attribute__((noinline)) void contention_probe_add(atomic_ulong *v)
{
	atomic_fetch_add_explicit(v, 1, memory_order_relaxed);
}

/*
 * The scope's known case: entered by a call, left by its own ret (the
 * count after the adds keeps the second call from becoming a tail jump).
 */
__attribute__((noinline)) void contention_probe_scoped(struct probe_task *t)
{
	contention_probe_add(&t->s->shared.v);
	contention_probe_add(&t->s->own[t->index].v);
	atomic_fetch_add(&t->scoped, 1);
}

/* alternate: wait for this task's turn; 0 when the phase moved on */
static int wait_turn(struct probe_task *t)
{
	struct probe_shared *s = t->s;

	while (atomic_load(&s->turn.v) % (unsigned long)s->tasks != (unsigned long)t->index)
		if (atomic_load(&s->phase) != PHASE_RUN)
			return 0;
	return 1;
}

static void *probe_thread(void *arg)
{
	struct probe_task *t = arg;
	struct probe_shared *s = t->s;
	int phase;

	pin_to_cpu(1 + t->index);
	while ((phase = atomic_load(&s->phase)) != PHASE_STOP) {
		if (phase == PHASE_PARK) {
			atomic_store(&t->parked, 1);
			sched_yield();
			continue;
		}
		atomic_store(&t->parked, 0);
		if (s->alternate && !wait_turn(t))
			continue;
		if (atomic_load_explicit(&t->adds, memory_order_relaxed) & 1) {
			contention_probe_scoped(t);
		} else {
			contention_probe_add(&s->shared.v);
			contention_probe_add(&s->own[t->index].v);
		}
		atomic_fetch_add(&t->adds, 1);
		if (s->alternate)
			atomic_fetch_add(&s->turn.v, 1);
	}
	return NULL;
}

/* every task parked: none is between its adds and its count */
static int park_all(struct probe_shared *s, struct probe_task *t)
{
	double until = now_s() + PARK_TIMEOUT_S;

	for (int i = 0; i < s->tasks; i++)
		atomic_store(&t[i].parked, 0);
	atomic_store(&s->phase, PHASE_PARK);
	for (int i = 0; i < s->tasks; i++)
		while (!atomic_load(&t[i].parked))
			if (now_s() > until)
				return -1;
			else
				sched_yield();
	return 0;
}

static unsigned long total_adds(struct probe_task *t, int n)
{
	unsigned long sum = 0;

	for (int i = 0; i < n; i++)
		sum += atomic_load(&t[i].adds);
	return sum;
}

static unsigned long total_scoped(struct probe_task *t, int n)
{
	unsigned long sum = 0;

	for (int i = 0; i < n; i++)
		sum += atomic_load(&t[i].scoped);
	return sum;
}

int workload_contention_probe(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	static struct probe_shared s;
	struct probe_task t[PROBE_MAX_TASKS];
	const char *mode = json_string_value(json_object_get(params, "mode"));
	double duration = param_real(params, "duration_s");
	struct measure_window w;
	unsigned long a0, a1, sc0, sc1, t0[PROBE_MAX_TASKS];
	json_t *per_task;
	int parked, started = 0;

	memset(&s, 0, sizeof(s));
	memset(t, 0, sizeof(t));
	s.tasks = (int)param_int(params, "tasks");
	s.alternate = mode && strcmp(mode, "alternate") == 0;
	if (s.tasks + 1 > (int)sysconf(_SC_NPROCESSORS_ONLN)) {
		snprintf(err, errlen, "tasks=%d needs %d CPUs (one each from CPU 1); the "
			 "guest has %ld: raise cpus=", s.tasks, s.tasks + 1,
			 sysconf(_SC_NPROCESSORS_ONLN));
		return -1;
	}
	if (window_open(&w, params, err, errlen) < 0)
		return -1;
	atomic_store(&s.phase, PHASE_RUN);
	for (; started < s.tasks; started++) {
		t[started].s = &s;
		t[started].index = started;
		if (pthread_create(&t[started].thread, NULL, probe_thread, &t[started]) != 0)
			break;
	}
	sleep_s(param_real(params, "warmup_s"));
	parked = park_all(&s, t) == 0;
	a0 = total_adds(t, started);
	sc0 = total_scoped(t, started);
	for (int i = 0; i < started; i++)
		t0[i] = atomic_load(&t[i].adds);
	window_begin(&w);
	atomic_store(&s.phase, PHASE_RUN);
	sleep_s(duration);
	parked &= park_all(&s, t) == 0;
	a1 = total_adds(t, started);
	sc1 = total_scoped(t, started);
	window_end(&w);
	atomic_store(&s.phase, PHASE_STOP);
	for (int i = 0; i < started; i++)
		pthread_join(t[i].thread, NULL);

	/* each task's share: the emulator need not give the vCPUs equal time */
	per_task = json_array();
	for (int i = 0; i < started; i++)
		json_array_append_new(per_task, json_integer(
			(json_int_t)(atomic_load(&t[i].adds) - t0[i])));
	window_report(&w, metrics, (double)(a1 - a0), "add");
	window_close(&w);
	json_object_set_new(metrics, "mode", json_string(s.alternate ? "alternate" : "free"));
	json_object_set_new(metrics, "tasks", json_integer(s.tasks));
	json_object_set_new(metrics, "adds", json_integer((json_int_t)(a1 - a0)));
	json_object_set_new(metrics, "task_adds", per_task);
	json_object_set_new(metrics, "scoped_rounds", json_integer((json_int_t)(sc1 - sc0)));
	json_object_set_new(metrics, "adds_per_sec",
			    json_real((double)(a1 - a0) / window_seconds(&w)));
	json_object_set_new(metrics, "tasks_parked_for_counter_reads", json_boolean(parked));
	if (started < s.tasks) {
		snprintf(err, errlen, "could start only %d of %d probe threads", started, s.tasks);
		return -1;
	}
	if (!parked) {
		snprintf(err, errlen, "a probe thread did not park within %.0f s", PARK_TIMEOUT_S);
		return -1;
	}
	if (a1 == a0) {
		snprintf(err, errlen, "no adds in the %.1f s window", window_seconds(&w));
		return -1;
	}
	return 0;
}
