// SPDX-License-Identifier: GPL-2.0
/*
 * memcg-selftests: the tree's own tools/testing/selftests/cgroup
 * test_memcontrol and test_kmem, built by the host from the same tree as
 * the kernel and shipped in the initramfs under /selftests.  Every TAP
 * result line becomes a check.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gate_checks.h"
#include "guest_files.h"
#include "guest_net.h"
#include "guest_swap.h"
#include "workloads.h"

static const char *const selftests[] = { "test_memcontrol", "test_kmem" };

#define MAX_TAP 256
#define SELFTEST_SWAP_MB 128

/*
 * One run of a selftest binary: each TAP test number's name, verdict and
 * what the test printed before its result line (a failing test prints its
 * numbers there, e.g. memory.current against the stat sum).
 */
struct tap_run {
	char status[MAX_TAP];	/* 'p'ass, 'f'ail, 's'kip, 0 unseen */
	char name[MAX_TAP][160];
	char said[MAX_TAP][320];
	char pending[320];	/* output since the last result line */
	int exit_code;
};

/* Keeps a non-TAP line for the next result line, "; "-joined, truncated. */
static void tap_keep_output(struct tap_run *run, const char *line)
{
	size_t len = strlen(run->pending), n = strcspn(line, "\n");

	if (n == 0 || line[0] == '#' || strncmp(line, "TAP version", 11) == 0 ||
	    strncmp(line, "1..", 3) == 0)
		return;
	snprintf(run->pending + len, sizeof(run->pending) - len, "%s%.*s",
		 len ? "; " : "", (int)n, line);
}

/*
 * "ok 3 test_memcg_min", "not ok 4 x", "ok 5 # SKIP x".  Tests that fork
 * can repeat their parent's buffered lines: the first of each number counts.
 */
static void tap_line(struct tap_run *run, const char *line)
{
	int n, skip = strstr(line, "# SKIP") != NULL;
	const char *rest;

	if (strncmp(line, "ok ", 3) == 0) {
		rest = line + 3;
	} else if (strncmp(line, "not ok ", 7) == 0) {
		rest = line + 7;
	} else {
		tap_keep_output(run, line);
		return;
	}
	if (sscanf(rest, "%d", &n) != 1 || n < 0 || n >= MAX_TAP || run->status[n])
		return;
	run->status[n] = skip ? 's' : line[0] == 'o' ? 'p' : 'f';
	memcpy(run->said[n], run->pending, sizeof(run->said[n]));
	run->pending[0] = '\0';
	rest = strchr(rest, ' ');
	snprintf(run->name[n], sizeof(run->name[n]), "%s", rest ? rest + 1 : "?");
	run->name[n][strcspn(run->name[n], "\n")] = '\0';
}

/*
 * The tests need a root on a real disk filesystem: they make page cache by
 * reading holes in their working directory, and test_kmem_basic counts the
 * negative dentries of stat("/something-non-existent..."), which tmpfs
 * never keeps.  So they run chrooted into the ext2 scratch disk the host
 * attaches, with the kernel filesystems, the binaries (bind mount) and an
 * /etc/hosts for test_memcg_sock's getaddrinfo("localhost") inside it.
 */
