// SPDX-License-Identifier: GPL-2.0
#include <capstone/capstone.h>

#include "insn_classify.h"

static csh handle;
static int opened;

int insn_classify_init(void)
{
	if (opened)
		return 0;
	if (cs_open(CS_ARCH_X86, CS_MODE_64, &handle) != CS_ERR_OK)
		return -1;
	cs_option(handle, CS_OPT_DETAIL, CS_OPT_ON);
	opened = 1;
	return 0;
}

static int has_memory_operand(const cs_x86 *x)
{
	for (int i = 0; i < x->op_count; i++)
		if (x->operands[i].type == X86_OP_MEM)
			return 1;
	return 0;
}

static enum insn_class class_of(unsigned int id, const cs_x86 *x)
{
	switch (id) {
	case X86_INS_PUSHF: case X86_INS_PUSHFD: case X86_INS_PUSHFQ:
		return IC_PUSHF;
	case X86_INS_POPF: case X86_INS_POPFD: case X86_INS_POPFQ:
		return IC_POPF;
	case X86_INS_CLI:
		return IC_CLI;
	case X86_INS_STI:
		return IC_STI;
	case X86_INS_MFENCE: case X86_INS_LFENCE: case X86_INS_SFENCE:
		return IC_FENCE;
	/* the architecturally serializing ones the kernel runs */
	case X86_INS_CPUID: case X86_INS_IRET: case X86_INS_IRETD: case X86_INS_IRETQ:
	case X86_INS_WRMSR: case X86_INS_INVD: case X86_INS_WBINVD: case X86_INS_LGDT:
	case X86_INS_LIDT: case X86_INS_LLDT: case X86_INS_LTR: case X86_INS_INVLPG:
		return IC_SERIALIZING;
	case X86_INS_XCHG:
		/* xchg with memory is locked whether or not it has the prefix */
		return has_memory_operand(x) ? IC_XCHG : IC_PLAIN;
	}
	return x->prefix[0] == X86_PREFIX_LOCK ? IC_LOCKED : IC_PLAIN;
}

struct insn_kind insn_classify(const uint8_t *bytes, size_t len)
{
	struct insn_kind k = { IC_PLAIN, 0 };
	cs_insn *insn;

	if (!opened || cs_disasm(handle, bytes, len, 0, 1, &insn) != 1)
		return k;
	k.cls = class_of(insn->id, &insn->detail->x86);
	k.is_ret = insn->id == X86_INS_RET;
	cs_free(insn, 1);
	return k;
}

void insn_classify_fini(void)
{
	if (opened)
		cs_close(&handle);
	opened = 0;
}
