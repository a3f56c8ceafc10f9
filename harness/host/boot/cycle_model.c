// SPDX-License-Identifier: GPL-2.0
/*
 * The cycle model's figures.  Every number is sourced in
 * docs/cycle-model.md; in short:
 *
 * - locked, xchg, pushf, popf, fence, serializing: InstLatX64 (AIDA64
 *   measurements, github.com/InstLatx64/InstLatx64), the "T:" column
 *   (cycles per instruction issued back to back): LOCK ADD [m64], r64;
 *   XCHG r64, [m64]; PUSHFQ; POPFQ = (PUSHFQ + POPFQ) - PUSHFQ; MFENCE;
 *   CPUID (EAX = 0).
 * - cli, sti: Intel Technology Journal 12(3), 2008, "Original 45nm Intel
 *   Core Microarchitecture": CLI throughput 5 cycles, STI 8.  A Penryn
 *   figure: ASSUMED to hold for Skylake, and BORROWED for Zen 2, for which
 *   no published figure was found.
 * - plain: 1 cycle, a model parameter (not a measurement).
 * - transfers: Skylake-SP, McKenney, "Is Parallel Programming Hard, And,
 *   If So, What Can You Do About It?", table "CPU 0 View of
 *   Synchronization Mechanisms on 8-Socket System With Intel Xeon
 *   Platinum 8176 CPUs @ 2.10 GHz": off-core blind CAS 99.8 cycles minus
 *   same-CPU CAS 14.6 = 85.2.  Zen 2, AnandTech (Frumusanu, Zen 3 review,
 *   "Core-to-Core Latency"): 17 ns within a Ryzen 9 3950X CCX; across CCXs
 *   no Zen 2 figure was found, and 79.5 ns (Zen 4's cross-CCD figure,
 *   which AnandTech calls an improvement on Zen 2's cross-CCX latencies)
 *   is used as a lower bound; both at an ASSUMED 4.0 GHz.  The growth with
 *   the holder count (inv_per_doubling = 0.1) is an ASSUMPTION.
 */
#include <math.h>
#include <string.h>

#include "cycle_model.h"

const double cycle_holder_rep[HOLDER_BUCKETS] = { 1, 2, 3, 4, 6, 12, 24 };

/* cli, sti: ITJ 2008 (Penryn) throughput figures, see above */
#define PENRYN_CLI 5.0
#define PENRYN_STI 8.0

/* the price of an ordinary instruction: a model parameter */
#define PLAIN_CPI 1.0

/* each doubling of the holders adds this fraction of a transfer: assumed */
#define INV_PER_DOUBLING 0.1

const struct cycle_arch cycle_archs[] = {
	{
		.name = "skylake",
		.cpu = "Intel Xeon Platinum 8160/8176 (Skylake-SP)",
		.insn = {
			[IC_PLAIN] = PLAIN_CPI,
			[IC_LOCKED] = 23.00,		/* LOCK ADD [m64], r64 */
			[IC_XCHG] = 23.00,		/* XCHG r64, [m64] */
			[IC_PUSHF] = 1.08,		/* PUSHFQ */
			[IC_POPF] = 24.00 - 1.08,	/* PUSHFQ + POPFQ, less PUSHFQ */
			[IC_CLI] = PENRYN_CLI,
			[IC_STI] = PENRYN_STI,
			[IC_FENCE] = 33.25,		/* MFENCE */
			[IC_SERIALIZING] = 99.33,	/* CPUID (EAX = 0) */
		},
		.load_transfer = 85.2,
		/* cycle_store_transfer() at cycle_holder_rep[] */
		.store_transfer = { 85.2000, 93.7200, 98.7039, 102.2400,
				    107.2239, 115.7439, 124.2639 },
		.xfer_near = 85.2,	/* 99.8 - 14.6, one tier on a socket */
		.xfer_far = 85.2,
		.near_others = 0,
		.inv_per_doubling = INV_PER_DOUBLING,
	},
	{
		.name = "zen2",
		.cpu = "AMD Ryzen 3000 / Ryzen 9 3950X (Matisse, Zen 2)",
		.insn = {
			[IC_PLAIN] = PLAIN_CPI,
			[IC_LOCKED] = 17.67,		/* LOCK ADD [m64], r64 */
			[IC_XCHG] = 17.67,		/* XCHG r64, [m64] */
			[IC_PUSHF] = 4.00,		/* PUSHFQ */
			[IC_POPF] = 19.25 - 4.00,	/* PUSHFQ + POPFQ, less PUSHFQ */
			[IC_CLI] = PENRYN_CLI,		/* borrowed: no Zen 2 figure */
			[IC_STI] = PENRYN_STI,		/* borrowed: no Zen 2 figure */
			[IC_FENCE] = 78.08,		/* MFENCE */
			[IC_SERIALIZING] = 131.00,	/* CPUID (EAX = 0) */
		},
		.load_transfer = 68.0,	/* nearest first: within the CCX */
		/* cycle_store_transfer() at cycle_holder_rep[] */
		.store_transfer = { 68.0000, 74.8000, 78.7777, 381.6000,
				    400.2018, 432.0018, 463.8018 },
		.xfer_near = 68.0,	/* 17 ns within a CCX at 4.0 GHz */
		.xfer_far = 318.0,	/* >= 79.5 ns across CCXs at 4.0 GHz */
		.near_others = 3,	/* a CCX is 4 cores: 3 others */
		.inv_per_doubling = INV_PER_DOUBLING,
	},
};
const size_t cycle_archs_count = sizeof(cycle_archs) / sizeof(cycle_archs[0]);

const struct cycle_arch *cycle_arch_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < cycle_archs_count; i++)
		if (!strcmp(cycle_archs[i].name, name))
			return &cycle_archs[i];
	return NULL;
}

double cycle_store_transfer(const struct cycle_arch *a, double k)
{
	double base;

	if (k < 1)
		k = 1;
	base = !a->near_others || k <= a->near_others ? a->xfer_near : a->xfer_far;
	return base * (1 + a->inv_per_doubling * log2(k));
}

double cycle_model_price(const struct cycle_arch *a, const double insns[IC_COUNT],
			 const double transfers[2][HOLDER_BUCKETS])
{
	double cycles = 0;

	for (int c = 0; c < IC_COUNT; c++)
		cycles += insns[c] * a->insn[c];
	if (!transfers)
		return cycles;
	for (int b = 0; b < HOLDER_BUCKETS; b++)
		cycles += transfers[0][b] * a->load_transfer +
			  transfers[1][b] * a->store_transfer[b];
	return cycles;
}
