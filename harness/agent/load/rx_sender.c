// SPDX-License-Identifier: GPL-2.0
/*
 * The rx-mixed load's sender: one process in the root cgroup, connected
 * to every flow, writing to each in turn; it reports "ok" or why not
 * through a pipe once every flow is connected.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "flow_placement.h"
#include "rx_flows.h"
#include "rx_sender.h"

/* TCG, ARP on the virtio wire and many connects can take a while */
#define SENDER_READY_TIMEOUT_MS 60000

static void sender_fail(int status_fd, const char *fmt, const char *what)
{
	char msg[512];
	int len = snprintf(msg, sizeof(msg), fmt, what);

	if (write(status_fd, msg, (size_t)len) < 0)
		_exit(21);
	_exit(21);
}

static struct sockaddr_in placed_flow_addr(const void *l, int t, int f)
{
	return flow_addr(l, t, f);
}

/* rx_cpus > 1: connects and places every flow (flow_placement.h). */
static void connect_placed(const struct rx_load *l, struct pollfd *pfd,
			   int status_fd)
{
	int nfds = l->tenants * tenant_flows(l);
	int *fds = calloc((size_t)nfds, sizeof(*fds));
	char err[400];

	if (!fds)
		sender_fail(status_fd, "sender: %s", "out of memory");
	if (placement_connect_all(l->placement, socket_type(l), placed_flow_addr,
				  l, fds, err, sizeof(err)) < 0)
		sender_fail(status_fd, "%s", err);
	for (int i = 0; i < nfds; i++) {
		pfd[i].fd = fds[i];
		pfd[i].events = POLLOUT;
	}
	free(fds);
}

/* Connected sockets, flow-major so consecutive ones are different tenants. */
static struct pollfd *connect_flows(const struct rx_load *l, int status_fd)
{
	int nfds = l->tenants * tenant_flows(l);
	struct pollfd *pfd = calloc((size_t)nfds, sizeof(*pfd));

	if (!pfd)
		sender_fail(status_fd, "sender: %s", "out of memory");
	if (l->rx_cpus > 1) {
		connect_placed(l, pfd, status_fd);
		return pfd;
	}
	for (int f = 0; f < l->flows; f++) {
		for (int t = 0; t < l->tenants; t++) {
			struct sockaddr_in addr = flow_addr(l, t, f);
			int fd = socket(AF_INET, socket_type(l), 0);

			if (fd < 0 || connect(fd, (struct sockaddr *)&addr,
					      sizeof(addr)) < 0)
				sender_fail(status_fd, "sender: connect: %s",
					    strerror(errno));
			fcntl(fd, F_SETFL, O_NONBLOCK);
			pfd[f * l->tenants + t].fd = fd;
			pfd[f * l->tenants + t].events = POLLOUT;
		}
	}
	return pfd;
}

/* The sender holds a socket per flow: up to 64 x 96, past the default 1024. */
static void allow_fds(int n)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur >= (rlim_t)n)
		return;
	rl.rlim_cur = (rlim_t)n;
	if (rl.rlim_max < rl.rlim_cur)
		rl.rlim_max = rl.rlim_cur;
	setrlimit(RLIMIT_NOFILE, &rl);
}

/* Child: the sender, in the root cgroup, round-robin over every flow. */
static void run_sender(const struct rx_load *l, int msg_size, int status_fd)
{
	int nfds = l->tenants * tenant_flows(l);
	struct pollfd *pfd;
	char err[400];
	char *buf = malloc((size_t)msg_size);

	if (!buf)
		sender_fail(status_fd, "sender: %s", "out of memory");
	memset(buf, 'm', (size_t)msg_size);
	pin_to_cpu(l->sender_cpu);
	allow_fds(nfds + 64);
	if (l->topology == RX_TOPO_VIRTIO &&
	    nic_pair_enter_sender_netns(&l->nics, err, sizeof(err)) < 0)
		sender_fail(status_fd, "sender netns: %s", err);
	pfd = connect_flows(l, status_fd);
	if (write(status_fd, "ok", 2) != 2)
		_exit(22);
	close(status_fd);
	for (;;) {
		if (poll(pfd, (nfds_t)nfds, 1000) < 0 && errno != EINTR)
			_exit(22);
		for (int i = 0; i < nfds; i++) {
			ssize_t n;

			if (!(pfd[i].revents & POLLOUT))
				continue;
			n = send(pfd[i].fd, buf, (size_t)msg_size,
				 MSG_DONTWAIT | MSG_NOSIGNAL);
			if (n > 0)
				atomic_fetch_add(&l->shared->sent[i % l->tenants],
						 (unsigned long long)n);
		}
	}
}

/* Waits for the sender's "ok" or its error message. */
static int sender_ready(int status_fd, char *err, size_t errlen)
{
	struct pollfd pfd = { .fd = status_fd, .events = POLLIN };
	char msg[512];
	ssize_t n;

	if (poll(&pfd, 1, SENDER_READY_TIMEOUT_MS) <= 0) {
		snprintf(err, errlen, "sender did not connect within %d s",
			 SENDER_READY_TIMEOUT_MS / 1000);
		return -1;
	}
	n = read(status_fd, msg, sizeof(msg) - 1);
	msg[n > 0 ? n : 0] = '\0';
	if (strcmp(msg, "ok") != 0) {
		snprintf(err, errlen, "%s", n > 0 ? msg : "sender died while connecting");
		return -1;
	}
	return 0;
}

int start_sender(struct rx_load *l, int msg_size, char *err,
			size_t errlen)
{
	int status[2], rc;

	if (pipe(status) < 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	l->pids[l->tenants] = fork();
	if (l->pids[l->tenants] == 0) {
		close(status[0]);
		run_sender(l, msg_size, status[1]);
	}
	close(status[1]);
	rc = sender_ready(status[0], err, errlen);
	close(status[0]);
	return rc;
}
