// SPDX-License-Identifier: GPL-2.0
/*
 * mmx matrix [--profile NAME] [--dry-run] [-j N] [--results DIR]
 *            [--seed N] [--retries N] [--shard I/N]
 *
 * Runs a profile of matrix.json: builds the kernels it needs, then runs
 * its cells in randomized blocks (one repetition of every cell per block,
 * shuffled with a recorded seed).  The results store is the only state:
 * a cell with an ok record is never run again, so a killed or interrupted
 * matrix resumes where it stopped; a failing cell is retried up to a limit
 * and then left failed while the matrix goes on.  --shard I/N runs only
 * shard I's (cell, repetition) pairs (matrix_shard.h) into its own store,
 * DIR/shard-I, so N machines can share a profile; mmx report merges them.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "accel_choice.h"
#include "cache_dir.h"
#include "commands.h"
#include "family_plan.h"
#include "kernel_build.h"
#include "log.h"
#include "matrix_cells.h"
#include "matrix_kernels.h"
#include "matrix_plan.h"
#include "matrix_shard.h"
#include "monotonic.h"
#include "option_int.h"
#include "results_store.h"
#include "run_cell.h"
#include "run_store.h"
#include "source_tree.h"
#include "superseded_runs.h"

#define MAX_JOBS 8
/* a cold kernel, then each further one reusing ccache (measured, README) */
/*
 * A cold first kernel (and ccache) took 416-805 s here, another variant of
 * it 26-190 s; one that changes the configuration (a Kconfig symbol, a
 * fragment) re-preprocesses every object, 142-705 s (docs/timings.md).
 */
#define EST_FIRST_KERNEL_S (10 * 60)
#define EST_NEXT_KERNEL_S (90)

struct matrix_options {
	const char *profile, *results;
	int dry_run, jobs, retries;
	long long seed;
	struct matrix_shard shard;	/* count 0: unsharded */
	char shard_label[32];		/* "I/N" */
};

static volatile sig_atomic_t stop_requested;

static void on_stop_signal(int sig)
{
	/* said at once: a kernel build can take minutes to come to its end */
	static const char msg[] = "\n[mmx] stop requested: the matrix stops when the "
		"kernel build or the run in flight ends; run the same command again "
		"to continue\n";

	ssize_t said = 0;

	(void)sig;
	if (!stop_requested)
		said = write(STDERR_FILENO, msg, sizeof(msg) - 1);
	(void)said;
	stop_requested = 1;
}

static int usage(void)
{
	fprintf(stderr, "usage: mmx matrix [--profile NAME] [--dry-run] [-j N] "
		"[--results DIR] [--seed N] [--retries N] [--shard I/N]\n");
	return 2;
}

static int parse_options(int argc, char **argv, struct matrix_options *o)
{
	long long v;

	memset(o, 0, sizeof(*o));
	o->profile = "quick";
	o->jobs = 1;
	o->retries = 2;
	o->seed = -1;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--dry-run")) {
			o->dry_run = 1;
			continue;
		}
		if (strcmp(a, "--profile") && strcmp(a, "-j") && strcmp(a, "--results") &&
		    strcmp(a, "--seed") && strcmp(a, "--retries") && strcmp(a, "--shard")) {
			fail_msg("unknown option '%s' (mmx matrix --help lists them)", a);
			return -1;
		}
		if (!val) {
			fail_msg("%s needs a value (mmx matrix --help)", a);
			return -1;
		}
		i++;
		if (!strcmp(a, "--profile")) {
			o->profile = val;
		} else if (!strcmp(a, "--results")) {
			o->results = val;
		} else if (!strcmp(a, "--shard")) {
			if (shard_parse(val, &o->shard) < 0)
				return -1;
			snprintf(o->shard_label, sizeof(o->shard_label), "%d/%d",
				 o->shard.index, o->shard.count);
		} else if (!strcmp(a, "-j")) {
			if (option_int(a, val, 1, LLONG_MAX, &v) < 0)
				return -1;
			if (v > MAX_JOBS) {
				fail_msg("-j %lld: at most %d guests at once", v, MAX_JOBS);
				return -1;
			}
			o->jobs = (int)v;
		} else if (!strcmp(a, "--seed")) {
			if (option_int(a, val, 0, LLONG_MAX, &v) < 0)
				return -1;
			o->seed = v;
		} else {
			if (option_int(a, val, 0, LLONG_MAX, &v) < 0)
				return -1;
			o->retries = (int)v;
		}
	}
	return 0;
}