static int prepare_scratch_root(char *err, size_t errlen)
{
	static const struct { const char *src, *dir, *type; unsigned long flags; } m[] = {
		{ "proc", "/scratch/proc", "proc", 0 },
		{ "sysfs", "/scratch/sys", "sysfs", 0 },
		{ "cgroup2", "/scratch/sys/fs/cgroup", "cgroup2", 0 },
		{ "devtmpfs", "/scratch/dev", "devtmpfs", 0 },
		{ "/selftests", "/scratch/selftests", NULL, MS_BIND },
	};

	mkdir("/scratch", 0755);
	if (mount("/dev/vda", "/scratch", "ext2", 0, NULL) < 0) {
		snprintf(err, errlen, "mount the ext2 scratch disk /dev/vda on /scratch: %s",
			 strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		mkdir(m[i].dir, 0755);
		if (mount(m[i].src, m[i].dir, m[i].type, m[i].flags, NULL) < 0) {
			snprintf(err, errlen, "mount %s on %s: %s", m[i].src, m[i].dir,
				 strerror(errno));
			return -1;
		}
	}
	/* with swap, test_memcg_swap_max_peak runs instead of skipping */
	if (guest_swap_enable("/scratch/swapfile", SELFTEST_SWAP_MB, err, errlen) < 0)
		return -1;
	mkdir("/scratch/etc", 0755);
	mkdir("/scratch/tmp", 01777);
	if (create_file("/scratch/etc/hosts", "127.0.0.1 localhost\n::1 localhost\n") < 0 ||
	    create_file("/scratch/etc/nsswitch.conf", "hosts: files\n") < 0) {
		snprintf(err, errlen, "cannot write /scratch/etc: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Runs path chrooted into /scratch, stdout and stderr into a pipe; returns
 * the pipe's read end.
 */
static FILE *spawn_reader(const char *path, pid_t *child)
{
	int fds[2];
	pid_t pid;

	if (pipe(fds) < 0)
		return NULL;
	pid = fork();
	if (pid < 0)
		return NULL;
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		close(fds[1]);
		if (chroot("/scratch") < 0 || chdir("/") < 0) {
			perror("chroot /scratch");
			_exit(127);
		}
		execl(path, path, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	*child = pid;
	return fdopen(fds[0], "r");
}

/* Runs /selftests/PROG once; -1 when it cannot be started. */
static int run_selftest(const char *prog, struct tap_run *run)
{
	char cmd[256], line[1024];
	FILE *p;
	pid_t pid;
	int st;

	memset(run, 0, sizeof(*run));
	snprintf(cmd, sizeof(cmd), "/selftests/%s", prog);
	if (access(cmd, X_OK) < 0)
		return -1;
	/* no shell in the initramfs: fork and exec with a pipe */
	p = spawn_reader(cmd, &pid);
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p)) {
		fputs(line, stderr);	/* keep the full TAP in the console log */
		tap_line(run, line);
	}
	fclose(p);
	/* the agent is init: orphans of the tests are reaped here too */
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	run->exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return 0;
}

/*
 * A binary with a failing test runs up to SELFTEST_RUNS times and each
 * test's verdict is its majority: these tests sample memory.stat and
 * cgroup.stat against timeouts, and under TCG they sometimes lose a race
 * on the unmodified kernel too.  A test that failed once and passed twice
 * passes as "flaky", named with its count in the verdict and the record;
 * one that fails twice fails.
 */
#define SELFTEST_RUNS 3

/* What the test printed in its last failing run ("" if nothing). */
static const char *last_said(const struct tap_run *runs, int nruns, int n)
{
	for (int r = nruns - 1; r >= 0; r--)
		if (runs[r].status[n] == 'f')
			return runs[r].said[n];
	return "";
}

static void judge_binary(const char *prog, json_t *checks, json_t *flaky,
			 json_t *metrics)
{
	static struct tap_run runs[SELFTEST_RUNS];
	int nruns = 0, any_fail = 1;
	char key[96];

	while (nruns < SELFTEST_RUNS && any_fail) {
		if (run_selftest(prog, &runs[nruns]) < 0) {
			check_add(checks, prog, "fail", "/selftests/%s missing or cannot start",
				  prog);
			return;
		}
		nruns++;
		any_fail = 0;
		for (int n = 0; n < MAX_TAP; n++) {
			int fails = 0;

			for (int r = 0; r < nruns; r++)
				fails += runs[r].status[n] == 'f';
			/* a third run only decides a 1:1 tie */
			any_fail |= fails > 0 && !(nruns == 2 && fails == 2) &&
				    !(nruns == 3);
		}
	}
	for (int n = 0; n < MAX_TAP; n++) {
		int fails = 0, seen = 0, skips = 0;
		char name[256];

		for (int r = 0; r < nruns; r++) {
			fails += runs[r].status[n] == 'f';
			skips += runs[r].status[n] == 's';
			seen += runs[r].status[n] != 0;
		}
		if (!seen)
			continue;
		snprintf(name, sizeof(name), "%s: %s", prog, runs[0].name[n][0] ?
			 runs[0].name[n] : runs[nruns - 1].name[n]);
		if (skips == seen)
			check_add(checks, name, "skip", "skipped by the test");
		else if (fails == 0)
			check_add(checks, name, "pass", "passed");
		else if (2 * fails < seen) {
			check_add(checks, name, "pass", "flaky: failed in %d of %d runs, "
				  "passed in the others", fails, seen);
			json_array_append_new(flaky, json_string(name));
		} else {
			check_add(checks, name, "fail", "failed in %d of %d runs%s%s", fails,
				  seen, last_said(runs, nruns, n)[0] ? "; the test said: " : "",
				  last_said(runs, nruns, n));
		}
	}
	snprintf(key, sizeof(key), "%s_runs", prog);
	json_object_set_new(metrics, key, json_integer(nruns));
	snprintf(key, sizeof(key), "%s_exit", prog);
	json_object_set_new(metrics, key, json_integer(runs[nruns - 1].exit_code));
}

int workload_memcg_selftests(json_t *params, json_t *metrics, char *err,
			     size_t errlen)
{
	json_t *checks = json_array(), *flaky = json_array();

	(void)params;
	json_object_set_new(metrics, "checks", checks);
	json_object_set_new(metrics, "flaky", flaky);
	/* test_memcg_sock needs loopback up */
	if (prepare_scratch_root(err, errlen) < 0 ||
	    loopback_setup(65536, err, errlen) < 0)
		return -1;
	for (size_t i = 0; i < sizeof(selftests) / sizeof(selftests[0]); i++)
		judge_binary(selftests[i], checks, flaky, metrics);
	return 0;
}
