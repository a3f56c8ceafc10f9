/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_INSN_CLASSIFY_H
#define MMX_INSN_CLASSIFY_H

#include <stddef.h>
#include <stdint.h>

#include "insn_class.h"

/*
 * The class (insn_class.h) of one x86-64 instruction from its bytes,
 * decoded by Capstone (Debian's libcapstone, the disassembler QEMU itself
 * links), and whether it is a near return: the instruction that ends a
 * translated block through a helper, where QEMU 7.2 leaves memory
 * callbacks armed.  Not thread-safe: the plugin calls it under its
 * translation lock.  Bytes Capstone cannot decode are IC_PLAIN.
 */
struct insn_kind {
	enum insn_class cls;
	int is_ret;
};

int insn_classify_init(void);	/* -1 when Capstone cannot be opened */
struct insn_kind insn_classify(const uint8_t *bytes, size_t len);
void insn_classify_fini(void);

#endif
