// SPDX-License-Identifier: GPL-2.0
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "flow_placement.h"
#include "guest_time.h"

/* the parent gives up on the sender at 60 s: fail first, naming the flow */
#define PLACEMENT_TIMEOUT_S 50.0
#define READOUT_TIMEOUT_S 3.0

/* One flow: try and source port written by the sender, the rest by the receiver. */
struct placement_slot {
	_Atomic int gen;	/* the sender's try, 1..; 0 = not connected yet */
	_Atomic int sport;	/* that try's source port */
	_Atomic int seen_gen;	/* the try cpu was read for */
	_Atomic int cpu;	/* SO_INCOMING_CPU after that try's bytes */
	_Atomic int end_cpu;	/* SO_INCOMING_CPU when placement_describe asked */
};

struct placement {
	int tenants, flows, rx_cpus;
	_Atomic int done;	/* sender: every flow placed */
	_Atomic int tries;	/* sender: reconnects it took */
	_Atomic int ask;	/* parent: receivers, fill in end_cpu */
	_Atomic int answered[RX_MAX_TENANTS];
	struct placement_slot slot[RX_MAX_TENANTS][RX_MAX_TENANT_FLOWS];
};

static int target_cpu(const struct placement *p, int j)
{
	return RX_CPU + j % p->rx_cpus;
}

static int incoming_cpu(int fd)
{
	int cpu = -1;
	socklen_t len = sizeof(cpu);

	if (getsockopt(fd, SOL_SOCKET, SO_INCOMING_CPU, &cpu, &len) < 0)
		return -1;
	return cpu;
}

struct placement *placement_create(int tenants, int flows, int rx_cpus,
				   char *err, size_t errlen)
{
	struct placement *p = mmap(NULL, sizeof(*p), PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		snprintf(err, errlen, "placement shared memory: %s", strerror(errno));
		return NULL;
	}
	/* touched here, in the root cgroup, like rx_load's shared counters */
	memset(p, 0, sizeof(*p));
	p->tenants = tenants;
	p->flows = flows;
	p->rx_cpus = rx_cpus;
	return p;
}

bool placement_done(const struct placement *p)
{
	return atomic_load(&p->done) != 0;
}

/*
 * One try: bound before it connects, so the receiver knows the source
 * port (TCP: to tell which flow it accepted; UDP: to connect to it) before
 * any packet of the try exists.
 */
static int open_try(struct placement_slot *s, int gen, int type,
		    struct sockaddr_in dst, char *err, size_t errlen)
{
	struct sockaddr_in src = { .sin_family = AF_INET };
	socklen_t len = sizeof(src);
	int off = 0, fd = socket(AF_INET, type, 0);
	const char *step = NULL;

