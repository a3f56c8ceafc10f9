/*
 * Model test for the multi-slot page stock: the stock functions are taken
 * verbatim from the patched mm/memcontrol.c (extract.py) and run on one
 * simulated CPU with stub page counters and css references.  After every
 * operation it checks: no slot above MEMCG_CHARGE_BATCH, free slots empty,
 * a memcg in at most one slot, css references == slots held, page counter
 * usage == pages held by users + pages in the stock, and a dying memcg never
 * gets a new slot.  At the end a full drain must leave no reference and no
 * cached page.  On multi-slot-dynamic's tree (MEMCG_STOCK_GROW_AFTER) it
 * also checks that no slot at or above the CPU's active count is filled,
 * that one memcg alone gets every other slot given back, and that k memcgs
 * in strict turn make the stock grow to k slots and stop missing.
 */
#include <assert.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
#define BIT_ULL(n) (1ULL << (n))
#define U8_MAX 255
#define MEMCG_CHARGE_BATCH 64U
#define SMP_CACHE_BYTES 64
#define READ_ONCE(x) (x)
#define WRITE_ONCE(x, v) ((x) = (v))
typedef struct { int dummy; } local_lock_t;
struct obj_cgroup;
struct pglist_data;
struct work_struct { int dummy; };
struct page_counter { long usage; };
struct cgroup_subsys_state { long refs; bool dying; };
struct mem_cgroup {
	struct cgroup_subsys_state css;
	struct page_counter memory, memsw;
};
static bool do_memsw_account(void) { return true; }
static void page_counter_uncharge(struct page_counter *pc, unsigned long n)
{
	pc->usage -= n;
	assert(pc->usage >= 0);
}
static void css_put(struct cgroup_subsys_state *css) { assert(css->refs > 0); css->refs--; }
static bool css_tryget_online(struct cgroup_subsys_state *css)
{
	if (css->dying)
		return false;
	css->refs++;
	return true;
}
static inline u32 get_random_u32_below(u32 ceil)
{
	assert(ceil >= 1 && ceil <= CONFIG_MEMCG_STOCK_SLOTS);
	return (u32)rand() % ceil;
}
#define __read_mostly
struct kernel_param { void *arg; };
static int kstrtoint(const char *s, unsigned int base, int *res)
{
	char *end;
	long v = strtol(s, &end, base);

	if (end == s || *end)
		return -22;
	if (v < INT_MIN || v > INT_MAX)
		return -34;
	*res = (int)v;
	return 0;
}
#define pr_warn(...) fprintf(stderr, "warn: " __VA_ARGS__)
#define pr_info(...) fprintf(stderr, "info: " __VA_ARGS__)
#define PAGE_SIZE 4096
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define scnprintf snprintf
/* the kernel's sysfs_match_string() also ignores one trailing newline */
static int sysfs_match_string_n(const char * const *a, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(a[i], s))
			return (int)i;
	return -22;
}
#define sysfs_match_string(a, s) sysfs_match_string_n(a, ARRAY_SIZE(a), s)
#define clamp(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))
#define local_lock_irqsave(l, f) ((void)(l), (void)(f))
#define local_unlock_irqrestore(l, f) ((void)(l), (void)(f))
static struct {
	local_lock_t stock_lock;
} memcg_stock_lockonly;
#define memcg_stock memcg_stock_lockonly
#define this_cpu_ptr(p) (&the_stock)

#include "stock_code_pre.h"
static struct memcg_stock_pcp the_stock;
#include "stock_code_fns.h"

#define NM 40
static struct mem_cgroup mg[NM];
static long held[NM];	/* pages the "users" hold */

static void charge(struct mem_cgroup *m, unsigned int n)
{
	unsigned int batch = n > MEMCG_CHARGE_BATCH ? n : MEMCG_CHARGE_BATCH;

	if (consume_stock(m, n))
		return;
	m->memory.usage += batch;
	m->memsw.usage += batch;
	if (batch > n)
		refill_stock(m, batch - n);
}

static void check(void)
{
	long instock[NM] = { 0 };
	long slots_of[NM] = { 0 };
	int i, k;

	for (i = 0; i < MEMCG_STOCK_SLOTS; i++) {
		struct mem_cgroup *c = the_stock.cached[i];

		assert(the_stock.nr_pages[i] <= MEMCG_CHARGE_BATCH);
		/* slots beyond the boot-time count are never handed out */
		if (i >= memcg_stock_nr_slots)
			assert(!c && !the_stock.nr_pages[i]);
#ifdef MEMCG_STOCK_GROW_AFTER
		/* nor, in the dynamic stock, beyond this CPU's active count */
		assert(the_stock.nr_active >= 1 &&
		       the_stock.nr_active <= memcg_stock_nr_slots);
		if (i >= the_stock.nr_active)
			assert(!c && !the_stock.nr_pages[i]);
#endif
		if (!c) {
			assert(the_stock.nr_pages[i] == 0);
			continue;
		}
		k = c - mg;
		instock[k] += the_stock.nr_pages[i];
		slots_of[k]++;
	}
	for (k = 0; k < NM; k++) {
		assert(slots_of[k] <= 1);
		assert(mg[k].css.refs == slots_of[k]);
		assert(mg[k].memory.usage == held[k] + instock[k]);
		assert(mg[k].memsw.usage == held[k] + instock[k]);
	}
}

#ifdef MEMCG_STOCK_GROW_AFTER
/*
 * The dynamic stock's purpose: @k live memcgs interleaved strictly on one CPU
 * (a receive CPU serving k tenants in turn), from an empty stock.  It must
 * grow to k slots (within the boot-time count) and then stop missing.
 */
