// SPDX-License-Identifier: GPL-2.0
/*
 * rx-mixed on topology lo-rps: the seed RFC's scenario inside one guest.
 *
 * One receiver process per tenant lives in that tenant's memcg; a single
 * sender in the root cgroup writes to every flow in turn.  RPS steers all
 * loopback packets to one receive CPU that runs no task of the load, so its
 * net_rx_action charges socket memory for every tenant, interleaved.
 *
 * CPU layout (needs at least 3 CPUs): CPU 1 receives, CPU 2 sends, the
 * tenants' receiver tasks run on every other CPU.
 */
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
#include <time.h>
#include <unistd.h>

#include "ftrace_profile.h"
#include "guest_net.h"
#include "perf_probes.h"
#include "tenant_cgroups.h"
#include "workloads.h"

#define MAX_TENANTS 64
#define MAX_FLOWS 16
#define BASE_PORT 20000
#define RX_CPU 1
#define SENDER_CPU 2

struct rx_shared {
	_Atomic unsigned long long bytes[MAX_TENANTS];
};

/* kernel functions whose calls are counted; absent ones are reported so */
static const char *const probe_symbols[] = {
	"page_counter_try_charge",
	"page_counter_charge",
	"page_counter_uncharge",
	"try_charge_memcg",
	"mem_cgroup_charge_skmem",
	"mem_cgroup_uncharge_skmem",
};
#define NPROBES (sizeof(probe_symbols) / sizeof(probe_symbols[0]))

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_s(double s)
{
	struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
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
	struct pollfd pfd[MAX_FLOWS];
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

/* memory.stat is flushed lazily: poll until sock reaches 0 or time runs out */
static long long settled_sock(int t, double timeout_s)
{
	double deadline = now_s() + timeout_s;
	long long v;

	while ((v = tenant_stat(t, "sock")) > 0 && now_s() < deadline)
		sleep_s(0.1);
	return v;
}

static json_t *array_of(const long long *v, int n)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

int workload_rx_mixed(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	int tenants = (int)param_int(params, "tenants");
	int flows = (int)param_int(params, "flows");
	int msg_size = (int)param_int(params, "msg_size");
	int mtu = (int)param_int(params, "mtu");
	double duration = param_real(params, "duration_s");
	double warmup = param_real(params, "warmup_s");
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	struct kprobe_counter probes[NPROBES];
	unsigned long long b0[MAX_TENANTS], b1[MAX_TENANTS];
	long long tput[MAX_TENANTS], sock_end[MAX_TENANTS], sock_after[MAX_TENANTS];
	pid_t pids[MAX_TENANTS + 1];
	struct rx_shared *shared;
	json_t *probe_counts, *absent;
	double t0, t1, window, softirq_ns = 0, mb;
	long long softirq_hits = 0, total = 0;
	int ready[2], have_softirq;
	unsigned long long charges, uncharges;
	cpu_set_t receivers;
	char dummy;

	if (tenants < 1 || tenants > MAX_TENANTS || flows < 1 || flows > MAX_FLOWS) {
		snprintf(err, errlen, "tenants must be 1..%d and flows 1..%d",
			 MAX_TENANTS, MAX_FLOWS);
		return -1;
	}
	if (ncpus < 3) {
		snprintf(err, errlen, "rx-mixed needs at least 3 CPUs, guest has %d",
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
	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED || pipe(ready) < 0) {
		snprintf(err, errlen, "shared memory or pipe: %s", strerror(errno));
		return -1;
	}
	for (int t = 0; t < tenants; t++) {
		pids[t] = fork();
		if (pids[t] == 0) {
			close(ready[0]);
			run_receiver(t, flows, &receivers, shared, ready[1]);
		}
	}
	close(ready[1]);
	for (int t = 0; t < tenants; t++) {
		if (read(ready[0], &dummy, 1) != 1) {
			snprintf(err, errlen, "tenant receiver %d did not start", t);
			return -1;
		}
	}
	close(ready[0]);
	pids[tenants] = fork();
	if (pids[tenants] == 0)
		run_sender(tenants, flows, msg_size);

	for (size_t i = 0; i < NPROBES; i++)
		kprobe_counter_open(&probes[i], probe_symbols[i], ncpus);
	sleep_s(warmup);

	/* the measured window */
	have_softirq = ftrace_profile_start("net_rx_action", err, errlen) == 0;
	for (size_t i = 0; i < NPROBES; i++)
		kprobe_counter_start(&probes[i]);
	for (int t = 0; t < tenants; t++)
		b0[t] = atomic_load(&shared->bytes[t]);
	t0 = now_s();
	sleep_s(duration);
	t1 = now_s();
	for (int t = 0; t < tenants; t++)
		b1[t] = atomic_load(&shared->bytes[t]);
	for (size_t i = 0; i < NPROBES; i++)
		kprobe_counter_stop(&probes[i]);
	if (have_softirq &&
	    ftrace_profile_stop("net_rx_action", RX_CPU, &softirq_ns, &softirq_hits) < 0)
		have_softirq = 0;
	for (int t = 0; t < tenants; t++)
		sock_end[t] = tenant_stat(t, "sock");

	kill(pids[tenants], SIGKILL);
	wait_children(pids, tenants + 1, 10.0);
	for (int t = 0; t < tenants; t++)
		sock_after[t] = settled_sock(t, 3.0);

	window = t1 - t0;
	for (int t = 0; t < tenants; t++) {
		tput[t] = (long long)((double)(b1[t] - b0[t]) / window);
		total += (long long)(b1[t] - b0[t]);
	}
	mb = (double)total / 1e6;
	probe_counts = json_object();
	absent = json_array();
	for (size_t i = 0; i < NPROBES; i++) {
		if (probes[i].absent) {
			json_object_set_new(probe_counts, probe_symbols[i], json_null());
			json_array_append_new(absent, json_string(probe_symbols[i]));
		} else {
			json_object_set_new(probe_counts, probe_symbols[i],
					    json_integer((json_int_t)kprobe_counter_total(&probes[i])));
		}
		kprobe_counter_close(&probes[i]);
	}
	charges = kprobe_counter_total(&probes[0]) + kprobe_counter_total(&probes[1]);
	uncharges = kprobe_counter_total(&probes[2]);

	json_object_set_new(metrics, "window_s", json_real(window));
	json_object_set_new(metrics, "bytes_received", json_integer(total));
	json_object_set_new(metrics, "throughput_bytes_per_sec",
			    json_real((double)total / window));
	json_object_set_new(metrics, "tenant_throughput_bytes_per_sec",
			    array_of(tput, tenants));
	json_object_set_new(metrics, "kprobe_counts", probe_counts);
	json_object_set_new(metrics, "kprobes_absent", absent);
	if (probes[0].absent || probes[2].absent) {
		json_object_set_new(metrics, "page_counter_charges", json_null());
		json_object_set_new(metrics, "page_counter_uncharges", json_null());
	} else {
		json_object_set_new(metrics, "page_counter_charges",
				    json_integer((json_int_t)charges));
		json_object_set_new(metrics, "page_counter_uncharges",
				    json_integer((json_int_t)uncharges));
		if (mb > 0) {
			json_object_set_new(metrics, "charges_per_mb",
					    json_real((double)charges / mb));
			json_object_set_new(metrics, "uncharges_per_mb",
					    json_real((double)uncharges / mb));
		}
	}
	if (have_softirq) {
		json_object_set_new(metrics, "net_rx_softirq_ns", json_real(softirq_ns));
		json_object_set_new(metrics, "net_rx_action_calls",
				    json_integer(softirq_hits));
		if (mb > 0)
			json_object_set_new(metrics, "net_rx_softirq_ns_per_mb",
					    json_real(softirq_ns / mb));
	} else {
		json_object_set_new(metrics, "net_rx_softirq_ns", json_null());
	}
	json_object_set_new(metrics, "tenant_sock_bytes_end", array_of(sock_end, tenants));
	json_object_set_new(metrics, "tenant_sock_bytes_after_close",
			    array_of(sock_after, tenants));
	json_object_set_new(metrics, "rx_cpu", json_integer(RX_CPU));
	json_object_set_new(metrics, "sender_cpu", json_integer(SENDER_CPU));
	json_object_set_new(metrics, "online_cpus", json_integer(ncpus));
	if (total == 0) {
		snprintf(err, errlen, "no bytes received in the %.1f s window", window);
		return -1;
	}
	return 0;
}