	src.sin_addr = dst.sin_addr;
	if (fd < 0)
		step = "socket";
	else if (setsockopt(fd, SOL_SOCKET, SO_TXREHASH, &off, sizeof(off)) < 0)
		step = "setsockopt SO_TXREHASH";
	else if (bind(fd, (struct sockaddr *)&src, len) < 0 ||
		 getsockname(fd, (struct sockaddr *)&src, &len) < 0)
		step = "bind";
	if (!step) {
		atomic_store(&s->sport, ntohs(src.sin_port));
		atomic_store(&s->gen, gen);
		if (connect(fd, (struct sockaddr *)&dst, sizeof(dst)) < 0)
			step = "connect";
	}
	if (step) {
		snprintf(err, errlen, "sender: %s: %s", step, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	fcntl(fd, F_SETFL, O_NONBLOCK);
	return fd;
}

/* Closes a misplaced TCP flow with a reset: no TIME_WAIT holding its port. */
static void abort_close(int fd)
{
	struct linger lg = { .l_onoff = 1, .l_linger = 0 };

	setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	close(fd);
}

/* A byte for SO_INCOMING_CPU to go by; errors (UDP refused) do not matter. */
static void probe(int fd)
{
	if (send(fd, "p", 1, MSG_DONTWAIT | MSG_NOSIGNAL) < 0)
		return;
}

enum flow_state { FLOW_CONNECT, FLOW_WAIT, FLOW_PLACED };

/* One pass over the flows; returns how many are placed, -1 on error. */
static int place_pass(struct placement *p, int type, placement_addr_fn addr,
		      const void *ctx, int *fds, enum flow_state *state,
		      int *tries, int *last_cpu, char *err, size_t errlen)
{
	int n = p->tenants * p->flows, placed = 0;

	for (int i = 0; i < n; i++) {
		int t = i % p->tenants, j = i / p->tenants;
		struct placement_slot *s = &p->slot[t][j];

		if (state[i] == FLOW_CONNECT) {
			if (tries[i] == PLACEMENT_MAX_TRIES) {
				snprintf(err, errlen, "flow placement: tenant %d flow %d "
					 "was not received on its target CPU %d in %d "
					 "tries (the last on CPU %d)", t, j,
					 target_cpu(p, j), tries[i], last_cpu[i]);
				return -1;
			}
			if (fds[i] >= 0)
				abort_close(fds[i]);
			fds[i] = open_try(s, ++tries[i], type, addr(ctx, t, j), err,
					  errlen);
			if (fds[i] < 0)
				return -1;
			probe(fds[i]);
			state[i] = FLOW_WAIT;
		} else if (state[i] == FLOW_WAIT) {
			if (atomic_load(&s->seen_gen) == tries[i]) {
				last_cpu[i] = atomic_load(&s->cpu);
				state[i] = last_cpu[i] == target_cpu(p, j) ?
					   FLOW_PLACED : FLOW_CONNECT;
			} else if (type == SOCK_DGRAM) {
				/* lost until the receiver connects to this try */
				probe(fds[i]);
			}
		}
		placed += state[i] == FLOW_PLACED;
	}
	return placed;
}

/* The first flow still waiting for its receiver, for the timeout message. */
static void describe_stuck(const struct placement *p, const enum flow_state *state,
			   int placed, char *err, size_t errlen)
{
	int n = p->tenants * p->flows, i = 0;

	while (i < n - 1 && state[i] == FLOW_PLACED)
		i++;
	snprintf(err, errlen, "flow placement: %d of %d flows placed after %.0f s; "
		 "tenant %d flow %d (target CPU %d) still waits for its receiver",
		 placed, n, PLACEMENT_TIMEOUT_S, i % p->tenants, i / p->tenants,
		 target_cpu(p, i / p->tenants));
}

int placement_connect_all(struct placement *p, int type, placement_addr_fn addr,
			  const void *ctx, int *fds, char *err, size_t errlen)
{
	int n = p->tenants * p->flows, placed = 0, total = 0, rc = -1;
	enum flow_state *state = calloc((size_t)n, sizeof(*state));
	int *tries = calloc((size_t)n, sizeof(*tries));
	int *last_cpu = calloc((size_t)n, sizeof(*last_cpu));
	double deadline = now_s() + PLACEMENT_TIMEOUT_S;

	if (!state || !tries || !last_cpu) {
		snprintf(err, errlen, "sender: out of memory");
		goto out;
	}
	for (int i = 0; i < n; i++)
		fds[i] = -1;
	while (placed < n) {
		placed = place_pass(p, type, addr, ctx, fds, state, tries, last_cpu,
				    err, errlen);
		if (placed < 0)
			goto out;
		if (placed < n && now_s() > deadline) {
			describe_stuck(p, state, placed, err, errlen);
			goto out;
		}
		if (placed < n)
			sleep_s(0.001);
	}
	for (int i = 0; i < n; i++)
		total += tries[i] - 1;
	atomic_store(&p->tries, total);
	atomic_store(&p->done, 1);
	rc = 0;
out:
	free(state);
	free(tries);
	free(last_cpu);
	return rc;
}

void placement_rx_init(struct placement_rx *r, struct placement *p, int t)
{
	memset(r, 0, sizeof(*r));
	r->p = p;
	r->t = t;
}

int placement_rx_accepted(struct placement_rx *r, int fd)
{
	struct sockaddr_in peer;
	socklen_t len = sizeof(peer);

	if (getpeername(fd, (struct sockaddr *)&peer, &len) < 0)
		return -1;
	/* the sender published the port before it connected */
	for (int j = 0; j < r->p->flows; j++) {
		struct placement_slot *s = &r->p->slot[r->t][j];

		if (atomic_load(&s->sport) == ntohs(peer.sin_port)) {
			r->gen[j] = atomic_load(&s->gen);
			return j;
		}
	}
	return -1;
}

void placement_rx_follow(struct placement_rx *r, const struct pollfd *flows)
{
	for (int j = 0; j < r->p->flows; j++) {
		struct placement_slot *s = &r->p->slot[r->t][j];
		int gen = atomic_load(&s->gen), none = -1;
		struct sockaddr_in peer = { .sin_family = AF_INET };

		if (gen == r->gen[j])
			continue;
		/* the sender writes sport before gen: this is that try's */
		peer.sin_port = htons((unsigned short)atomic_load(&s->sport));
		peer.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		if (connect(flows[j].fd, (struct sockaddr *)&peer, sizeof(peer)) < 0)
			continue;
		/*
		 * Only a connected UDP socket records its incoming CPU: forget
		 * the previous try's, so what is read next is this one's.
		 */
		setsockopt(flows[j].fd, SOL_SOCKET, SO_INCOMING_CPU, &none,
			   sizeof(none));
		r->gen[j] = gen;
	}
}

void placement_rx_received(struct placement_rx *r, int j, int fd)
{
	struct placement_slot *s = &r->p->slot[r->t][j];
	int cpu;

	if (r->gen[j] == 0 || r->reported[j] == r->gen[j] ||
	    placement_done(r->p))
		return;
	cpu = incoming_cpu(fd);
	/* -1: the bytes read came before the socket followed this try */
	if (cpu < 0)
		return;
	atomic_store(&s->cpu, cpu);
	atomic_store(&s->seen_gen, r->gen[j]);
	r->reported[j] = r->gen[j];
}

void placement_rx_answer(struct placement_rx *r, const struct pollfd *flows)
{
	struct placement *p = r->p;

	if (!atomic_load(&p->ask) || atomic_load(&p->answered[r->t]))
		return;
	for (int j = 0; j < p->flows; j++)
		atomic_store(&p->slot[r->t][j].end_cpu,
			     flows[j].fd >= 0 ? incoming_cpu(flows[j].fd) : -1);
	atomic_store(&p->answered[r->t], 1);
}

static bool all_answered(struct placement *p)
{
	for (int t = 0; t < p->tenants; t++)
		if (!atomic_load(&p->answered[t]))
			return false;
	return true;
}

void placement_describe(struct placement *p, json_t *metrics)
{
	double deadline = now_s() + READOUT_TIMEOUT_S;
	long long count[RX_MAX_RX_CPUS] = { 0 }, off_target = 0;
	json_t *per_cpu = json_array();

	json_object_set_new(metrics, "flow_placement_tries",
			    json_integer(atomic_load(&p->tries)));
	atomic_store(&p->ask, 1);
	while (!all_answered(p) && now_s() < deadline)
		sleep_s(0.01);
	for (int t = 0; t < p->tenants; t++) {
		for (int j = 0; j < p->flows; j++) {
			int cpu = atomic_load(&p->answered[t]) ?
				  atomic_load(&p->slot[t][j].end_cpu) : -1;

			if (cpu >= RX_CPU && cpu < RX_CPU + p->rx_cpus)
				count[cpu - RX_CPU]++;
			off_target += cpu != target_cpu(p, j);
		}
	}
	for (int c = 0; c < p->rx_cpus; c++)
		json_array_append_new(per_cpu, json_integer(count[c]));
	json_object_set_new(metrics, "flows_per_rx_cpu", per_cpu);
	json_object_set_new(metrics, "flows_off_target_at_end",
			    json_integer(off_target));
}
