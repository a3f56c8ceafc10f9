// SPDX-License-Identifier: GPL-2.0
/*
 * The rx-mixed load's receivers: one process per tenant in its memcg,
 * reading its flows (all placed on their receive CPUs first when
 * rx_cpus > 1, flow_placement.h) and counting the bytes in shared memory.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "flow_placement.h"
#include "rx_flows.h"
#include "rx_receivers.h"
#include "tenant_cgroups.h"

/* Tenant t's listening socket (TCP), or its flow f's bound socket (UDP). */
static int open_bound(const struct rx_load *l, int t, int f)
{
	struct sockaddr_in addr = flow_addr(l, t, f);
	int one = 1, fd = socket(AF_INET, socket_type(l), 0);

	if (fd < 0)
		_exit(11);
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0)
		_exit(11);
	if (l->proto == RX_PROTO_TCP && listen(fd, tenant_flows(l)) < 0)
		_exit(11);
	return fd;
}

static void signal_ready(int ready_fd)
{
	if (write(ready_fd, "r", 1) != 1)
		_exit(12);
	close(ready_fd);
}

/* Opens the receiving sockets: per flow (UDP) or accepted per flow (TCP). */
static void open_receiving(const struct rx_load *l, int t, struct pollfd *pfd,
			   int ready_fd)
{
	/* TCP: one listening socket for all flows; UDP: one socket per flow */
	int nbound = l->proto == RX_PROTO_UDP ? l->flows : 1;
	int lfd = -1;

	for (int f = 0; f < nbound; f++) {
		lfd = open_bound(l, t, f);
		pfd[f].fd = lfd;
		pfd[f].events = POLLIN;
	}
	signal_ready(ready_fd);
	if (l->proto == RX_PROTO_UDP)
		return;
	/* accept in this task so each socket is charged to this tenant */
	for (int f = 0; f < l->flows; f++) {
		pfd[f].fd = accept(lfd, NULL, NULL);
		pfd[f].events = POLLIN;
		if (pfd[f].fd < 0)
			_exit(13);
	}
	close(lfd);
}

/*
 * Reads what flow pf has for tenant t; closes it at a TCP flow's end.
 * Returns the bytes read (<= 0: none).
 */
static ssize_t receive_one(const struct rx_load *l, int t, struct pollfd *pf)
{
	static char buf[65536];
	ssize_t n;

	if (pf->fd < 0 || !(pf->revents & (POLLIN | POLLHUP | POLLERR)))
		return 0;
	n = recv(pf->fd, buf, sizeof(buf), MSG_DONTWAIT);
	if (n > 0) {
		atomic_fetch_add(&l->shared->bytes[t], (unsigned long long)n);
	} else if (l->proto == RX_PROTO_TCP && (n == 0 || errno != EAGAIN)) {
		close(pf->fd);
		pf->fd = -1;
	}
	return n;
}

/* TCP: takes every pending connection as the flow whose try it is. */
static void accept_placed(struct placement_rx *r, int lfd, struct pollfd *flows)
{
	int fd, j;

	while ((fd = accept(lfd, NULL, NULL)) >= 0) {
		j = placement_rx_accepted(r, fd);
		if (j < 0) {
			close(fd);
			continue;
		}
		/* the previous try's socket: the sender has reset it */
		if (flows[j].fd >= 0)
			close(flows[j].fd);
		flows[j].fd = fd;
	}
}

static int count_open(const struct pollfd *pfd, int n)
{
	int open_flows = 0;

	for (int f = 0; f < n; f++)
		open_flows += pfd[f].fd >= 0;
	return open_flows;
}

/*
 * rx_cpus > 1: flows come and go while the sender places them
 * (flow_placement.h), then the load runs as in run_receiver.  Polls with
 * a timeout to follow the placement and answer placement_describe.
 */
