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
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "flow_placement.h"
#include "guest_net.h"
#include "guest_time.h"
#include "rx_load.h"
#include "tenant_cgroups.h"

/* TCG, ARP on the virtio wire and many connects can take a while */
#define SENDER_READY_TIMEOUT_MS 60000

struct rx_shared {
	_Atomic unsigned long long bytes[RX_MAX_TENANTS];
	_Atomic unsigned long long sent[RX_MAX_TENANTS];
	/* the CPUs each receiver may run on (bit c: CPU c), once pinned */
	_Atomic unsigned long long cpu_mask[RX_MAX_TENANTS];
};

int rx_proto_parse(const char *name, enum rx_proto *out, char *err,
		   size_t errlen)
{
	if (name && strcmp(name, "tcp") == 0)
		*out = RX_PROTO_TCP;
	else if (name && strcmp(name, "udp") == 0)
		*out = RX_PROTO_UDP;
	else {
		snprintf(err, errlen, "proto '%s' is not one of: tcp udp",
			 name ? name : "(none)");
		return -1;
	}
	return 0;
}

int rx_topology_parse(const char *name, enum rx_topology *out, char *err,
		      size_t errlen)
{
	if (name && strcmp(name, "lo-rps") == 0)
		*out = RX_TOPO_LO_RPS;
	else if (name && strcmp(name, "virtio") == 0)
		*out = RX_TOPO_VIRTIO;
	else {
		snprintf(err, errlen, "topology '%s' is not one of: lo-rps virtio",
			 name ? name : "(none)");
		return -1;
	}
	return 0;
}

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

/* TCP: one listening port per tenant; UDP: one bound port per flow. */
static struct sockaddr_in flow_addr(const struct rx_load *l, int t, int f)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	int port = RX_BASE_PORT + t + (l->proto == RX_PROTO_UDP ? f * RX_MAX_TENANTS : 0);

	a.sin_port = htons((unsigned short)port);
	if (l->topology == RX_TOPO_VIRTIO)
		a.sin_addr = nic_pair_rx_addr(&l->nics, t);
	else
		a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

static int socket_type(const struct rx_load *l)
{
	return l->proto == RX_PROTO_UDP ? SOCK_DGRAM : SOCK_STREAM;
}

/* Flows of one tenant: flows on each receive CPU. */
static int tenant_flows(const struct rx_load *l)
{
	return l->flows * l->rx_cpus;
}

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
	/* never kill(0 or -1): a child that was not forked has no pid */
	if (left > 0)
		for (int i = 0; i < n; i++)
			if (pids[i] > 0)
				kill(pids[i], SIGKILL);
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
}

static int check_opts(const struct rx_load_opts *o, int rx_cpus, char *err,
		      size_t errlen)
{
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);

	if (o->tenants < 1 || o->tenants > RX_MAX_TENANTS || o->flows < 1 ||
	    o->flows > RX_MAX_FLOWS) {
		snprintf(err, errlen, "tenants must be 1..%d and flows 1..%d",
			 RX_MAX_TENANTS, RX_MAX_FLOWS);
		return -1;
	}
	if (o->proto == RX_PROTO_UDP && o->msg_size > RX_UDP_MAX_MSG) {
		snprintf(err, errlen, "proto=udp: msg_size %d exceeds the largest "
			 "UDP payload, %d", o->msg_size, RX_UDP_MAX_MSG);
		return -1;
	}
	if (rx_cpus < 1 || rx_cpus > RX_MAX_RX_CPUS) {
		snprintf(err, errlen, "rx_cpus must be 1..%d", RX_MAX_RX_CPUS);
		return -1;
	}
	if (rx_cpus > 1 && o->topology != RX_TOPO_LO_RPS) {
		snprintf(err, errlen, "rx_cpus=%d needs topology=lo-rps: the virtio "
			 "topology receives on one NIC queue, one CPU", rx_cpus);
		return -1;
	}
	if (o->rx_nics > 1 && o->topology != RX_TOPO_VIRTIO) {
		snprintf(err, errlen, "rx_nics=%d needs topology=virtio: it is the "
			 "number of virtio NIC pairs", o->rx_nics);
		return -1;
	}
	/* the receive CPUs, the sender's, and one for the receivers */
	if (ncpus < rx_cpus + 2) {
		snprintf(err, errlen, "rx_cpus=%d needs at least %d CPUs, the guest "
			 "has %d: run with cpus=%d (or more)", rx_cpus, rx_cpus + 2,
			 ncpus, rx_cpus + 2);
		return -1;
	}
	return 0;
}

