// SPDX-License-Identifier: GPL-2.0
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "insn_class.h"
#include "line_hash.h"
#include "line_owner.h"
#include "mix_estimate.h"

/*
 * A pending list is kept for the next window when small, or when this
 * window used a quarter of it (a hot line: no regrowing every window).
 */
#define KEEP_MAX 64
/* packed access: func << 7 | is_store << 6 | vcpu */
#define ACC_VCPU(a) ((a) & 63u)
#define ACC_STORE(a) (((a) >> 6) & 1u)
#define ACC_FUNC(a) ((a) >> 7)
#define MAX_FUNCS (1u << 25)

struct mix_entry {
	uint64_t key;		/* line number + 1; 0 = empty */
	uint64_t window;	/* window index of the pending accesses */
	uint64_t holders;	/* carried in: vCPUs holding the current version */
	uint32_t *acc;		/* pending accesses in arrival order, packed */
	uint32_t n, cap;
	uint32_t owner;		/* carried in: last writer, or LINE_NO_OWNER */
	/* the line's own totals, for the hottest lines (mix_hot_lines) */
	double expected;	/* transfers credited over every window */
	uint64_t accesses, vcpus;	/* accesses recorded; mask of vCPUs */
	uint32_t funcs[MIX_LINE_FUNCS];	/* the first functions credited */
	uint32_t nfuncs;
};

struct stripe {
	_Alignas(64) pthread_mutex_t lock;	/* own cache line: no false sharing */
	struct mix_entry *slots;
	uint64_t used, dropped, windows, accesses;
	double *by_vf;		/* [vcpu][func] */
	double *by_holders;	/* [func][is_store][bucket] */
};

struct mix_table {
	uint64_t mask;		/* slots per stripe - 1 */
	uint64_t window_insns, seed;
	unsigned int nvcpus, nfuncs;
	struct stripe s[LINE_STRIPES];
};

static uint64_t next_rand(uint64_t *s)
{
	*s += 0x9e3779b97f4a7c15ULL;
	return line_mix(*s);
}

struct mix_table *mix_table_new(uint64_t capacity, unsigned int nvcpus,
				unsigned int nfuncs, uint64_t window_insns,
				uint64_t seed)
{
	struct mix_table *t;
	uint64_t per;
	size_t nacc;

	if (!window_insns || !nvcpus || !nfuncs || nfuncs > MAX_FUNCS)
		return NULL;
	t = aligned_alloc(64, (sizeof(*t) + 63) & ~(size_t)63);
	if (!t)
		return NULL;
	memset(t, 0, sizeof(*t));
	per = line_stripe_slots(capacity);
	t->mask = per - 1;
	t->window_insns = window_insns;
	t->seed = seed;
	t->nvcpus = nvcpus < LINE_MAX_VCPUS ? nvcpus : LINE_MAX_VCPUS;
	t->nfuncs = nfuncs;
	nacc = (size_t)t->nvcpus * nfuncs + (size_t)nfuncs * 2 * HOLDER_BUCKETS;
	for (int i = 0; i < LINE_STRIPES; i++)
		pthread_mutex_init(&t->s[i].lock, NULL);
	for (int i = 0; i < LINE_STRIPES; i++) {
		struct stripe *st = &t->s[i];

		st->slots = calloc(per, sizeof(struct mix_entry));
		st->by_vf = calloc(nacc, sizeof(double));
		if (!st->slots || !st->by_vf) {
			mix_table_free(t);
			return NULL;
		}
		st->by_holders = st->by_vf + (size_t)t->nvcpus * nfuncs;
	}
	return t;
}

/* The entry of key in st, inserted if there is room; NULL when full. */
static struct mix_entry *lookup(struct mix_table *t, struct stripe *st,
				uint64_t key, uint64_t h)
{
	int fresh;
	struct mix_entry *e = line_slot(st->slots, sizeof(*e), t->mask, &st->used, key, h,
					  &fresh);

	if (e && fresh)
		e->owner = LINE_NO_OWNER;
	return e;
}

/* Adds x expected transfers of e's packed access a, seeing `holders` others. */
static void credit(struct mix_table *t, struct stripe *st, struct mix_entry *e,
		   uint32_t a, unsigned int holders, double x)
{
	unsigned int f = ACC_FUNC(a), k;

	st->by_vf[(size_t)ACC_VCPU(a) * t->nfuncs + f] += x;
	st->by_holders[((size_t)f * 2 + ACC_STORE(a)) * HOLDER_BUCKETS +
		       holder_bucket(holders)] += x;
	e->expected += x;
	for (k = 0; k < e->nfuncs && e->funcs[k] != f; k++)
		;
	if (k == e->nfuncs && k < MIX_LINE_FUNCS)
		e->funcs[e->nfuncs++] = f;
}

