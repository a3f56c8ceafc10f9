// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest_time.h"
#include "perf_record.h"

#define CTL_FIFO "/tmp/perf-ctl"
#define ACK_FIFO "/tmp/perf-ack"
#define RECORD_LOG "/tmp/perf-record.log"
/* perf's start-up under TCG, with the load already running, takes seconds */
#define ACK_TIMEOUT_S 120.0
#define EXIT_TIMEOUT_S 120.0

char *const perf_env[] = {
	"LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu",
	"HOME=/tmp", "TMPDIR=/tmp", "PATH=/usr/bin:/bin", "PAGER=cat", NULL,
};

/* The end of perf's own messages, for an error that says what perf said. */
static void record_log_tail(char *buf, size_t cap)
{
	int fd = open(RECORD_LOG, O_RDONLY | O_CLOEXEC);
	off_t size;
	ssize_t n = 0;

	buf[0] = '\0';
	if (fd < 0)
		return;
	size = lseek(fd, 0, SEEK_END);
	if (size > 0) {
		off_t from = size > (off_t)cap - 1 ? size - (off_t)cap + 1 : 0;

		n = pread(fd, buf, cap - 1, from);
	}
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	for (char *p = buf; *p; p++)
		if (*p == '\n')
			*p = ' ';
}

static void perf_failed(const char *what, char *err, size_t errlen)
{
	char tail[160];

	record_log_tail(tail, sizeof(tail));
	snprintf(err, errlen, "perf record: %s%s%s", what, tail[0] ? ": " : "", tail);
}