static int topology_setup(struct rx_load *l, const struct rx_load_opts *o,
			  char *err, size_t errlen)
{
	if (l->topology == RX_TOPO_VIRTIO)
		return nic_pair_setup(&l->nics, o->rx_nics > 0 ? o->rx_nics : 1,
				      o->mtu, RX_CPU, SENDER_CPU, err, errlen);
	if (loopback_setup(o->mtu, err, errlen) < 0 ||
	    loopback_rps_to_cpus(RX_CPU, l->rx_cpus, err, errlen) < 0)
		return -1;
	return 0;
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

static int start_receivers(struct rx_load *l, char *err, size_t errlen)
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

static int start_sender(struct rx_load *l, int msg_size, char *err,
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

int rx_load_start_with(struct rx_load *l, const struct rx_load_opts *o,
		       char *err, size_t errlen)
{
	memset(l, 0, sizeof(*l));
	l->tenants = o->tenants;
	l->flows = o->flows;
	l->proto = o->proto;
	l->topology = o->topology;
	l->rx_cpus = o->rx_cpus > 0 ? o->rx_cpus : 1;
	l->pin_receivers = o->pin_receivers;
	l->sender_cpu = RX_CPU + l->rx_cpus;
	if (check_opts(o, l->rx_cpus, err, errlen) < 0 ||
	    topology_setup(l, o, err, errlen) < 0 ||
	    tenants_create(o->tenants, err, errlen) < 0)
		return -1;
	if (l->rx_cpus > 1) {
		l->placement = placement_create(l->tenants, tenant_flows(l),
						l->rx_cpus, err, errlen);
		if (!l->placement)
			return -1;
	}
	l->shared = mmap(NULL, sizeof(*l->shared), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (l->shared == MAP_FAILED) {
		snprintf(err, errlen, "shared memory: %s", strerror(errno));
		return -1;
	}
	/*
	 * Touch the shared page here, in the root cgroup: a receiver touching
	 * it first would charge it to its tenant and pin that memcg as dying
	 * for as long as the page lives.
	 */
	memset(l->shared, 0, sizeof(*l->shared));
	if (start_receivers(l, err, errlen) < 0 ||
	    start_sender(l, o->msg_size, err, errlen) < 0) {
		rx_load_stop(l);
		return -1;
	}
	return 0;
}

int rx_load_start(struct rx_load *l, int tenants, int flows, int msg_size,
		  int mtu, char *err, size_t errlen)
{
	struct rx_load_opts o = {
		.tenants = tenants, .flows = flows, .msg_size = msg_size,
		.mtu = mtu, .proto = RX_PROTO_TCP, .topology = RX_TOPO_LO_RPS,
	};

	return rx_load_start_with(l, &o, err, errlen);
}

unsigned long long rx_load_bytes(const struct rx_load *l, int t)
{
	return atomic_load(&l->shared->bytes[t]);
}

unsigned long long rx_load_sent_bytes(const struct rx_load *l, int t)
{
	return atomic_load(&l->shared->sent[t]);
}

void rx_load_describe(const struct rx_load *l, json_t *metrics)
{
	json_t *rx_cpu_list = json_array(), *receiver_cpus = json_array();

	json_object_set_new(metrics, "proto", json_string(
		l->proto == RX_PROTO_UDP ? "udp" : "tcp"));
	json_object_set_new(metrics, "topology", json_string(
		l->topology == RX_TOPO_VIRTIO ? "virtio" : "lo-rps"));
	for (int c = RX_CPU; c < RX_CPU + l->rx_cpus; c++)
		json_array_append_new(rx_cpu_list, json_integer(c));
	json_object_set_new(metrics, "rx_cpus", json_integer(l->rx_cpus));
	json_object_set_new(metrics, "rx_cpu_list", rx_cpu_list);
	for (int t = 0; t < l->tenants; t++) {
		json_t *cpus = json_array();

		for (int c = 0; c < 64; c++)
			if (l->shared->cpu_mask[t] & (1ULL << c))
				json_array_append_new(cpus, json_integer(c));
		json_array_append_new(receiver_cpus, cpus);
	}
	json_object_set_new(metrics, "receiver_cpus", receiver_cpus);
	if (l->placement)
		placement_describe(l->placement, metrics);
	else
		json_object_set_new(metrics, "flow_placement_tries", json_integer(0));
	if (l->topology == RX_TOPO_VIRTIO)
		nic_pair_describe(&l->nics, RX_CPU, metrics);
}

void rx_load_stop(struct rx_load *l)
{
	int n = l->tenants + 1;

	if (l->pids[l->tenants] > 0)
		kill(l->pids[l->tenants], SIGKILL);
	/*
	 * A UDP receiver sees no end of stream: closing its sockets is the
	 * end; nor does one whose sender died before its flows were placed.
	 */
	if (l->proto == RX_PROTO_UDP ||
	    (l->placement && !placement_done(l->placement)))
		for (int t = 0; t < l->tenants; t++)
			if (l->pids[t] > 0)
				kill(l->pids[t], SIGKILL);
	if (l->pids[l->tenants] <= 0)
		n = l->tenants;
	wait_children(l->pids, n, 10.0);
}
