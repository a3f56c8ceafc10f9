// SPDX-License-Identifier: GPL-2.0
#include <pthread.h>
#include <stdlib.h>

#include "line_hash.h"
#include "line_owner.h"

struct line_entry {
	uint64_t key;		/* line number + 1; 0 = empty */
	uint64_t sharers;	/* vCPUs holding the line's current version */
	uint32_t owner;		/* last writer, LINE_NO_OWNER before any write */
};

struct stripe {
	pthread_mutex_t lock;
	struct line_entry *slots;
	uint64_t used, dropped;
};

struct line_table {
	uint64_t mask;		/* slots per stripe - 1 */
	struct stripe s[LINE_STRIPES];
};

struct line_table *line_table_new(uint64_t capacity)
{
	struct line_table *t = calloc(1, sizeof(*t));
	uint64_t per;

	if (!t)
		return NULL;
	per = line_stripe_slots(capacity);
	t->mask = per - 1;
	for (int i = 0; i < LINE_STRIPES; i++) {
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
	int fresh;
	struct line_entry *e = line_slot(st->slots, sizeof(*e), t->mask, &st->used, key, h,
					   &fresh);

	if (e && fresh)
		e->owner = LINE_NO_OWNER;
	return e;
}

int line_access(struct line_table *t, uint64_t addr, unsigned int vcpu,
		int is_store, unsigned int *holders)
{
	uint64_t key = (addr >> LINE_SHIFT) + 1, h = line_mix(key), bit;
	struct stripe *st = &t->s[h % LINE_STRIPES];
	struct line_entry *e;
	int transfer = 0;

	if (vcpu >= LINE_MAX_VCPUS)
		return 0;
	bit = 1ULL << vcpu;
	pthread_mutex_lock(&st->lock);
	e = lookup(t, st, key, (h / LINE_STRIPES) & t->mask);
	if (!e) {
		st->dropped++;
	} else {
		if (e->owner != LINE_NO_OWNER && e->owner != vcpu && !(e->sharers & bit)) {
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
	for (int i = 0; i < LINE_STRIPES; i++) {
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
	for (int i = 0; i < LINE_STRIPES; i++) {
		free(t->s[i].slots);
		pthread_mutex_destroy(&t->s[i].lock);
	}
	free(t);
}
