// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "perf_probes.h"
#include "perf_sampling.h"

#define RING_DATA_PAGES 64	/* 256 KiB per CPU: > 0.25 s of samples */
#define TOP_N 20

struct ring {
	int fd;
	void *base;
	size_t data_size;
};

struct perf_sampler {
	int ncpus, hz, cpus[PROBE_MAX_CPUS];
	struct ring ring[PROBE_MAX_CPUS];
	size_t page_size;
	const struct kernel_symbols *ks;
	pthread_t thread;
	int thread_running;
	atomic_int stop;
	/* aggregates, written by the thread only while it runs */
	uint64_t samples, lost, unresolved, charge_self, charge_children;
	uint32_t *self;		/* per symbol */
	int8_t *is_charge;	/* per symbol: 0 not yet known, 1 yes, -1 no */
	unsigned char record[65536];
};

static int symbol_is_charge(struct perf_sampler *s, long idx)
{
	if (idx < 0)
		return 0;
	if (s->is_charge[idx] == 0)
		s->is_charge[idx] = symbol_matches_any(s->ks->sym[idx].name,
						       memcg_charge_functions,
						       memcg_charge_functions_count) ? 1 : -1;
	return s->is_charge[idx] > 0;
}

/* PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN: u64 ip; u64 nr; u64 ips[nr] */
static void take_sample(struct perf_sampler *s, const uint64_t *v, size_t words)
{
	uint64_t nr;
	long idx;
	int in_chain, first = 1;

	if (words < 2)
		return;
	nr = v[1];
	if (nr > words - 2)
		nr = words - 2;
	s->samples++;
	idx = kernel_symbols_lookup(s->ks, v[0]);
	if (idx < 0)
		s->unresolved++;
	else
		s->self[idx]++;
	in_chain = symbol_is_charge(s, idx);
	s->charge_self += (uint64_t)in_chain;
	for (uint64_t i = 0; i < nr && !in_chain; i++) {
		uint64_t addr = v[2 + i];

		if (addr >= (uint64_t)PERF_CONTEXT_MAX)
			continue;	/* a context marker, not an address */
		/* callers' entries are return addresses: look up the call */
		in_chain = symbol_is_charge(s, kernel_symbols_lookup(s->ks,
							first ? addr : addr - 1));
		first = 0;
	}
	s->charge_children += (uint64_t)in_chain;
}

static void copy_from_ring(const struct ring *r, const unsigned char *data,
			   uint64_t pos, void *dst, size_t len)
{
	size_t off = (size_t)(pos % r->data_size);
	size_t first = r->data_size - off < len ? r->data_size - off : len;

	memcpy(dst, data + off, first);
	memcpy((unsigned char *)dst + first, data, len - first);
}

static void drain_ring(struct perf_sampler *s, struct ring *r)
{
	struct perf_event_mmap_page *meta = r->base;
	const unsigned char *data = (const unsigned char *)r->base + s->page_size;
	uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = meta->data_tail;
	struct perf_event_header hdr;

	while (tail < head) {
		copy_from_ring(r, data, tail, &hdr, sizeof(hdr));
		if (hdr.size < sizeof(hdr))
			break;	/* cannot happen; do not spin on it */
		copy_from_ring(r, data, tail, s->record, hdr.size);
		if (hdr.type == PERF_RECORD_SAMPLE)
			take_sample(s, (const uint64_t *)(s->record + sizeof(hdr)),
				    (hdr.size - sizeof(hdr)) / sizeof(uint64_t));
		else if (hdr.type == PERF_RECORD_LOST && hdr.size >= sizeof(hdr) + 16)
			s->lost += ((const uint64_t *)(s->record + sizeof(hdr)))[1];
		tail += hdr.size;
	}
	__atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
}

static void *reader_thread(void *arg)
{
	struct perf_sampler *s = arg;
	struct pollfd pfd[PROBE_MAX_CPUS];

	for (int i = 0; i < s->ncpus; i++)
		pfd[i] = (struct pollfd){ .fd = s->ring[i].fd, .events = POLLIN };
	for (;;) {
		int last = atomic_load(&s->stop);

		poll(pfd, (nfds_t)s->ncpus, 50);
		for (int i = 0; i < s->ncpus; i++)
			drain_ring(s, &s->ring[i]);
		if (last)
			return NULL;
	}
}

static int open_ring(struct perf_sampler *s, struct ring *r, int cpu,
		     char *err, size_t errlen)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.sample_period = 1000000000ull / (uint64_t)s->hz;	/* ns */
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN;
	attr.disabled = 1;
	attr.exclude_user = 1;
	attr.exclude_callchain_user = 1;
	attr.watermark = 1;
	attr.wakeup_watermark = (uint32_t)(RING_DATA_PAGES * s->page_size / 4);
	r->data_size = RING_DATA_PAGES * s->page_size;
	r->fd = (int)syscall(SYS_perf_event_open, &attr, -1, cpu, -1,
			     PERF_FLAG_FD_CLOEXEC);
	if (r->fd < 0) {
		snprintf(err, errlen, "cpu-clock sampling on CPU %d: %s", cpu,
			 strerror(errno));
		return -1;
	}
	r->base = mmap(NULL, s->page_size + r->data_size, PROT_READ | PROT_WRITE,
		       MAP_SHARED, r->fd, 0);
	if (r->base == MAP_FAILED) {
		r->base = NULL;
		snprintf(err, errlen, "perf ring buffer of CPU %d: %s", cpu,
			 strerror(errno));
		return -1;
	}
	return 0;
}

