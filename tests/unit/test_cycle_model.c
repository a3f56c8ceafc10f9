// SPDX-License-Identifier: GPL-2.0
/*
 * The cycle model (harness/host/boot/cycle_model.c): lookup, pricing, the
 * transfer table against its formula, and the sanity check against
 * upstream's own micro-benchmark of preempt_disable/enable vs
 * local_irq_save/restore (the data behind the 2022 revert fead2b869764:
 * 1e9 iterations, Skylake 5.08 s vs 10.62 s, Zen2 6.23 s vs 4.90 s).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "cycle_model.h"

/* upstream's measurements, seconds for 1e9 iterations */
#define UP_SKL_PREEMPT 5.077611590
#define UP_SKL_IRQ 10.620130377
#define UP_ZEN2_PREEMPT 6.234674489
#define UP_ZEN2_IRQ 4.898076012

static void zero(double insns[IC_COUNT])
{
	for (int c = 0; c < IC_COUNT; c++)
		insns[c] = 0;
}

/*
 * local_irq_save(): pushf; pop %reg; cli.  local_irq_restore() (x86,
 * since 5.11 and in 6.12): if (!arch_irqs_disabled_flags(flags))
 * arch_local_irq_enable(), i.e. test; jcc; and sti when IF was set.
 * Upstream's loop ran with interrupts disabled, so its restores took the
 * branch and executed no sti: with_sti = 0 is the mix it measured.
 */
static void irq_pair(double insns[IC_COUNT], int with_sti)
{
	zero(insns);
	insns[IC_PUSHF] = 1;
	insns[IC_PLAIN] = 1 + 2;	/* pop; test, jcc */
	insns[IC_CLI] = 1;
	insns[IC_STI] = with_sti ? 1 : 0;
}

/* preempt_disable(): inc %gs:__preempt_count; preempt_enable(): dec, test, branch */
static void preempt_pair(double insns[IC_COUNT])
{
	zero(insns);
	insns[IC_PLAIN] = 4;
}

static double irq_ratio(const struct cycle_arch *a, int with_sti)
{
	double irq[IC_COUNT], pre[IC_COUNT];

	irq_pair(irq, with_sti);
	preempt_pair(pre);
	return cycle_model_price(a, irq, NULL) / cycle_model_price(a, pre, NULL);
}

static void test_find(void)
{
	const struct cycle_arch *skl = cycle_arch_find("skylake");
	const struct cycle_arch *zen2 = cycle_arch_find("zen2");

	CHECK(cycle_archs_count >= 2, "at least two architectures");
	CHECK(skl && !strcmp(skl->name, "skylake"), "skylake is found");
	CHECK(zen2 && !strcmp(zen2->name, "zen2"), "zen2 is found");
	CHECK(skl != zen2, "two different entries");
	CHECK(!cycle_arch_find("haswell"), "an unknown architecture is refused");
	CHECK(!cycle_arch_find("Skylake"), "names are case-sensitive");
	CHECK(!cycle_arch_find(""), "the empty name is refused");
	CHECK(!cycle_arch_find(NULL), "NULL is refused");

	for (size_t i = 0; i < cycle_archs_count; i++) {
		const struct cycle_arch *a = &cycle_archs[i];
		int ok = a->name && a->name[0] && a->cpu && a->cpu[0];

		for (const char *p = a->name; ok && *p; p++)
			ok = islower((unsigned char)*p) || isdigit((unsigned char)*p);
		for (size_t j = 0; ok && j < i; j++)
			ok = strcmp(cycle_archs[j].name, a->name) != 0;
		CHECK(ok, "a unique metric suffix and a named part");
		CHECK(cycle_arch_find(a->name) == a, "every entry is found by its name");
	}
}

static void test_prices(const struct cycle_arch *a)
{
	double insns[IC_COUNT], tr[2][HOLDER_BUCKETS] = { { 0 } };
	char name[160];
	int ok = 1;

	snprintf(name, sizeof(name), "%s: a zero mix costs 0", a->name);
	zero(insns);
	CHECK(cycle_model_price(a, insns, tr) == 0 && cycle_model_price(a, insns, NULL) == 0,
	      name);

	snprintf(name, sizeof(name), "%s: n plain instructions cost n * plain", a->name);
	insns[IC_PLAIN] = 1234567;
	CHECK(near(cycle_model_price(a, insns, tr), 1234567 * a->insn[IC_PLAIN], 1e-6), name);

	for (int c = 0; c < IC_COUNT; c++)
		ok = ok && isfinite(a->insn[c]) && a->insn[c] > 0;
	snprintf(name, sizeof(name), "%s: every class has a positive price", a->name);
	CHECK(ok, name);

	snprintf(name, sizeof(name), "%s: a locked RMW costs more than a plain instruction",
		 a->name);
	CHECK(a->insn[IC_LOCKED] > a->insn[IC_PLAIN], name);
	snprintf(name, sizeof(name), "%s: xchg with memory costs more than a plain one", a->name);
	CHECK(a->insn[IC_XCHG] > a->insn[IC_PLAIN], name);
	ok = 1;
	for (int c = IC_LOCKED; c < IC_COUNT; c++)
		ok = ok && a->insn[c] >= a->insn[IC_PLAIN];
	snprintf(name, sizeof(name), "%s: no named class is cheaper than plain", a->name);
	CHECK(ok, name);
	ok = 1;

	/* each class adds its own price */
	for (int c = 0; c < IC_COUNT; c++) {
		zero(insns);
		insns[c] = 3;
		ok = ok && near(cycle_model_price(a, insns, NULL), 3 * a->insn[c], 1e-9);
	}
	snprintf(name, sizeof(name), "%s: each class is priced at its own figure", a->name);
	CHECK(ok, name);
}

