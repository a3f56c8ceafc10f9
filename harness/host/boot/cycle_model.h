/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CYCLE_MODEL_H
#define MMX_CYCLE_MODEL_H

#include <stddef.h>

#include "insn_class.h"

/*
 * The cycle model: prices the cost plugin's counts (instructions by class,
 * line transfers by access kind and holder count) in cycles of a named
 * part, from published per-instruction and core-to-core figures
 * (docs/cycle-model.md names each source).  A ranking model, not a
 * simulator: it ignores cache misses other than line transfers, branch
 * mispredicts, memory-level parallelism and the overlap of one
 * instruction's latency with others.
 *
 *   cycles = sum over classes c of insns[c] * insn[c]
 *          + sum over buckets b of loads[b] * load_transfer
 *                                + stores[b] * store_transfer[b]
 *
 * A transfer's price is on top of its instruction's class price: a locked
 * add that pulls its line from another core costs insn[IC_LOCKED] plus
 * store_transfer[b].
 */
struct cycle_arch {
	const char *name;	/* metric suffix: modelled_cycles_<name>_per_<unit> */
	const char *cpu;	/* the named part the figures are for */
	double insn[IC_COUNT];	/* cycles per instruction of each class (line in L1, uncontended) */
	double load_transfer;	/* extra cycles a load pays when the line comes from another core */
	double store_transfer[HOLDER_BUCKETS];	/* extra cycles a store/RMW pays when k other cores hold the line */

	/*
	 * The inputs store_transfer[] is computed from (cycle_store_transfer()):
	 * one transfer from the nearest tier of cores, one from the farther
	 * tier, how many other cores the nearest tier has (0: one tier), and
	 * the fraction of a transfer each doubling of the holder count adds.
	 */
	double xfer_near;
	double xfer_far;
	unsigned int near_others;
	double inv_per_doubling;
};

extern const struct cycle_arch cycle_archs[];
extern const size_t cycle_archs_count;

/* The holder count each bucket is priced at: 1, 2, 3, 4, 6, 12, 24. */
extern const double cycle_holder_rep[HOLDER_BUCKETS];

/* NULL if unknown (or NULL) */
const struct cycle_arch *cycle_arch_find(const char *name);

/*
 * The transfer model: a store/RMW to a line k other cores hold pays one
 * transfer from the farthest tier a holder sits in (holders taken nearest
 * first; invalidations go out in parallel, so the farthest one sets the
 * time) times (1 + inv_per_doubling * log2 k) for collecting the k
 * acknowledgements: growing with k, sub-linearly.
 */
double cycle_store_transfer(const struct cycle_arch *a, double k);

/*
 * cycles = sum over classes insns[c] * a->insn[c] + sum over buckets of
 * transfers priced as above; transfers[0] are loads, transfers[1] stores
 * and RMWs.  transfers may be NULL (no transfers).
 */
double cycle_model_price(const struct cycle_arch *a, const double insns[IC_COUNT],
			 const double transfers[2][HOLDER_BUCKETS]);

#endif
