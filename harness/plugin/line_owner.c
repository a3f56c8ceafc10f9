// SPDX-License-Identifier: GPL-2.0
#include <pthread.h>
#include <stdlib.h>

#include "line_owner.h"

#define STRIPES 64
#define NO_OWNER 0xffffffffu

struct line_entry {
	uint64_t key;		/* line number + 1; 0 = empty */
	uint64_t sharers;	/* vCPUs holding the line's current version */
	uint32_t owner;		/* last writer, NO_OWNER before any write */
};

struct stripe {
	pthread_mutex_t lock;
	struct line_entry *slots;
	uint64_t used, dropped;
};

struct line_table {
	uint64_t mask;		/* slots per stripe - 1 */
	struct stripe s[STRIPES];
};

/* splitmix64's finaliser: neighbouring lines land far apart */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

struct line_table *line_table_new(uint64_t capacity)
{
	struct line_table *t = calloc(1, sizeof(*t));
	uint64_t per = 16;

	if (!t)
		return NULL;
	/* a stripe stays at most half full, for short probe chains */
	while (per * STRIPES < 2 * capacity)
		per *= 2;
	t->mask = per - 1;
	for (int i = 0; i < STRIPES; i++) {
		pthread_mutex_init(&t->s[i].lock, NULL);
		t->s[i].slots = calloc(per, sizeof(struct line_entry));
		if (!t->s[i].slots) {
			line_table_free(t);
			return NULL;
		}
	}
	return t;
}

/* The entry of key in st, inserted if there is room; NULL when full. */
static struct line_entry *lookup(struct line_table *t, struct stripe *st,
				 uint64_t key, uint64_t h)
{
	for (uint64_t i = 0, j = h; i <= t->mask; i++, j = (j + 1) & t->mask) {
		struct line_entry *e = &st->slots[j];

		if (e->key == key)
			return e;
		if (e->key == 0) {
			if (2 * (st->used + 1) > t->mask + 1)
				return NULL;
			st->used++;
			e->key = key;
			e->owner = NO_OWNER;
			return e;
		}
	}
	return NULL;
}

int line_access(struct line_table *t, uint64_t addr, unsigned int vcpu,
		int is_store, unsigned int *holders)
{
	uint64_t key = (addr >> LINE_SHIFT) + 1, h = mix(key), bit;
	struct stripe *st = &t->s[h % STRIPES];
	struct line_entry *e;
	int transfer = 0;

	if (vcpu >= LINE_MAX_VCPUS)
		return 0;
	bit = 1ULL << vcpu;
	pthread_mutex_lock(&st->lock);
	e = lookup(t, st, key, (h / STRIPES) & t->mask);
	if (!e) {
		st->dropped++;
	} else {
		if (e->owner != NO_OWNER && e->owner != vcpu && !(e->sharers & bit)) {
			int others = __builtin_popcountll(e->sharers & ~bit);

			transfer = 1;
			if (holders)
				*holders = others > 0 ? (unsigned int)others : 1;
		}
		if (is_store) {
			e->owner = vcpu;
			e->sharers = bit;
		} else {
			e->sharers |= bit;
		}
	}
	pthread_mutex_unlock(&st->lock);
	return transfer;
}

void line_table_stats(struct line_table *t, uint64_t *tracked, uint64_t *dropped)
{
	*tracked = *dropped = 0;
	for (int i = 0; i < STRIPES; i++) {
		pthread_mutex_lock(&t->s[i].lock);
		*tracked += t->s[i].used;
		*dropped += t->s[i].dropped;
		pthread_mutex_unlock(&t->s[i].lock);
	}
}

void line_table_free(struct line_table *t)
{
	if (!t)
		return;
	for (int i = 0; i < STRIPES; i++) {
		free(t->s[i].slots);
		pthread_mutex_destroy(&t->s[i].lock);
	}
	free(t);
}
