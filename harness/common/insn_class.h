/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_INSN_CLASS_H
#define MMX_INSN_CLASS_H

/*
 * The instruction classes the cost plugin counts and the cycle model
 * prices: the ones the charge-cache designs trade against each other
 * (atomics-only's lock-prefixed RMW on shared counters, split-stock's and
 * objcg-locallock's avoided local_irq_save/restore: pushf, popf, cli,
 * sti), the fences and serializing instructions, and the rest.  One list
 * for the plugin (which classifies) and the host (which prices), so both
 * mean the same class by the same number.
 */
enum insn_class {
	IC_PLAIN,	/* everything not named below */
	IC_LOCKED,	/* lock-prefixed read-modify-write (lock add/xadd/cmpxchg/...) */
	IC_XCHG,	/* xchg with a memory operand: locked without the prefix */
	IC_PUSHF,	/* pushf: local_irq_save's read of the flags */
	IC_POPF,	/* popf: a flags restore */
	IC_CLI,		/* cli: local_irq_disable */
	IC_STI,		/* sti: local_irq_enable */
	IC_FENCE,	/* mfence, lfence, sfence */
	IC_SERIALIZING,	/* cpuid, iret, wrmsr, serialize, invd/wbinvd, ... */
	IC_COUNT
};

/* JSON keys, in enum order */
#define INSN_CLASS_NAMES \
	"plain", "locked", "xchg", "pushf", "popf", "cli", "sti", "fence", "serializing"

/*
 * Line transfers are counted by the kind of the access that caused them
 * and by how many other vCPUs held a copy of the line at that moment (the
 * cycle model's latency grows with them): holders 1, 2, 3, 4, 5-8, 9-16,
 * 17 and more.
 */
#define HOLDER_BUCKETS 7
#define HOLDER_BUCKET_NAMES "1", "2", "3", "4", "5-8", "9-16", "17+"

static inline int holder_bucket(unsigned int holders)
{
	if (holders <= 4)
		return holders ? (int)holders - 1 : 0;
	if (holders <= 8)
		return 4;
	return holders <= 16 ? 5 : 6;
}

#endif