static void hms(double s, char *buf, size_t cap)
{
	long t = s > 0 ? (long)(s + 0.5) : 0;

	snprintf(buf, cap, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

/*
 * What the profile's repetitions can decide in its confirmatory families
 * (analysis/family_plan.c); the store, when it has runs, gives the noise.
 */
static void dry_run_families(const struct matrix *m, const struct cell_list *cells,
			     const struct matrix_options *o, const char *store)
{
	json_t *spec = json_object_get(json_object_get(m->root, "profiles"), o->profile);
	struct plan_cell *pc = calloc((size_t)cells->n + 1, sizeof(*pc));
	size_t skipped;
	json_t *runs = access(store, R_OK) ? NULL : run_store_load(store, &skipped);

	for (int i = 0; pc && i < cells->n; i++) {
		const struct matrix_cell *c = &cells->v[i];

		pc[i] = (struct plan_cell){ c->variant, c->axis, c->workload, c->timing_mode,
					    c->id, c->params, c->reps };
	}
	if (pc)
		family_plan_check(stdout, o->profile, spec, pc, (size_t)cells->n, runs);
	free(pc);
	json_decref(runs);
}

static int runs_alone(const struct matrix_options *o, const struct matrix_cell *c);

static int dry_run(const struct matrix *m, const struct cell_list *cells,
		   const struct kernel_set *k, const struct matrix_plan *p,
		   const struct matrix_options *o, const char *store)
{
	double run_s = 0, build_s = 0;
	int missing = 0, todo = 0, reps = matrix_profile_repetitions(m, o->profile);
	char a[32], b[32], c[32];

	if (p->pairs == cells->n * reps)
		printf("cells (%d x %d repetitions, timing mode in the id):\n", cells->n, reps);
	else
		printf("cells (%d, %d runs: the profile's %d repetitions, a group's own after "
		       "its cells' ids; timing mode in the id):\n", cells->n, p->pairs, reps);
	if (o->shard.count)
		printf("shard %s: %d of the %d (cell, repetition) pairs, in %s\n",
		       o->shard_label, p->nslots, p->pairs, store);
	for (int i = 0; i < cells->n; i++)
		if (cells->v[i].reps != reps)
			printf("  %s x %d\n", cells->v[i].id, cells->v[i].reps);
		else
			printf("  %s\n", cells->v[i].id);
	printf("kernels:\n");
	for (int j = 0; j < k->n; j++) {
		int built = matrix_kernel_is_built(&k->ks[j]);

		printf("  %-20s %-8s %.16s %s\n", k->ks[j].variant, k->ks[j].axis,
		       k->ks[j].key, built ? "built" : "missing");
		if (!built)
			build_s += missing++ ? EST_NEXT_KERNEL_S : EST_FIRST_KERNEL_S;
	}
	for (int s = 0; s < p->nslots; s++)
		if (!p->slots[s].done) {
			const struct matrix_cell *cell = &cells->v[p->slots[s].cell];

			/* host-timed runs have the machine to themselves */
			run_s += runs_alone(o, cell) ? cell->est_s : cell->est_s / o->jobs;
			todo++;
		}
	hms(build_s, a, sizeof(a));
	hms(run_s, b, sizeof(b));
	hms(build_s + run_s, c, sizeof(c));
	printf("estimate: %d kernel(s) to build ~%s, %d of %d runs to do ~%s "
	       "(-j %d): ~%s\n", missing, a, todo, p->nslots, b, o->jobs, c);
	dry_run_families(m, cells, o, store);
	return 0;
}

/* The record fields that tie a run to its matrix, block, cell and shard. */
static json_t *matrix_extra(const struct matrix *m, const struct matrix_options *o,
			    const struct matrix_plan *p, const struct matrix_cell *c,
			    int repetition)
{
	json_t *extra = json_pack("{s:s, s:{s:s, s:s, s:I, s:i, s:i, s:s, s:i}}",
				  "timing_mode", c->timing_mode,
				  "matrix", "name", m->path, "profile", o->profile,
				  "seed", (json_int_t)p->seed, "block", repetition,
				  "repetition", repetition, "cell_id", c->id,
				  "jobs", o->jobs);

	if (o->shard.count)
		json_object_set_new(json_object_get(extra, "matrix"), "shard",
				    json_pack("{s:i, s:i}", "index", o->shard.index,
					      "count", o->shard.count));
	return extra;
}

/* A cell whose kernel did not build is recorded failed, not skipped. */
static void record_build_failure(const struct matrix *m, const struct matrix_options *o,
				 const struct matrix_plan *p, const struct matrix_cell *c,
				 const struct kernel_spec *ks, int repetition,
				 const char *store)
{
	char log[4200];
	json_t *rec;

	kernel_artifact(ks, "build.log", log, sizeof(log));
	rec = json_pack("{s:s, s:s, s:s, s:s, s:O, s:s, s:s}", "status", "failed",
			"reason", "kernel-build", "variant", c->variant, "kconfig", c->axis,
			"params", c->params, "workload", c->workload, "build_log", log);
	json_object_set_new(rec, "detail", json_sprintf("the %s/%s kernel did not build; "
							"see %s", c->variant, c->axis, log));
	json_object_update_new(rec, matrix_extra(m, o, p, c, repetition));
	results_append(store, rec);
	json_decref(rec);
}

static int accel_of(const char *mode, enum accel_mode *a)
{
	int is_auto;

	return accel_parse(mode, a, &is_auto);
}

/* Runs one slot in a child process; returns its pid. */
static pid_t start_slot(const struct matrix *m, const struct matrix_options *o,
			const struct matrix_plan *p, const struct matrix_cell *c,
			int repetition, const char *store)
{
	pid_t parent = getpid(), pid = fork();

	if (pid != 0)
		return pid;
	/* a killed matrix takes its runs (and their guests) with it */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	signal(SIGINT, SIG_IGN);
	{
		struct cell cell = {
			.variant = c->variant, .axis = c->axis, .workload = c->workload,
			.params = c->params, .store = store,
			.extra = matrix_extra(m, o, p, c, repetition),
		};
		json_t *rec;

		accel_of(c->timing_mode, &cell.accel);
		rec = run_cell(m, &cell);
		if (!rec) {
			/* nothing booted: the store must still learn of the attempt */
			rec = json_pack("{s:s, s:s, s:s, s:s, s:s, s:O, s:s}", "status", "failed",
					"reason", "harness-error", "variant", c->variant,
					"kconfig", c->axis, "workload", c->workload,
					"params", c->params, "detail",
					"mmx could not prepare or start the run; its error is "
					"in the matrix's output");
			json_object_update(rec, cell.extra);
			results_append(store, rec);
		}
		_exit(rec && !strcmp(json_string_value(json_object_get(rec, "status")) ?: "",
				     "ok") ? 0 : 1);
	}
}

struct progress {
	double t0, run_s;
	int ran, total, done, failed;
};

static void show_progress(const struct progress *g, const char *profile, int jobs)
{
	char el[32], eta[32];
	double per = g->ran ? g->run_s / g->ran : 0;

	hms(monotonic_s() - g->t0, el, sizeof(el));
	if (per > 0)
		hms(per * (g->total - g->done - g->failed) / jobs, eta, sizeof(eta));
	else
		snprintf(eta, sizeof(eta), "?");
	say("matrix %s: %d/%d done, %d failed, %s elapsed, ETA %s", profile, g->done,
	    g->total, g->failed, el, eta);
}

static void count_state(const struct matrix_plan *p, int limit, struct progress *g)
{
	g->done = g->failed = 0;
	for (int s = 0; s < p->nslots; s++) {
		if (p->slots[s].done)
			g->done++;
		else if (p->slots[s].attempts >= limit)
			g->failed++;
	}
}

/* The guests in flight: their pids and start times, for the progress line. */
struct in_flight {
	pid_t pid[MAX_JOBS];
	double started[MAX_JOBS];
	int n;
};

/* Waits for one guest of f (any, or pid when > 0) and accounts for it. */
static int reap(struct in_flight *f, struct progress *g, pid_t pid)
{
	int st;
	pid_t w = pid > 0 ? waitpid(pid, &st, 0) : wait(&st);

	if (w < 0)
		return errno == EINTR ? 0 : -1;
	for (int j = 0; j < MAX_JOBS; j++)
		if (f->pid[j] == w) {
			g->run_s += monotonic_s() - f->started[j];
			g->ran++;
			f->pid[j] = 0;
			f->n--;
		}
	return 0;
}

/*
 * Under icount a guest's numbers are instruction counts, the same with
 * another guest beside it; under tcg and kvm they are host time, which a
 * second guest on the same cores would change.  So with -j > 1, a run of
 * those modes waits until it has the machine to itself and keeps it.
 */
static int runs_alone(const struct matrix_options *o, const struct matrix_cell *c)
{
	return o->jobs > 1 && strcmp(c->timing_mode, "icount");
}

/* The progress line after a run ended: the store says what is done. */
static void progress_now(struct matrix_plan *p, const struct cell_list *cells,
			 const struct matrix_options *o, const char *store, int limit,
			 struct progress *g)
{
	plan_read_store(p, cells, o->profile, store);
	count_state(p, limit, g);
	show_progress(g, o->profile, o->jobs);
}

/*
 * Passes over the blocks until every slot is done or out of attempts; the
 * store is re-read after each pass, so it alone decides what is left.
 */
static int run_slots(const struct matrix *m, const struct matrix_options *o,
		     struct matrix_plan *p, const struct cell_list *cells,
		     struct kernel_set *k, const char *store)
{
	int limit = o->retries + 1;
	struct progress g = { .t0 = monotonic_s(), .total = p->nslots };
	struct in_flight f = { 0 };
	int launched, no_space = 0;

	do {
		plan_read_store(p, cells, o->profile, store);
		count_state(p, limit, &g);
		show_progress(&g, o->profile, o->jobs);
		launched = 0;
		for (int s = 0; s < p->nslots && !stop_requested; s++) {
			struct plan_slot *slot = &p->slots[s];
			const struct matrix_cell *c = &cells->v[slot->cell];
			int j, alone = runs_alone(o, c);

			if (slot->done || slot->attempts >= limit)
				continue;
			if (k->failed[k->of_cell[slot->cell]]) {
				record_build_failure(m, o, p, c, &k->ks[k->of_cell[slot->cell]],
						     slot->repetition, store);
				launched++;
				continue;
			}
			/* a full disk fails every run alike: stop, keep what is done */
			if (!run_space_ok(store)) {
				no_space = stop_requested = 1;
				break;
			}
			while (f.n == o->jobs || (alone && f.n > 0)) {
				if (reap(&f, &g, 0) < 0)
					f.n = 0;
				progress_now(p, cells, o, store, limit, &g);
			}
			for (j = 0; f.pid[j]; j++)
				;
			f.pid[j] = start_slot(m, o, p, c, slot->repetition, store);
			f.started[j] = monotonic_s();
			if (f.pid[j] > 0)
				f.n++;
			else
				f.pid[j] = 0;
			launched++;
			if (o->jobs == 1 || alone) {
				/* one guest at a time: show progress after each */
				while (f.pid[j] > 0 && reap(&f, &g, f.pid[j]) == 0 && f.pid[j] > 0)
					;
				f.pid[j] = 0;
				f.n = 0;
				progress_now(p, cells, o, store, limit, &g);
			}
		}
		while (f.n > 0)
			if (reap(&f, &g, 0) < 0)
				break;
	} while (launched && !stop_requested);
	plan_read_store(p, cells, o->profile, store);
	count_state(p, limit, &g);
	show_progress(&g, o->profile, o->jobs);
	if (no_space) {
		fail_msg("matrix %s stopped: no room for more runs in %s", o->profile,
			 store);
		return 1;
	}
	if (stop_requested) {
		say("matrix %s interrupted; run the same command again to continue",
		    o->profile);
		return 130;
	}
	return g.failed ? 1 : 0;
}

/* One matrix per results directory at a time. */
static int lock_results(const char *dir)
{
	char path[4200];
	int fd;

	make_dirs(dir);
	pathf(path, sizeof(path), "%s/matrix.lock", dir);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) < 0) {
		fail_msg("another mmx matrix is running on %s (it holds %s); wait for it "
			 "to finish or use another --results directory", dir, path);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/*
 * Runs of a kernel a variant no longer has are no measurement of it: the
 * plan does not count them and the store keeps them aside (now: per cell,
 * filled here, freed by the caller).
 */
static int set_aside_superseded(const struct cell_list *cells, const struct kernel_set *k,
				const char **now, const char *store, const char *profile,
				int dry)
{
	for (int i = 0; i < cells->n; i++)
		now[i] = k->ks[k->of_cell[i]].key;
	return store_set_aside_superseded(store, profile, cells, now, dry) < 0 ? -1 : 0;
}

/*
 * A profile of kvm cells runs only where KVM does and the host has a CPU per
 * vCPU: refused before any kernel is built or guest booted, naming why.
 */
static int kvm_cells_runnable(const struct matrix *m, const char *profile,
			      const struct cell_list *cells)
{
	char why[512];
	int vcpus = 0;

	for (int i = 0; i < cells->n; i++) {
		const struct matrix_cell *c = &cells->v[i];
		json_t *n = json_object_get(c->params, "cpus");
		int want = json_is_integer(n) ? (int)json_integer_value(n) :
			   (int)matrix_guest_int(m, "cpus", 1);

		if (!strcmp(c->timing_mode, "kvm") && want > vcpus)
			vcpus = want;
	}
	if (!vcpus || !accel_kvm_host_ready(vcpus, why, sizeof(why)))
		return 0;
	fail_msg("profile %s has cells in timing mode kvm, and %s; run it on a many-core "
		 "host with KVM (its plan: mmx matrix --profile %s --dry-run)", profile, why,
		 profile);
	return -1;
}

int cmd_matrix(const struct matrix *m, int argc, char **argv)
{
	struct matrix_options o;
	struct cell_list cells;
	struct kernel_set k;
	struct matrix_plan p;
	struct source_tree st;
	char dir[4200], store[4300], sub[32];
	const char **now = NULL;
	uint64_t seed;
	int rc, lock = -1;

	if (parse_options(argc, argv, &o) < 0)
		return usage();
	if (matrix_expand_profile(m, o.profile, &cells) < 0)
		return 2;
	if (!o.dry_run && kvm_cells_runnable(m, o.profile, &cells) < 0) {
		cell_list_free(&cells);
		return 2;
	}
	if (o.results)
		pathf(dir, sizeof(dir), "%s", o.results);
	else
		pathf(dir, sizeof(dir), "%s/results/matrix/%s", m->repo_root, o.profile);
	if (o.shard.count) {
		/* each shard its own store: shards on other machines never share a lock */
		shard_dir_name(&o.shard, sub, sizeof(sub));
		pathf(dir + strlen(dir), sizeof(dir) - strlen(dir), "/%s", sub);
	}
	pathf(store, sizeof(store), "%s/runs.jsonl", dir);
	if (!o.dry_run && (lock = lock_results(dir)) < 0) {
		cell_list_free(&cells);
		return 1;
	}
	rc = 1;
	if (o.dry_run)
		seed = o.seed >= 0 ? (uint64_t)o.seed : 0;
	if ((!o.dry_run && plan_seed(dir, o.profile, o.seed,
				     o.shard.count ? o.shard_label : NULL, &seed) < 0) ||
	    source_tree_ensure(m, &st) < 0 || matrix_kernels_of(m, &st, &cells, &k) < 0)
		goto out;
	if (plan_make(&p, &cells, matrix_profile_repetitions(m, o.profile), seed) < 0)
		goto out_kernels;
	plan_keep_shard(&p, &o.shard);
	now = calloc((size_t)cells.n + 1, sizeof(*now));
	if (!now || set_aside_superseded(&cells, &k, now, store, o.profile, o.dry_run) < 0)
		goto out_plan;
	p.cell_kernel = now;
	plan_read_store(&p, &cells, o.profile, store);
	if (o.dry_run) {
		rc = dry_run(m, &cells, &k, &p, &o, store);
		goto out_plan;
	}
	say("matrix %s: %d cells, %d runs (up to %d repetitions a cell), seed %llu, "
	    "results in %s", o.profile, cells.n, p.pairs, p.reps, (unsigned long long)seed,
	    store);
	if (o.shard.count)
		say("matrix %s: shard %s runs %d of the %d (cell, repetition) pairs",
		    o.profile, o.shard_label, p.nslots, p.pairs);
	if (o.jobs > 1) {
		char slots[16];

		/* the guest slots are what actually bounds concurrency */
		snprintf(slots, sizeof(slots), "%d", o.jobs);
		setenv("MMX_GUEST_SLOTS", slots, 0);
	}
	signal(SIGINT, on_stop_signal);
	signal(SIGTERM, on_stop_signal);
	matrix_build_kernels(m, &st, &k, &stop_requested);
	rc = run_slots(m, &o, &p, &cells, &k, store);
out_plan:
	plan_free(&p);
	free(now);
out_kernels:
	matrix_kernels_free(&k);
out:
	cell_list_free(&cells);
	if (lock >= 0)
		close(lock);
	return rc;
}
