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
 * "ok 3 test_memcg_min", "not ok 4 x", "ok 5 # SKIP x" -> a check.  Tests
 * that fork can repeat their parent's buffered lines: the first of each
 * number counts.
 */
static void tap_line(json_t *checks, const char *prog, const char *line,
		     unsigned char *seen)
{
	char name[256];
	int n, skip = strstr(line, "# SKIP") != NULL;
	const char *rest;

	if (strncmp(line, "ok ", 3) == 0)
		rest = line + 3;
	else if (strncmp(line, "not ok ", 7) == 0)
		rest = line + 7;
	else
		return;
	if (sscanf(rest, "%d", &n) != 1 || n < 0 || n >= MAX_TAP || seen[n])
		return;
	seen[n] = 1;
	rest = strchr(rest, ' ');
	snprintf(name, sizeof(name), "%s: %s", prog, rest ? rest + 1 : "?");
	name[strcspn(name, "\n")] = '\0';
	check_add(checks, name, skip ? "skip" : line[0] == 'o' ? "pass" : "fail",
		  "%s", line);
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

int workload_memcg_selftests(json_t *params, json_t *metrics, char *err,
			     size_t errlen)
{
	json_t *checks = json_array();

	(void)params;
	json_object_set_new(metrics, "checks", checks);
	/* test_memcg_sock needs loopback up */
	if (prepare_scratch_root(err, errlen) < 0 ||
	    loopback_setup(65536, err, errlen) < 0)
		return -1;
	for (size_t i = 0; i < sizeof(selftests) / sizeof(selftests[0]); i++) {
		unsigned char seen[MAX_TAP] = { 0 };
		char cmd[256], line[1024];
		FILE *p;
		pid_t pid;
		int st;

		snprintf(cmd, sizeof(cmd), "/selftests/%s", selftests[i]);
		if (access(cmd, X_OK) < 0) {
			check_add(checks, selftests[i], "fail", "%s missing from the image",
				  cmd);
			continue;
		}
		/* no shell in the initramfs: fork and exec with a pipe */
		p = spawn_reader(cmd, &pid);
		if (!p) {
			check_add(checks, selftests[i], "fail", "cannot start %s", cmd);
			continue;
		}
		while (fgets(line, sizeof(line), p)) {
			fputs(line, stderr);	/* keep the full TAP in the console log */
			tap_line(checks, selftests[i], line, seen);
		}
		fclose(p);
		/* the agent is init: orphans of the tests are reaped here too */
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		json_object_set_new(metrics, selftests[i],
				    json_integer(WIFEXITED(st) ? WEXITSTATUS(st) : -1));
	}
	return 0;
}
