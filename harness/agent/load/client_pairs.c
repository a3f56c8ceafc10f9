// SPDX-License-Identifier: GPL-2.0
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "client_pairs.h"
#include "guest_files.h"
#include "guest_time.h"
#include "tenant_cgroups.h"

#define READY_TIMEOUT_S 10.0

/* what a child failed at, for client_pairs_failure() */
enum { FAIL_NONE, FAIL_CGROUP, FAIL_LISTEN, FAIL_ACCEPT, FAIL_FILE, FAIL_CONNECT,
       FAIL_SEND };
static const char *const fail_names[] = {
	"none", "entering its cgroup", "listening", "accepting", "filling its memfd",
	"connecting", "sendfile",
};

static void fail(struct client_pairs_shared *s, int step)
{
	int none = FAIL_NONE;

	atomic_compare_exchange_strong(&s->failed, &none, step);
	_exit(10 + step);
}

static struct sockaddr_in pair_addr(int i)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_port = htons(CLIENT_PAIRS_PORT + i) };

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

static int enter_server_cgroup(const struct client_pairs *p, int i)
{
	if (!p->server_shared)
		return tenant_enter(i);
	return write_file(TENANT_PARENT "/server/cgroup.procs", "0");
}

static void run_server(struct client_pairs *p, int i)
{
	struct client_pairs_shared *s = p->shared;
	struct sockaddr_in a = pair_addr(i);
	static char buf[1 << 16];
	int one = 1, lfd, fd;
	ssize_t n;

	if (enter_server_cgroup(p, i) < 0)
		fail(s, FAIL_CGROUP);
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	if (lfd < 0 || setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0 ||
	    bind(lfd, (struct sockaddr *)&a, sizeof(a)) < 0 || listen(lfd, 1) < 0)
		fail(s, FAIL_LISTEN);
	atomic_fetch_add(&s->ready, 1);
	fd = accept(lfd, NULL, NULL);
	if (fd < 0)
		fail(s, FAIL_ACCEPT);
	while ((n = recv(fd, buf, sizeof(buf), 0)) > 0)
		atomic_fetch_add(&s->bytes[i], (unsigned long long)n);
	_exit(0);
}

/* the file it sends, made inside its memcg, as netperf's own file is */
static int fill_memfd(void)
{
	static char chunk[1 << 16];
	int fd = memfd_create("mmx-sendfile", 0);

	if (fd < 0)
		return -1;
	memset(chunk, 'x', sizeof(chunk));
	for (int off = 0; off < CLIENT_PAIRS_FILE_BYTES; off += (int)sizeof(chunk))
		if (write(fd, chunk, sizeof(chunk)) != (ssize_t)sizeof(chunk))
			return -1;
	return fd;
}

static void run_client(struct client_pairs *p, int i)
{
	struct client_pairs_shared *s = p->shared;
	struct sockaddr_in a = pair_addr(i);
	int file, sock;
	off_t off = 0;

	if (tenant_enter(i) < 0)
		fail(s, FAIL_CGROUP);
	file = fill_memfd();
	if (file < 0)
		fail(s, FAIL_FILE);
	sock = socket(AF_INET, SOCK_STREAM, 0);
	if (sock < 0 || connect(sock, (struct sockaddr *)&a, sizeof(a)) < 0)
		fail(s, FAIL_CONNECT);
	for (;;) {
		if (off + p->msg_size > CLIENT_PAIRS_FILE_BYTES)
			off = 0;
		if (sendfile(sock, file, &off, (size_t)p->msg_size) <= 0 && errno != EINTR)
			fail(s, FAIL_SEND);
	}
}

static pid_t fork_child(struct client_pairs *p, int i, void (*run)(struct client_pairs *, int))
{
	pid_t pid = fork();

	if (pid == 0)
		run(p, i);
	return pid;
}

int client_pairs_start(struct client_pairs *p, int n, int msg_size, int server_shared,
		       char *err, size_t errlen)
{
	double deadline;

	memset(p, 0, sizeof(*p));
	if (n < 1 || n > CLIENT_PAIRS_MAX || msg_size < 1 ||
	    msg_size > CLIENT_PAIRS_FILE_BYTES) {
		snprintf(err, errlen, "clients must be 1..%d and msg_size 1..%d", CLIENT_PAIRS_MAX,
			 CLIENT_PAIRS_FILE_BYTES);
		return -1;
	}
	p->n = n;
	p->msg_size = msg_size;
	p->server_shared = server_shared;
	/* made here, in the root cgroup: no tenant pays for the counters' page */
	p->shared = mmap(NULL, sizeof(*p->shared), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p->shared == MAP_FAILED) {
		snprintf(err, errlen, "shared memory: %s", strerror(errno));
		p->shared = NULL;
		return -1;
	}
	memset(p->shared, 0, sizeof(*p->shared));
	if (server_shared && tenants_create_sibling("server", err, errlen) < 0)
		return -1;
	for (int i = 0; i < n; i++)
		if ((p->servers[i] = fork_child(p, i, run_server)) < 0) {
			snprintf(err, errlen, "fork server %d: %s", i, strerror(errno));
			return -1;
		}
	deadline = now_s() + READY_TIMEOUT_S;
	while (atomic_load(&p->shared->ready) < n && !atomic_load(&p->shared->failed) &&
	       now_s() < deadline)
		sleep_s(0.01);
	if (atomic_load(&p->shared->ready) < n) {
		snprintf(err, errlen, "%d of %d servers listening after %.0f s: %s",
			 atomic_load(&p->shared->ready), n, READY_TIMEOUT_S,
			 client_pairs_failure(p) ?: "none failed, too slow");
		return -1;
	}
	for (int i = 0; i < n; i++)
		if ((p->clients[i] = fork_child(p, i, run_client)) < 0) {
			snprintf(err, errlen, "fork client %d: %s", i, strerror(errno));
			return -1;
		}
	return 0;
}

unsigned long long client_pairs_bytes(const struct client_pairs *p, int i)
{
	return atomic_load(&p->shared->bytes[i]);
}

const char *client_pairs_failure(const struct client_pairs *p)
{
	int f = p->shared ? atomic_load(&p->shared->failed) : FAIL_NONE;

	return f == FAIL_NONE ? NULL : fail_names[f];
}

void client_pairs_describe(const struct client_pairs *p, json_t *metrics)
{
	json_object_set_new(metrics, "clients", json_integer(p->n));
	json_object_set_new(metrics, "msg_size", json_integer(p->msg_size));
	json_object_set_new(metrics, "server_cgroup",
			    json_string(p->server_shared ? "shared" : "tenant"));
}

void client_pairs_stop(struct client_pairs *p)
{
	/* never kill(0): a child that was not forked has no pid */
	for (int i = 0; i < p->n; i++) {
		if (p->clients[i] > 0)
			kill(p->clients[i], SIGKILL);
		if (p->servers[i] > 0)
			kill(p->servers[i], SIGKILL);
	}
	for (int i = 0; i < p->n; i++) {
		if (p->clients[i] > 0)
			waitpid(p->clients[i], NULL, 0);
		if (p->servers[i] > 0)
			waitpid(p->servers[i], NULL, 0);
	}
	if (p->shared)
		munmap(p->shared, sizeof(*p->shared));
	p->shared = NULL;
}