/* Other vCPUs holding the line as v takes it; the owner at least. */
static unsigned int others(uint64_t holders, uint64_t bit)
{
	unsigned int h = __builtin_popcountll(holders & ~bit);

	return h ? h : 1;
}

static int is_transfer(uint32_t owner, uint64_t holders, unsigned int v)
{
	return owner != LINE_NO_OWNER && owner != v && !(holders & (1ULL << v));
}

/* Store-only window: the expectation in closed form. */
static void end_stores(struct mix_table *t, struct stripe *st,
		       struct mix_entry *e, uint32_t o, uint64_t s)
{
	uint32_t cnt[LINE_MAX_VCPUS] = { 0 };
	double inv = 1.0 / e->n;

	for (uint32_t i = 0; i < e->n; i++)
		cnt[ACC_VCPU(e->acc[i])]++;
	for (uint32_t i = 0; i < e->n; i++) {
		uint32_t a = e->acc[i];
		unsigned int v = ACC_VCPU(a);

		/* at position >= 2 after another vCPU's store: only it holds */
		if (cnt[v] < e->n)
			credit(t, st, e, a, 1, (double)(e->n - cnt[v]) * inv);
		if (is_transfer(o, s, v))
			credit(t, st, e, a, others(s, 1ULL << v), inv);
	}
}

/* Window with loads: one seeded random interleaving, replayed. */
static void end_shuffled(struct mix_table *t, struct stripe *st,
			 struct mix_entry *e, uint32_t o, uint64_t s)
{
	/* from seed, line and window only: the same whatever the thread timing */
	uint64_t r = line_mix(t->seed ^ line_mix(e->key ^ line_mix(e->window)));

	for (uint32_t i = e->n - 1; i > 0; i--) {
		uint32_t j = (uint32_t)(((next_rand(&r) >> 32) * (i + 1)) >> 32);
		uint32_t tmp = e->acc[i];

		e->acc[i] = e->acc[j];
		e->acc[j] = tmp;
	}
	for (uint32_t i = 0; i < e->n; i++) {
		uint32_t a = e->acc[i];
		unsigned int v = ACC_VCPU(a);
		uint64_t bit = 1ULL << v;

		if (is_transfer(o, s, v))
			credit(t, st, e, a, others(s, bit), 1.0);
		if (ACC_STORE(a)) {
			o = v;
			s = bit;
		} else {
			s |= bit;
		}
	}
}

static void end_window(struct mix_table *t, struct stripe *st,
		       struct mix_entry *e)
{
	uint32_t o = e->owner;
	uint64_t s = e->holders;
	int loads = 0;

	if (!e->n)
		return;
	st->windows++;
	/* the state carried on: what the arrival order leaves */
	for (uint32_t i = 0; i < e->n; i++) {
		uint32_t a = e->acc[i];

		if (ACC_STORE(a)) {
			e->owner = ACC_VCPU(a);
			e->holders = 1ULL << ACC_VCPU(a);
		} else {
			e->holders |= 1ULL << ACC_VCPU(a);
			loads = 1;
		}
	}
	if (loads)
		end_shuffled(t, st, e, o, s);
	else
		end_stores(t, st, e, o, s);
	if (e->cap > KEEP_MAX && e->n < e->cap / 4) {
		free(e->acc);
		e->acc = NULL;
		e->cap = 0;
	}
	e->n = 0;
}

