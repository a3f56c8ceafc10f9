/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_FUNC_RANGES_H
#define MMX_FUNC_RANGES_H

#include <stddef.h>
#include <stdint.h>

/*
 * The function set the cost plugin attributes instructions to: one line per
 * function, "START END CLASS NAME [scope]" (hex addresses, END exclusive;
 * CLASS one of charge, rx, instr, probe; "scope": a call of the function
 * opens the receive scope the plugin counts apart), as mmx writes it from the kernel's
 * System.map; probe functions are the agent's own user-space micro-cases
 * (from its symbol table), whose memory accesses are modelled like the
 * charge path's so the contention model can be checked on a known case.
 * Plain C, no QEMU: the unit tests load files of their own.
 */
enum func_class { FC_CHARGE, FC_RX, FC_INSTR, FC_PROBE, FC_COUNT };

struct func_range {
	uint64_t start, end;
	enum func_class cls;
	int scope;	/* its calls open the receive scope */
	char name[96];
};

struct func_ranges {
	struct func_range *v;	/* sorted by start, not overlapping */
	size_t n;
};

const char *func_class_name(enum func_class c);
/* Loads path; -1 with err naming the file and line when it is unusable. */
int func_ranges_load(struct func_ranges *fr, const char *path, char *err,
		     size_t errlen);
/* Index of the range holding addr, or -1. */
long func_ranges_find(const struct func_ranges *fr, uint64_t addr);
void func_ranges_free(struct func_ranges *fr);

#endif
