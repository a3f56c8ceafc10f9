// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest_files.h"
#include "guest_time.h"
#include "iperf3_run.h"
#include "tenant_cgroups.h"

#define BASE_PORT 5201
#define TCP_LISTEN 0x0A
#define SERVER_START_TIMEOUT_S 30.0

/* the guest has no ld.so.cache: name the library directory outright */
static char *const iperf3_env[] = {
	"LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu",
	"TMPDIR=/tmp", "HOME=/tmp", "PATH=/usr/bin:/bin", NULL,
};

void iperf3_report_path(int t, char *buf, size_t cap)
{
	snprintf(buf, cap, "/tmp/iperf3-client-t%02d.json", t);
}

static void log_path(const char *role, int t, char *buf, size_t cap)
{
	snprintf(buf, cap, "/tmp/iperf3-%s-t%02d.log", role, t);
}

/* Child: stdout to out_path, stderr to err_path, then iperf3 argv. */
static void exec_iperf3(char *const argv[], const char *out_path,
			const char *err_path)
{
	int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int errfd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (out < 0 || errfd < 0 || dup2(out, STDOUT_FILENO) < 0 ||
	    dup2(errfd, STDERR_FILENO) < 0)
		_exit(126);
	execve(IPERF3_PATH, argv, iperf3_env);
	dprintf(errfd, "exec %s: %s\n", IPERF3_PATH, strerror(errno));
	_exit(127);
}

/* Whether /proc/net/tcp shows a socket listening on 127.0.0.1:port. */
static int listening_on(int port)
{
	FILE *f = fopen("/proc/net/tcp", "re");
	char line[256];
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		unsigned int addr, lport, state;

		if (sscanf(line, " %*d: %8X:%4X %*8X:%*4X %2X", &addr, &lport,
			   &state) == 3)
			found = addr == 0x0100007F && (int)lport == port &&
				state == TCP_LISTEN;
	}
	fclose(f);
	return found;
}

/* The first line iperf3 wrote to a log, for an error message. */
static void first_log_line(const char *role, int t, char *buf, size_t cap)
{
	char path[64];

	log_path(role, t, path, sizeof(path));
	if (read_file(path, buf, cap) <= 0)
		snprintf(buf, cap, "no output");
	buf[strcspn(buf, "\n")] = '\0';
}

int iperf3_servers_start(struct iperf3_set *s, int tenants,
			 const cpu_set_t *cpus, char *err, size_t errlen)
{
	memset(s, 0, sizeof(*s));
	s->tenants = tenants;
	if (access(IPERF3_PATH, X_OK) != 0) {
		snprintf(err, errlen, "%s is not in the guest image: install iperf3 "
			 "on the host ('make deps') and run again", IPERF3_PATH);
		return -1;
	}
	if (tenants < 1 || tenants > IPERF3_MAX_TENANTS) {
		snprintf(err, errlen, "tenants must be 1..%d", IPERF3_MAX_TENANTS);
		return -1;
	}
	for (int t = 0; t < tenants; t++) {
		s->servers[t] = fork();
		if (s->servers[t] == 0) {
			char port[16], logp[64];
			char *argv[] = { "iperf3", "-s", "-1", "-p", port, "-B",
					 "127.0.0.1", NULL };

			snprintf(port, sizeof(port), "%d", BASE_PORT + t);
			log_path("server", t, logp, sizeof(logp));
			if (tenant_enter(t) < 0)
				_exit(125);
			sched_setaffinity(0, sizeof(*cpus), cpus);
			exec_iperf3(argv, logp, logp);
		}
	}
	for (int t = 0; t < tenants; t++) {
		double deadline = now_s() + SERVER_START_TIMEOUT_S;

		while (!listening_on(BASE_PORT + t)) {
			char why[200];

			if (waitpid(s->servers[t], NULL, WNOHANG) == s->servers[t] ||
			    now_s() > deadline) {
				s->servers[t] = 0;
				first_log_line("server", t, why, sizeof(why));
				snprintf(err, errlen, "iperf3 server %d did not listen on "
					 "127.0.0.1:%d: %s", t, BASE_PORT + t, why);
				return -1;
			}
			sleep_s(0.05);
		}
	}
	return 0;
}

int iperf3_clients_start(struct iperf3_set *s, int duration_s, int omit_s,
			 int msg_size, int cpu, char *err, size_t errlen)
{
	for (int t = 0; t < s->tenants; t++) {
		s->clients[t] = fork();
		if (s->clients[t] < 0) {
			snprintf(err, errlen, "fork: %s", strerror(errno));
			return -1;
		}
		if (s->clients[t] == 0) {
			char port[16], dur[16], omit[16], len[16], out[64], logp[64];
			char *argv[] = { "iperf3", "-c", "127.0.0.1", "-p", port,
					 "-t", dur, "-O", omit, "-l", len, "-J", NULL };
			cpu_set_t set;

			snprintf(port, sizeof(port), "%d", BASE_PORT + t);
			snprintf(dur, sizeof(dur), "%d", duration_s);
			snprintf(omit, sizeof(omit), "%d", omit_s);
			snprintf(len, sizeof(len), "%d", msg_size);
			iperf3_report_path(t, out, sizeof(out));
			log_path("client", t, logp, sizeof(logp));
			CPU_ZERO(&set);
			CPU_SET(cpu, &set);
			sched_setaffinity(0, sizeof(set), &set);
			exec_iperf3(argv, out, logp);
		}
	}
	return 0;
}

/*
 * Reaps the listed children (each by its pid: clients and servers end at
 * about the same time) until the deadline, then kills what is left.
 * Returns how many failed or were killed, the first in *first_failed.
 */
static int reap(pid_t *pids, int n, double deadline, int *first_failed)
{
	int left = 0, failed = 0;

	for (int i = 0; i < n; i++)
		left += pids[i] > 0;
	while (left > 0 && now_s() < deadline) {
		for (int i = 0; i < n; i++) {
			int st;

			if (pids[i] <= 0 || waitpid(pids[i], &st, WNOHANG) != pids[i])
				continue;
			pids[i] = 0;
			left--;
			if ((!WIFEXITED(st) || WEXITSTATUS(st) != 0) && failed++ == 0)
				*first_failed = i;
		}
		if (left > 0)
			sleep_s(0.05);
	}
	for (int i = 0; i < n; i++) {
		if (pids[i] <= 0)
			continue;
		kill(pids[i], SIGKILL);
		waitpid(pids[i], NULL, 0);
		if (failed++ == 0)
			*first_failed = i;
		pids[i] = 0;
	}
	return failed;
}

int iperf3_wait(struct iperf3_set *s, double timeout_s, char *err,
		size_t errlen)
{
	int bad = -1, failed;

	failed = reap(s->clients, s->tenants, now_s() + timeout_s, &bad);
	/* one-shot servers end with their test; a stuck one is killed */
	{
		int ignored = -1;

		reap(s->servers, s->tenants, now_s() + 10.0, &ignored);
	}
	if (failed) {
		char why[200];

		first_log_line("client", bad, why, sizeof(why));
		snprintf(err, errlen, "%d iperf3 client(s) failed or did not finish; "
			 "client %d: %s", failed, bad, why);
		return -1;
	}
	return 0;
}