static void dynamic_cyclic(int k)
{
	long misses = 0, round;
	int j;

	if (k > memcg_stock_nr_slots)
		k = memcg_stock_nr_slots;
	drain_stock(&the_stock);
	for (j = 0; j < k; j++)
		mg[j].css.dying = false;
	for (round = 0; round < 4 * MEMCG_STOCK_PERIOD; round++) {
		for (j = 0; j < k; j++) {
			long before = mg[j].memory.usage;

			charge(&mg[j], 1);
			held[j]++;
			check();
			if (round >= 2 * MEMCG_STOCK_PERIOD &&
			    mg[j].memory.usage != before)
				misses++;
			held[j]--;
			refill_stock(&mg[j], 1);
			check();
		}
	}
	assert(the_stock.nr_active >= k && misses == 0);
	printf("cyclic %d: %d active, 0 misses; ", k, the_stock.nr_active);
}

/*
 * The dynamic stock after the random load: how far it grew, then one memcg
 * charging and uncharging alone for three periods, after which every other
 * memcg's slot must have been given back and the top free slots dropped.
 */
static void dynamic_narrow(int active)
{
	int grown = the_stock.nr_active, cached = 0, top = -1;
	long op;
	int i;

	mg[0].css.dying = false;	/* a live memcg: it may take a slot */
	for (op = 0; op < 3 * MEMCG_STOCK_PERIOD; op++) {
		charge(&mg[0], 1);
		held[0]++;
		check();
		held[0]--;
		refill_stock(&mg[0], 1);
		check();
	}
	for (i = 0; i < MEMCG_STOCK_SLOTS; i++)
		if (the_stock.cached[i]) {
			cached++;
			top = i;
		}
	assert(cached == 1 && the_stock.cached[top] == &mg[0]);
	assert(the_stock.nr_active == top + 1);
	printf("dynamic: %d memcgs, grew to %d of %d, alone: %d cached, %d active; ",
	       active, grown, memcg_stock_nr_slots, cached,
	       the_stock.nr_active);
}
#endif

int main(int argc, char **argv)
{
	long ops = argc > 1 ? atol(argv[1]) : 2000000;
	int active = argc > 2 ? atoi(argv[2]) : 12;
	long hits = 0, misses = 0;
	long op;

	if (argc > 3) {
		/* memcontrol.stock_slots=argv[3] on the command line */
		struct kernel_param kp = { .arg = &memcg_stock_nr_slots };
		int ret = memcg_stock_slots_set(argv[3], &kp);

		printf("stock_slots=%s -> ret %d, %d of %d ", argv[3], ret,
		       memcg_stock_nr_slots, MEMCG_STOCK_SLOTS);
	}
	if (argc > 4) {
		/* memcontrol.stock_overflow=argv[4] on the command line */
		struct kernel_param kp = { .arg = &memcg_stock_overflow_clamp };
		char shown[16];
		int ret = memcg_stock_overflow_set(argv[4], &kp);

		memcg_stock_overflow_get(shown, &kp);
		printf("stock_overflow=%s -> ret %d, %.*s ", argv[4], ret,
		       (int)strcspn(shown, "\n"), shown);
	}
	assert(memcg_stock_nr_slots >= 1 &&
	       memcg_stock_nr_slots <= MEMCG_STOCK_SLOTS);
	srand(1);
#ifdef START_CLOCK
	the_stock.use_clock = START_CLOCK;
#endif
#ifdef MEMCG_STOCK_GROW_AFTER
	the_stock.nr_active = 1;	/* the per-CPU initializer's value */
#endif
	for (op = 0; op < ops; op++) {
		int k = rand() % active;
		struct mem_cgroup *m = &mg[k];
		int r = rand() % 100;
		bool was_cached = false;
		int i;

		for (i = 0; i < MEMCG_STOCK_SLOTS; i++)
			was_cached |= the_stock.cached[i] == m;

		if (r < 50) {
			unsigned int n = rand() % 4 ? 1 + rand() % 8 :
				1 + rand() % 200;
			long before = m->memory.usage;

			charge(m, n);
			held[k] += n;
			if (m->memory.usage == before)
				hits++;
			else
				misses++;
		} else if (r < 95) {
			unsigned int n;

			if (!held[k])
				continue;
			n = rand() % 4 ? 1 + rand() % 8 : 1 + rand() % 1100;
			if (n > held[k])
				n = held[k];
			held[k] -= n;
			refill_stock(m, n);
		} else if (r < 97) {
			/* kill (dying) and offline-drain: drop its slot */
			m->css.dying = true;
			for (i = 0; i < MEMCG_STOCK_SLOTS; i++)
				if (the_stock.cached[i] == m)
					drain_stock_slot(&the_stock, i);
		} else if (r < 98) {
			m->css.dying = false;	/* a new memcg reuses it */
		} else if (r < 99) {
			drain_stock(&the_stock);
		}
		if (m->css.dying && !was_cached)
			for (i = 0; i < MEMCG_STOCK_SLOTS; i++)
				assert(the_stock.cached[i] != m);
		check();
	}
#ifdef MEMCG_STOCK_GROW_AFTER
	dynamic_narrow(active);
	dynamic_cyclic(active);
#endif
	drain_stock(&the_stock);
	check();
	for (op = 0; op < NM; op++)
		assert(mg[op].css.refs == 0 &&
		       mg[op].memory.usage == held[op]);
	printf("slots=%d in use=%d ok ops=%ld hit=%ld miss=%ld\n",
	       MEMCG_STOCK_SLOTS, memcg_stock_nr_slots, ops, hits, misses);
	return 0;
}
