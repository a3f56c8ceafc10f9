// SPDX-License-Identifier: GPL-2.0
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest_net.h"
#include "guest_time.h"
#include "rx_load.h"
#include "tenant_cgroups.h"

#define BASE_PORT 20000

struct rx_shared {
	_Atomic unsigned long long bytes[RX_MAX_TENANTS];
};

static void pin_to(const cpu_set_t *set)
{
	sched_setaffinity(0, sizeof(*set), set);
}

static void pin_to_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	pin_to(&set);
}

static struct sockaddr_in tenant_addr(int t)
{
	struct sockaddr_in a = { .sin_family = AF_INET };

	a.sin_port = htons((unsigned short)(BASE_PORT + t));
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

/* Child: one tenant's receiver.  Never returns. */
static void run_receiver(int t, int flows, const cpu_set_t *cpus,
			 struct rx_shared *shared, int ready_fd)
{
	struct sockaddr_in addr = tenant_addr(t);
	struct pollfd pfd[RX_MAX_FLOWS];
	static char buf[65536];
	int one = 1, open_flows, lfd;

	if (tenant_enter(t) < 0)
		_exit(10);
	pin_to(cpus);
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (lfd < 0 || bind(lfd, (struct sockaddr *)&addr, sizeof(addr)) < 0 ||
	    listen(lfd, flows) < 0)
		_exit(11);
	if (write(ready_fd, "r", 1) != 1)
		_exit(12);
	close(ready_fd);
	/* accept in this task so each socket is charged to this tenant */
	for (int f = 0; f < flows; f++) {
		pfd[f].fd = accept(lfd, NULL, NULL);
		pfd[f].events = POLLIN;
		if (pfd[f].fd < 0)
			_exit(13);
	}
	close(lfd);
	open_flows = flows;
	while (open_flows > 0) {
		if (poll(pfd, (nfds_t)flows, -1) < 0 && errno != EINTR)
			_exit(14);
		for (int f = 0; f < flows; f++) {
			ssize_t n;

			if (pfd[f].fd < 0 || !(pfd[f].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			n = read(pfd[f].fd, buf, sizeof(buf));
			if (n > 0) {
				atomic_fetch_add(&shared->bytes[t],
						 (unsigned long long)n);
			} else if (n == 0 || errno != EAGAIN) {
				close(pfd[f].fd);
				pfd[f].fd = -1;
				open_flows--;
			}
		}
	}
	_exit(0);
}

/* Child: the sender, in the root cgroup, round-robin over every flow. */
static void run_sender(int tenants, int flows, int msg_size)
{
	int nfds = tenants * flows;
	struct pollfd *pfd = calloc((size_t)nfds, sizeof(*pfd));
	char *buf = malloc((size_t)msg_size);

	if (!pfd || !buf)
		_exit(20);
	memset(buf, 'm', (size_t)msg_size);
	pin_to_cpu(SENDER_CPU);
	/* flow-major order so consecutive sockets belong to different tenants */
	for (int f = 0; f < flows; f++) {
		for (int t = 0; t < tenants; t++) {
			struct sockaddr_in addr = tenant_addr(t);
			int fd = socket(AF_INET, SOCK_STREAM, 0);

			if (fd < 0 || connect(fd, (struct sockaddr *)&addr,
					      sizeof(addr)) < 0)
				_exit(21);
			fcntl(fd, F_SETFL, O_NONBLOCK);
			pfd[f * tenants + t].fd = fd;
			pfd[f * tenants + t].events = POLLOUT;
		}
	}
	for (;;) {
		if (poll(pfd, (nfds_t)nfds, 1000) < 0 && errno != EINTR)
			_exit(22);
		for (int i = 0; i < nfds; i++)
			if (pfd[i].revents & POLLOUT)
				send(pfd[i].fd, buf, (size_t)msg_size,
				     MSG_DONTWAIT | MSG_NOSIGNAL);
	}
}

static void wait_children(pid_t *pids, int n, double timeout_s)
{
	double deadline = now_s() + timeout_s;
	int left = n;

	while (left > 0 && now_s() < deadline) {
		pid_t p = waitpid(-1, NULL, WNOHANG);

		if (p > 0)
			left--;
		else
			sleep_s(0.02);
	}
	if (left > 0)
		for (int i = 0; i < n; i++)
			kill(pids[i], SIGKILL);
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
}

int rx_load_start(struct rx_load *l, int tenants, int flows, int msg_size,
		  int mtu, char *err, size_t errlen)
{
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t receivers;
	int ready[2];
	char dummy;

	memset(l, 0, sizeof(*l));
	l->tenants = tenants;
	l->flows = flows;
	if (tenants < 1 || tenants > RX_MAX_TENANTS || flows < 1 ||
	    flows > RX_MAX_FLOWS) {
		snprintf(err, errlen, "tenants must be 1..%d and flows 1..%d",
			 RX_MAX_TENANTS, RX_MAX_FLOWS);
		return -1;
	}
	if (ncpus < 3) {
		snprintf(err, errlen, "the rx load needs at least 3 CPUs, guest has %d",
			 ncpus);
		return -1;
	}
	CPU_ZERO(&receivers);
	for (int c = 0; c < ncpus; c++)
		if (c != RX_CPU && c != SENDER_CPU)
			CPU_SET(c, &receivers);
	if (loopback_setup(mtu, err, errlen) < 0 ||
	    loopback_rps_to_cpu(RX_CPU, err, errlen) < 0 ||
	    tenants_create(tenants, err, errlen) < 0)
		return -1;
	l->shared = mmap(NULL, sizeof(*l->shared), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (l->shared == MAP_FAILED || pipe(ready) < 0) {
		snprintf(err, errlen, "shared memory or pipe: %s", strerror(errno));
		return -1;
	}
	/*
	 * Touch the shared page here, in the root cgroup: a receiver touching
	 * it first would charge it to its tenant and pin that memcg as dying
	 * for as long as the page lives.
	 */
	memset(l->shared, 0, sizeof(*l->shared));
	for (int t = 0; t < tenants; t++) {
		l->pids[t] = fork();
		if (l->pids[t] == 0) {
			close(ready[0]);
			run_receiver(t, flows, &receivers, l->shared, ready[1]);
		}
	}
	close(ready[1]);
	for (int t = 0; t < tenants; t++) {
		if (read(ready[0], &dummy, 1) != 1) {
			snprintf(err, errlen, "tenant receiver %d did not start", t);
			close(ready[0]);
			rx_load_stop(l);
			return -1;
		}
	}
	close(ready[0]);
	l->pids[tenants] = fork();
	if (l->pids[tenants] == 0)
		run_sender(tenants, flows, msg_size);
	return 0;
}

unsigned long long rx_load_bytes(const struct rx_load *l, int t)
{
	return atomic_load(&l->shared->bytes[t]);
}

void rx_load_stop(struct rx_load *l)
{
	if (l->pids[l->tenants] > 0)
		kill(l->pids[l->tenants], SIGKILL);
	wait_children(l->pids, l->tenants + 1, 10.0);
}
