/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_MIX_ESTIMATE_H
#define MMX_MIX_ESTIMATE_H

#include <stdint.h>

/*
 * Line transfers as if the vCPUs had run at once.  Under icount the vCPUs
 * take turns of millions of instructions, so the serialized line-owner
 * count (line_owner.h) follows QEMU's schedule, not the workload's.  Here,
 * per 64-byte line and per window of global guest time (now / window_insns),
 * the window's accesses (vCPU, function, load/store) are kept and, when the
 * window ends, the EXPECTED number of line-owner transfers over a uniformly
 * random interleaving of them is added, per accessing (vCPU, function) and
 * per [is_store][holder bucket]:
 *  - store-only windows: closed form, each access of vCPU i (n_i of N)
 *    expects (N - n_i) / N, plus 1/N if it would transfer at position 1
 *    from the state the line carries in;
 *  - windows with loads: one seeded random permutation replayed through
 *    the owner model (unbiased; repeatable for a seed, whatever the
 *    thread timing).
 * The state carried into the next window is what the accesses leave in
 * arrival order.  Window length sets the scale: as windows shrink to one
 * access, the estimate becomes the serialized count.
 */

struct mix_table;

/* The functions kept per line (the first credited with a transfer on it). */
#define MIX_LINE_FUNCS 4

/* One line's totals: where the transfers concentrate. */
struct mix_line {
	uint64_t addr;		/* guest physical address of the line */
	double expected;	/* its expected transfers, over every window */
	uint64_t accesses;	/* accesses recorded on it */
	uint64_t vcpus;		/* mask of the vCPUs that accessed it */
	uint32_t nfuncs;
	uint32_t funcs[MIX_LINE_FUNCS];
};

/*
 * capacity: lines tracked at most (sized like line_table_new: stripes at
 * most half full, so an unevenly filled stripe may refuse lines a little
 * before capacity); window_insns > 0; seed makes the shuffles repeatable.
 * NULL when out of memory or invalid.
 */
struct mix_table *mix_table_new(uint64_t capacity, unsigned int nvcpus,
				unsigned int nfuncs, uint64_t window_insns,
				uint64_t seed);
/*
 * One access to guest physical byte address addr by vcpu in function func,
 * at global guest time now (instructions).  Thread-safe.  vcpu >= nvcpus or
 * >= 64, or func >= nfuncs, is ignored; accesses to lines that do not fit
 * are counted as dropped.
 */
void mix_access(struct mix_table *t, uint64_t addr, unsigned int vcpu,
		unsigned int func, int is_store, uint64_t now);
/* Ends every line's pending window: once, at the end, single-threaded. */
void mix_flush(struct mix_table *t);
/* Results, valid after mix_flush: expected transfers, summed over windows. */
double mix_expected(const struct mix_table *t, unsigned int vcpu,
		    unsigned int func);
double mix_expected_by_holders(const struct mix_table *t, unsigned int func,
			       int is_store, int bucket);
/*
 * The k lines with the most expected transfers, hottest first (ties: the
 * lower address); how many (lines with none are left out).  After
 * mix_flush.
 */
size_t mix_hot_lines(const struct mix_table *t, struct mix_line *out, size_t k);
/* Lines tracked, accesses dropped, line-windows ended with >= 1 access. */
void mix_stats(const struct mix_table *t, uint64_t *lines_tracked,
	       uint64_t *accesses_dropped, uint64_t *line_windows);
/* Accesses recorded (not ignored, not dropped). */
uint64_t mix_accesses(const struct mix_table *t);
void mix_table_free(struct mix_table *t);

#endif