struct perf_sampler *perf_sampler_open(const int *cpus, int ncpus, int hz,
				       const struct kernel_symbols *ks,
				       char *err, size_t errlen)
{
	struct perf_sampler *s = calloc(1, sizeof(*s));

	if (!s || ncpus < 1 || ncpus > PROBE_MAX_CPUS || hz < 1) {
		snprintf(err, errlen, "sampler: bad arguments or no memory");
		free(s);
		return NULL;
	}
	s->ncpus = ncpus;
	s->hz = hz;
	s->ks = ks;
	s->page_size = (size_t)sysconf(_SC_PAGESIZE);
	s->self = calloc(ks->n ? ks->n : 1, sizeof(*s->self));
	s->is_charge = calloc(ks->n ? ks->n : 1, sizeof(*s->is_charge));
	for (int i = 0; i < ncpus; i++)
		s->ring[i].fd = -1;
	if (!s->self || !s->is_charge) {
		snprintf(err, errlen, "sampler: no memory");
		perf_sampler_close(s);
		return NULL;
	}
	for (int i = 0; i < ncpus; i++) {
		s->cpus[i] = cpus[i];
		if (open_ring(s, &s->ring[i], cpus[i], err, errlen) < 0) {
			perf_sampler_close(s);
			return NULL;
		}
	}
	return s;
}

int perf_sampler_start(struct perf_sampler *s, char *err, size_t errlen)
{
	int rc;

	atomic_store(&s->stop, 0);
	rc = pthread_create(&s->thread, NULL, reader_thread, s);
	if (rc != 0) {
		snprintf(err, errlen, "sampler thread: %s", strerror(rc));
		return -1;
	}
	s->thread_running = 1;
	for (int i = 0; i < s->ncpus; i++)
		ioctl(s->ring[i].fd, PERF_EVENT_IOC_ENABLE, 0);
	return 0;
}

void perf_sampler_stop(struct perf_sampler *s)
{
	for (int i = 0; i < s->ncpus; i++)
		ioctl(s->ring[i].fd, PERF_EVENT_IOC_DISABLE, 0);
	if (!s->thread_running)
		return;
	/* the thread drains every ring once more after it sees stop */
	atomic_store(&s->stop, 1);
	pthread_join(s->thread, NULL);
	s->thread_running = 0;
}

static const struct perf_sampler *sort_owner;

static int by_self_desc(const void *a, const void *b)
{
	uint32_t x = sort_owner->self[*(const size_t *)a];
	uint32_t y = sort_owner->self[*(const size_t *)b];

	return x > y ? -1 : x < y;
}

static json_t *share(uint64_t part, uint64_t whole)
{
	return whole ? json_real((double)part / (double)whole) : json_null();
}

static json_t *top_symbols(const struct perf_sampler *s)
{
	json_t *top = json_array();
	size_t *idx, n = 0;

	idx = malloc((s->ks->n ? s->ks->n : 1) * sizeof(*idx));
	if (!idx)
		return top;
	for (size_t i = 0; i < s->ks->n; i++)
		if (s->self[i])
			idx[n++] = i;
	sort_owner = s;
	qsort(idx, n, sizeof(*idx), by_self_desc);
	for (size_t i = 0; i < n && i < TOP_N; i++) {
		uint32_t self = s->self[idx[i]];

		json_array_append_new(top, json_pack("{s:s, s:I, s:o}",
			"symbol", s->ks->sym[idx[i]].name,
			"self_samples", (json_int_t)self,
			"self_share", share(self, s->samples)));
	}
	free(idx);
	return top;
}

json_t *perf_sampler_report(const struct perf_sampler *s)
{
	json_t *cpus = json_array(), *patterns = json_array();

	for (int i = 0; i < s->ncpus; i++)
		json_array_append_new(cpus, json_integer(s->cpus[i]));
	for (size_t i = 0; i < memcg_charge_functions_count; i++)
		json_array_append_new(patterns, json_string(memcg_charge_functions[i]));
	return json_pack("{s:o, s:i, s:I, s:I, s:I, s:o, s:I, s:I, s:o, s:o, s:o}",
		"cpus", cpus,
		"hz", s->hz,
		"samples", (json_int_t)s->samples,
		"lost_samples", (json_int_t)s->lost,
		"unresolved_samples", (json_int_t)s->unresolved,
		"top20", top_symbols(s),
		"memcg_charge_samples_self", (json_int_t)s->charge_self,
		"memcg_charge_samples_children", (json_int_t)s->charge_children,
		"memcg_charge_share_self", share(s->charge_self, s->samples),
		"memcg_charge_share_children", share(s->charge_children, s->samples),
		"memcg_charge_functions", patterns);
}

void perf_sampler_close(struct perf_sampler *s)
{
	if (!s)
		return;
	perf_sampler_stop(s);
	for (int i = 0; i < s->ncpus; i++) {
		if (s->ring[i].base)
			munmap(s->ring[i].base, s->page_size + s->ring[i].data_size);
		if (s->ring[i].fd >= 0)
			close(s->ring[i].fd);
	}
	free(s->self);
	free(s->is_charge);
	free(s);
}
