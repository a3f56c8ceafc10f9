/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_COST_STATE_H
#define MMX_COST_STATE_H

#include <stdint.h>

#include "access_merge.h"
#include "func_ranges.h"
#include "insn_class.h"
#include "line_owner.h"
#include "mix_estimate.h"

/* What the cost plugin's callbacks count, and cost_output.c writes. */

/* one vCPU's counts, written only by that vCPU's thread */
struct vcpu_counts {
	int open;
	const void *cur_tb;	/* the block this vCPU is executing */
	uint64_t all_insns;	/* every instruction it ran: its share of guest time */
	uint64_t begins, ends;
	uint64_t kernel_insns, user_insns;
	uint64_t kernel_classes[IC_COUNT];
	uint64_t stale_mem;	/* memory callbacks of another block: dropped */
	struct access_stash stash;
	/* per function of the set */
	uint64_t *calls, *insns, *transfers;
	uint64_t *classes;	/* [func][IC_COUNT] */
	uint64_t *by_holders;	/* [func][load, store][HOLDER_BUCKETS] */
	uint64_t *ret_transfers;	/* transfers at a ret instruction */
	/*
	 * the receive scope: from a call of a scope function (net_rx_action,
	 * __napi_poll) to its ret, nested calls counted by depth; neither
	 * sleeps, so a scope opens and closes on one vCPU
	 */
	int scope_depth;
	uint64_t scope_entries, scope_exits;
	uint64_t scope_unbalanced;	/* a scope ret with no scope open */
	uint64_t scope_insns;		/* every instruction run inside */
	uint64_t scope_classes[IC_COUNT];	/* the kernel's, inside */
	/* per function of the set, inside the scope */
	uint64_t *scope_calls, *scope_func_insns, *scope_transfers;
	uint64_t *scope_func_classes;	/* [func][IC_COUNT] */
} __attribute__((aligned(64)));

#define MIX_MAX 4
#define MIX_WHOLE_RUN (1ULL << 62)	/* a window no run reaches the end of */
#define TURN_BUCKETS 40

struct cost_state {
	struct func_ranges funcs;
	struct line_table *lines;
	struct vcpu_counts *vcpus;
	int max_vcpus;
	int have_scope;		/* the set names scope functions */
	/*
	 * the schedule-independent estimate, one table per window length; a
	 * function's accesses inside the receive scope go in as function
	 * index + funcs.n, so the table holds 2 * funcs.n functions
	 */
	struct mix_table *mix[MIX_MAX];
	uint64_t mix_window[MIX_MAX];
	int nmix;
	/* icount's turns: consecutive instructions of one vCPU (turns=1) */
	int turns_on;
	uint64_t turn_hist[TURN_BUCKETS];	/* by floor(log2(length)) */
	uint64_t turns, turn_insns;
};

static inline uint64_t *by_holders_of(struct vcpu_counts *c, long func, int is_store)
{
	return &c->by_holders[((size_t)func * 2 + (is_store ? 1 : 0)) * HOLDER_BUCKETS];
}

/* Writes the counts as JSON to path (through a temporary name). */
void cost_output_write(struct cost_state *st, const char *path);

#endif