static void test_transfers(const struct cycle_arch *a)
{
	double insns[IC_COUNT], tr[2][HOLDER_BUCKETS] = { { 0 } };
	char name[160];
	int mono = 1, formula = 1, bucket = 1;

	for (int b = 1; b < HOLDER_BUCKETS; b++)
		mono = mono && a->store_transfer[b] >= a->store_transfer[b - 1];
	snprintf(name, sizeof(name), "%s: store transfers non-decreasing in holders", a->name);
	CHECK(mono, name);

	snprintf(name, sizeof(name), "%s: a transfer costs more than a locked RMW in L1",
		 a->name);
	CHECK(a->load_transfer > a->insn[IC_LOCKED] &&
	      a->store_transfer[0] > a->insn[IC_LOCKED], name);

	for (int b = 0; b < HOLDER_BUCKETS; b++) {
		formula = formula && near(a->store_transfer[b],
					  cycle_store_transfer(a, cycle_holder_rep[b]), 1e-3);
		bucket = bucket && holder_bucket((unsigned int)cycle_holder_rep[b]) == b;
	}
	snprintf(name, sizeof(name), "%s: the store table is the transfer formula", a->name);
	CHECK(formula, name);
	snprintf(name, sizeof(name), "%s: each representative holder count is in its bucket",
		 a->name);
	CHECK(bucket, name);
	snprintf(name, sizeof(name), "%s: one holder: one transfer from the nearest tier",
		 a->name);
	CHECK(near(cycle_store_transfer(a, 1), a->xfer_near, 1e-9), name);

	zero(insns);
	tr[0][2] = 1;	/* a load, 3 holders */
	tr[1][3] = 2;	/* two stores, 4 holders */
	snprintf(name, sizeof(name), "%s: loads at load_transfer, stores by bucket", a->name);
	CHECK(near(cycle_model_price(a, insns, tr),
		   a->load_transfer + 2 * a->store_transfer[3], 1e-9), name);

	insns[IC_LOCKED] = 1;
	tr[0][2] = 0;
	tr[1][3] = 0;
	tr[1][0] = 1;
	snprintf(name, sizeof(name), "%s: a transferring locked RMW pays both", a->name);
	CHECK(near(cycle_model_price(a, insns, tr),
		   a->insn[IC_LOCKED] + a->store_transfer[0], 1e-9), name);
}

/*
 * Upstream measured local_irq_save/restore dearer than preempt_disable/
 * enable on Skylake (10.62 s vs 5.08 s) and cheaper on Zen2 (4.90 s vs
 * 6.23 s).  The published per-instruction figures reproduce Skylake's
 * direction but not Zen 2's: Zen 2's PUSHFQ alone (4 cycles, InstLatX64)
 * outweighs the whole preempt pair at any plain price near 1.  The checks
 * state what the figures say; docs/cycle-model.md documents the
 * discrepancy.
 */
static void test_upstream_sign(void)
{
	const struct cycle_arch *skl = cycle_arch_find("skylake");
	const struct cycle_arch *zen2 = cycle_arch_find("zen2");
	double up_skl = UP_SKL_IRQ / UP_SKL_PREEMPT;
	double up_zen2 = UP_ZEN2_IRQ / UP_ZEN2_PREEMPT;
	double skl_r, zen2_r, irq[IC_COUNT], pre[IC_COUNT];
	struct cycle_arch nocli;

	if (!skl || !zen2)
		return;
	skl_r = irq_ratio(skl, 0);
	zen2_r = irq_ratio(zen2, 0);
	printf("# irq/preempt, upstream's mix (no sti): skylake %.3f (upstream %.3f), "
	       "zen2 %.3f (upstream %.3f)\n", skl_r, up_skl, zen2_r, up_zen2);
	printf("# irq/preempt, with sti (IF was set): skylake %.3f, zen2 %.3f\n",
	       irq_ratio(skl, 1), irq_ratio(zen2, 1));

	CHECK(up_skl > 1 && up_zen2 < 1, "upstream: irq dearer on Skylake, cheaper on Zen2");
	CHECK(skl_r > 1, "skylake: irq save/restore dearer than preempt, as upstream measured");
	CHECK(skl_r > 1.5 && skl_r < 3, "skylake: between 1.5 and 3 (upstream 2.09)");
	/* the discrepancy, checked as it stands */
	CHECK(zen2_r > 1,
	      "zen2: the published figures price irq ABOVE preempt (upstream: below; documented)");
	CHECK(skl_r < zen2_r,
	      "zen2: the figures even rank Zen2's irq pair dearer, relatively, than Skylake's");

	/* and it does not hinge on the borrowed cli/sti figures */
	nocli = *zen2;
	nocli.insn[IC_CLI] = 0;
	nocli.insn[IC_STI] = 0;
	CHECK(irq_ratio(&nocli, 0) > 1, "zen2: irq still dearer with cli priced at 0");

	/* a restore that enables interrupts costs its sti on top */
	irq_pair(irq, 1);
	preempt_pair(pre);
	CHECK(near(cycle_model_price(skl, irq, NULL) - cycle_model_price(skl, pre, NULL),
		   skl->insn[IC_PUSHF] + skl->insn[IC_CLI] + skl->insn[IC_STI] -
		   skl->insn[IC_PLAIN], 1e-9),
	      "skylake: the irq pair with sti is pushf + cli + sti - one plain above preempt");
}

int main(void)
{
	test_find();
	for (size_t i = 0; i < cycle_archs_count; i++) {
		test_prices(&cycle_archs[i]);
		test_transfers(&cycle_archs[i]);
	}
	test_upstream_sign();
	return check_summary();
}