static void receive_placed(const struct rx_load *l, int t, int ready_fd)
{
	/* the flows, then TCP's listening socket */
	struct pollfd pfd[RX_MAX_TENANT_FLOWS + 1];
	int nflows = tenant_flows(l), nfds = nflows;
	struct placement_rx r;

	placement_rx_init(&r, l->placement, t);
	for (int j = 0; j < nflows; j++) {
		pfd[j].fd = l->proto == RX_PROTO_UDP ? open_bound(l, t, j) : -1;
		pfd[j].events = POLLIN;
	}
	if (l->proto == RX_PROTO_TCP) {
		pfd[nfds].fd = open_bound(l, t, 0);
		pfd[nfds++].events = POLLIN;
		fcntl(pfd[nflows].fd, F_SETFL, O_NONBLOCK);
	}
	signal_ready(ready_fd);
	for (;;) {
		bool placing = !placement_done(l->placement);

		if (l->proto == RX_PROTO_UDP && placing)
			placement_rx_follow(&r, pfd);
		if (poll(pfd, (nfds_t)nfds, placing ? 1 : 100) < 0 && errno != EINTR)
			_exit(14);
		if (nfds > nflows && (pfd[nflows].revents & POLLIN))
			accept_placed(&r, pfd[nflows].fd, pfd);
		for (int j = 0; j < nflows; j++)
			if (receive_one(l, t, &pfd[j]) > 0)
				placement_rx_received(&r, j, pfd[j].fd);
		placement_rx_answer(&r, pfd);
		/* TCP flows end at EOF once placed; UDP receivers run until killed */
		if (l->proto == RX_PROTO_TCP && !placing && count_open(pfd, nflows) == 0)
			_exit(0);
	}
}

/* Child: one tenant's receiver.  Never returns. */
static unsigned long long cpu_mask_of_self(void)
{
	unsigned long long mask = 0;
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return 0;
	for (int c = 0; c < 64; c++)
		if (CPU_ISSET(c, &set))
			mask |= 1ULL << c;
	return mask;
}

static void run_receiver(const struct rx_load *l, int t, const cpu_set_t *cpus,
			 int ready_fd)
{
	struct pollfd pfd[RX_MAX_FLOWS];

	if (tenant_enter(t) < 0)
		_exit(10);
	pin_to(cpus);
	l->shared->cpu_mask[t] = cpu_mask_of_self();
	if (l->rx_cpus > 1)
		receive_placed(l, t, ready_fd);
	open_receiving(l, t, pfd, ready_fd);
	/* TCP flows end at EOF; UDP receivers run until killed */
	while (count_open(pfd, l->flows) > 0) {
		if (poll(pfd, (nfds_t)l->flows, -1) < 0 && errno != EINTR)
			_exit(14);
		for (int f = 0; f < l->flows; f++)
			receive_one(l, t, &pfd[f]);
	}
	_exit(0);
}

/* The (i mod |set|)-th CPU of set, alone in a set. */
static cpu_set_t nth_cpu_of(const cpu_set_t *set, int i)
{
	int n = CPU_COUNT(set), k = 0;
	cpu_set_t one;

	CPU_ZERO(&one);
	for (int c = 0; c < CPU_SETSIZE && n > 0; c++) {
		if (!CPU_ISSET(c, set))
			continue;
		if (k++ == i % n) {
			CPU_SET(c, &one);
			break;
		}
	}
	return one;
}

int start_receivers(struct rx_load *l, char *err, size_t errlen)
{
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t receivers;
	int ready[2];
	char dummy;

	/* every CPU but the receive CPUs and the sender's, which follows them */
	CPU_ZERO(&receivers);
	for (int c = 0; c < ncpus; c++)
		if (c < RX_CPU || c > l->sender_cpu)
			CPU_SET(c, &receivers);
	if (pipe(ready) < 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	for (int t = 0; t < l->tenants; t++) {
		l->pids[t] = fork();
		if (l->pids[t] == 0) {
			close(ready[0]);
			if (l->pin_receivers)
				receivers = nth_cpu_of(&receivers, t);
			run_receiver(l, t, &receivers, ready[1]);
		}
	}
	close(ready[1]);
	for (int t = 0; t < l->tenants; t++) {
		if (read(ready[0], &dummy, 1) != 1) {
			snprintf(err, errlen, "tenant receiver %d did not start", t);
			close(ready[0]);
			return -1;
		}
	}
	close(ready[0]);
	return 0;
}