/* Child: every CPU but the recorded one (-1: all), output to RECORD_LOG, exec perf. */
static void exec_perf_record(int cpu, int hz)
{
	char period[32], cpus[16];
	char *const argv[] = {
		"perf", "record", "-e", "cpu-clock:k", "-c", period, "-a",
		"-C", cpus, "-g", "--kernel-callchains", "-D", "-1",
		"--control", "fifo:" CTL_FIFO "," ACK_FIFO, "--buildid-all", "-N", "-q",
		"-o", PERF_RECORD_DATA, NULL,
	};
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	int log = open(RECORD_LOG, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	cpu_set_t set;

	snprintf(period, sizeof(period), "%d", 1000000000 / hz);	/* ns */
	if (cpu >= 0)
		snprintf(cpus, sizeof(cpus), "%d", cpu);
	else
		snprintf(cpus, sizeof(cpus), "0-%d", ncpus - 1);
	CPU_ZERO(&set);
	for (int c = 0; c < ncpus && c < CPU_SETSIZE; c++)
		if (c != cpu || ncpus == 1)
			CPU_SET(c, &set);
	sched_setaffinity(0, sizeof(set), &set);
	if (log < 0 || dup2(log, STDOUT_FILENO) < 0 || dup2(log, STDERR_FILENO) < 0)
		_exit(126);
	execve(PERF_RECORD_BIN, argv, perf_env);
	dprintf(log, "exec %s: %s\n", PERF_RECORD_BIN, strerror(errno));
	_exit(127);
}

/* perf's parent (see perf_record.h): sends perf's pid, exits as perf did. */
static void keep_perf(int cpu, int hz, int pid_pipe)
{
	pid_t perf = fork();
	int status = 0;

	if (perf == 0)
		exec_perf_record(cpu, hz);
	if (write(pid_pipe, &perf, sizeof(perf)) != sizeof(perf) || perf < 0)
		_exit(125);
	while (waitpid(perf, &status, 0) < 0 && errno == EINTR)
		;
	_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}

int perf_record_start(struct perf_record *pr, int cpu, int hz, char *err,
		      size_t errlen)
{
	int pid_pipe[2];

	memset(pr, 0, sizeof(*pr));
	pr->ctl_fd = pr->ack_fd = -1;
	pr->cpu = cpu;
	pr->hz = hz;
	if (hz < 1 || access(PERF_RECORD_BIN, X_OK) < 0) {
		snprintf(err, errlen, "%s is not in the guest image (the host needs "
			 "Debian's linux-perf: make deps)", PERF_RECORD_BIN);
		return -1;
	}
	unlink(CTL_FIFO);
	unlink(ACK_FIFO);
	unlink(PERF_RECORD_DATA);
	if (mkfifo(CTL_FIFO, 0600) < 0 || mkfifo(ACK_FIFO, 0600) < 0) {
		snprintf(err, errlen, "perf control FIFOs: %s", strerror(errno));
		return -1;
	}
	/* read-write: neither open waits for perf, and the FIFOs stay up */
	pr->ctl_fd = open(CTL_FIFO, O_RDWR | O_CLOEXEC);
	pr->ack_fd = open(ACK_FIFO, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (pr->ctl_fd < 0 || pr->ack_fd < 0) {
		snprintf(err, errlen, "perf control FIFOs: %s", strerror(errno));
		perf_record_close(pr);
		return -1;
	}
	if (pipe2(pid_pipe, O_CLOEXEC) < 0) {
		snprintf(err, errlen, "perf record: pipe: %s", strerror(errno));
		perf_record_close(pr);
		return -1;
	}
	/* a fork without SIGCHLD: see perf_record.h */
	pr->keeper = (pid_t)syscall(SYS_clone, 0UL, NULL, NULL, NULL, 0UL);
	if (pr->keeper == 0) {
		close(pid_pipe[0]);
		keep_perf(cpu, hz, pid_pipe[1]);
	}
	close(pid_pipe[1]);
	/* never a pid <= 0: kill() would signal a group, or every process */
	if (pr->keeper < 0 || read(pid_pipe[0], &pr->pid, sizeof(pr->pid)) !=
			      sizeof(pr->pid) || pr->pid <= 0) {
		pr->pid = 0;
		snprintf(err, errlen, "perf record: clone or fork: %s", strerror(errno));
		close(pid_pipe[0]);
		if (pr->keeper < 0)
			pr->keeper = 0;
		perf_record_close(pr);
		return -1;
	}
	close(pid_pipe[0]);
	return 0;
}

/* Whether perf has exited (its keeper reaped); *status: the keeper's. */
static int perf_exited(struct perf_record *pr, int *status)
{
	if (pr->keeper > 0 &&
	    waitpid(pr->keeper, status, WNOHANG | __WCLONE) == pr->keeper) {
		pr->keeper = 0;
		pr->pid = 0;
		return 1;
	}
	return pr->keeper == 0;
}

/* Sends a control command and waits for perf's "ack". */
static int command(struct perf_record *pr, const char *cmd, char *err,
		   size_t errlen)
{
	double deadline = now_s() + ACK_TIMEOUT_S;
	char line[64], what[96];
	size_t got = 0;
	int status;

	snprintf(line, sizeof(line), "%s\n", cmd);
	if (pr->keeper == 0 || write(pr->ctl_fd, line, strlen(line)) != (ssize_t)strlen(line)) {
		snprintf(what, sizeof(what), "cannot send '%s'", cmd);
		perf_failed(what, err, errlen);
		return -1;
	}
	while (now_s() < deadline) {
		struct pollfd p = { .fd = pr->ack_fd, .events = POLLIN };
		ssize_t n;

		if (perf_exited(pr, &status)) {
			snprintf(what, sizeof(what), "exited (status %d) before '%s' was acknowledged",
				 WEXITSTATUS(status), cmd);
			perf_failed(what, err, errlen);
			return -1;
		}
		if (poll(&p, 1, 100) <= 0)
			continue;
		n = read(pr->ack_fd, line + got, sizeof(line) - 1 - got);
		if (n > 0)
			got += (size_t)n;
		line[got] = '\0';
		if (strchr(line, '\n'))
			return strncmp(line, "ack", 3) == 0 ? 0 : -1;
	}
	snprintf(what, sizeof(what), "'%s' not acknowledged in %.0f s", cmd, ACK_TIMEOUT_S);
	perf_failed(what, err, errlen);
	return -1;
}

int perf_record_enable(struct perf_record *pr, char *err, size_t errlen)
{
	return command(pr, "enable", err, errlen);
}

static int copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "re"), *out = fopen(to, "we");
	char buf[65536];
	size_t n;
	int rc = in && out ? 0 : -1;

	while (rc == 0 && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = -1;
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		rc = -1;
	return rc;
}

int perf_record_disable(struct perf_record *pr, char *err, size_t errlen)
{
	return command(pr, "disable", err, errlen);
}

int perf_record_stop(struct perf_record *pr, char *err, size_t errlen)
{
	double deadline = now_s() + EXIT_TIMEOUT_S;
	struct stat st;
	int status = 0;

	if (pr->keeper == 0) {
		perf_failed("not running", err, errlen);
		return -1;
	}
	/* SIGINT: perf writes what its buffers hold and completes the header */
	if (pr->pid > 0)
		kill(pr->pid, SIGINT);
	while (!perf_exited(pr, &status) && now_s() < deadline)
		sleep_s(0.05);
	if (pr->keeper > 0) {
		perf_failed("did not exit after SIGINT", err, errlen);
		return -1;
	}
	if (!WIFEXITED(status) || (WEXITSTATUS(status) != 0 &&
				   WEXITSTATUS(status) != 128 + SIGINT)) {
		perf_failed("failed", err, errlen);
		return -1;
	}
	if (stat(PERF_RECORD_DATA, &st) < 0 || st.st_size == 0) {
		perf_failed("wrote no " PERF_RECORD_DATA, err, errlen);
		return -1;
	}
	return 0;
}

int perf_record_save_kallsyms(char *err, size_t errlen)
{
	if (copy_file("/proc/kallsyms", PERF_RECORD_KALLSYMS) < 0) {
		snprintf(err, errlen, "copy /proc/kallsyms: %s", strerror(errno));
		return -1;
	}
	return 0;
}

void perf_record_close(struct perf_record *pr)
{
	if (pr->keeper > 0) {
		/* the keeper reaps perf, then exits */
		if (pr->pid > 0)
			kill(pr->pid, SIGKILL);
		waitpid(pr->keeper, NULL, __WCLONE);
	}
	pr->keeper = 0;
	pr->pid = 0;
	if (pr->ctl_fd > 0)
		close(pr->ctl_fd);
	if (pr->ack_fd > 0)
		close(pr->ack_fd);
	pr->ctl_fd = pr->ack_fd = -1;
}