void mix_access(struct mix_table *t, uint64_t addr, unsigned int vcpu,
		unsigned int func, int is_store, uint64_t now)
{
	uint64_t key = (addr >> LINE_SHIFT) + 1, h = line_mix(key);
	struct stripe *st = &t->s[h % LINE_STRIPES];
	struct mix_entry *e;

	if (vcpu >= t->nvcpus || func >= t->nfuncs)
		return;
	pthread_mutex_lock(&st->lock);
	e = lookup(t, st, key, (h / LINE_STRIPES) & t->mask);
	if (!e)
		goto drop;
	/*
	 * A later window ends this one (no division on the common path); a
	 * late arrival (smaller index) joins the current window.
	 */
	if (now >= (e->window + 1) * t->window_insns) {
		end_window(t, st, e);
		e->window = now / t->window_insns;
	}
	if (e->n == e->cap) {
		uint32_t cap = e->cap ? 2 * e->cap : 8;
		uint32_t *p = cap > e->cap ? realloc(e->acc, cap * sizeof(*p)) : NULL;

		if (!p)
			goto drop;
		e->acc = p;
		e->cap = cap;
	}
	e->acc[e->n++] = func << 7 | (is_store ? 1u : 0u) << 6 | vcpu;
	e->accesses++;
	e->vcpus |= 1ULL << vcpu;
	st->accesses++;
	pthread_mutex_unlock(&st->lock);
	return;
drop:
	st->dropped++;
	pthread_mutex_unlock(&st->lock);
}

void mix_flush(struct mix_table *t)
{
	for (int i = 0; i < LINE_STRIPES; i++) {
		struct stripe *st = &t->s[i];

		pthread_mutex_lock(&st->lock);
		for (uint64_t j = 0; j <= t->mask; j++) {
			struct mix_entry *e = &st->slots[j];

			if (!e->key)
				continue;
			end_window(t, st, e);
			free(e->acc);
			e->acc = NULL;
			e->cap = 0;
		}
		pthread_mutex_unlock(&st->lock);
	}
}

double mix_expected(const struct mix_table *t, unsigned int vcpu,
		    unsigned int func)
{
	double sum = 0;

	if (vcpu >= t->nvcpus || func >= t->nfuncs)
		return 0;
	for (int i = 0; i < LINE_STRIPES; i++)
		sum += t->s[i].by_vf[(size_t)vcpu * t->nfuncs + func];
	return sum;
}

double mix_expected_by_holders(const struct mix_table *t, unsigned int func,
			       int is_store, int bucket)
{
	double sum = 0;

	if (func >= t->nfuncs || bucket < 0 || bucket >= HOLDER_BUCKETS)
		return 0;
	for (int i = 0; i < LINE_STRIPES; i++)
		sum += t->s[i].by_holders[((size_t)func * 2 + !!is_store) *
					  HOLDER_BUCKETS + bucket];
	return sum;
}

void mix_stats(const struct mix_table *t, uint64_t *lines_tracked,
	       uint64_t *accesses_dropped, uint64_t *line_windows)
{
	*lines_tracked = *accesses_dropped = *line_windows = 0;
	for (int i = 0; i < LINE_STRIPES; i++) {
		*lines_tracked += t->s[i].used;
		*accesses_dropped += t->s[i].dropped;
		*line_windows += t->s[i].windows;
	}
}

uint64_t mix_accesses(const struct mix_table *t)
{
	uint64_t n = 0;

	for (int i = 0; i < LINE_STRIPES; i++)
		n += t->s[i].accesses;
	return n;
}

/* a before b: more transfers, then the lower line */
static int hotter(const struct mix_line *a, const struct mix_line *b)
{
	return a->expected > b->expected || (a->expected == b->expected && a->addr < b->addr);
}

size_t mix_hot_lines(const struct mix_table *t, struct mix_line *out, size_t k)
{
	size_t n = 0;

	for (int i = 0; i < LINE_STRIPES; i++)
		for (uint64_t j = 0; j <= t->mask; j++) {
			const struct mix_entry *e = &t->s[i].slots[j];
			struct mix_line l;
			size_t at;

			if (!e->key || !(e->expected > 0))
				continue;
			l = (struct mix_line){ (e->key - 1) << LINE_SHIFT, e->expected,
					       e->accesses, e->vcpus, e->nfuncs, { 0 } };
			memcpy(l.funcs, e->funcs, sizeof(l.funcs));
			/* insertion into the k kept, hottest first */
			for (at = n; at > 0 && hotter(&l, &out[at - 1]); at--)
				if (at < k)
					out[at] = out[at - 1];
			if (at < k) {
				out[at] = l;
				if (n < k)
					n++;
			}
		}
	return n;
}

void mix_table_free(struct mix_table *t)
{
	if (!t)
		return;
	for (int i = 0; i < LINE_STRIPES; i++) {
		struct stripe *st = &t->s[i];

		if (st->slots)
			for (uint64_t j = 0; j <= t->mask; j++)
				free(st->slots[j].acc);
		free(st->slots);
		free(st->by_vf);
		pthread_mutex_destroy(&st->lock);
	}
	free(t);
}
