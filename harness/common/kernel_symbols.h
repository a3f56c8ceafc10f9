/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_KERNEL_SYMBOLS_H
#define MMX_KERNEL_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

/*
 * The running kernel's text symbols from /proc/kallsyms (CONFIG_KALLSYMS;
 * root sees the addresses), sorted once so that an instruction pointer
 * resolves by binary search.  Needs nothing but libc, so the host's unit
 * tests can load a file of their own.
 */
struct kernel_symbol {
	uint64_t addr;
	char *name;
};

struct kernel_symbols {
	struct kernel_symbol *sym;
	size_t n;
};

/* Loads path (normally "/proc/kallsyms"); -1 with err if no usable symbol. */
int kernel_symbols_load(struct kernel_symbols *ks, const char *path, char *err,
			size_t errlen);
/* Index of the symbol containing addr (the last one at or below it), or -1. */
long kernel_symbols_lookup(const struct kernel_symbols *ks, uint64_t addr);
void kernel_symbols_free(struct kernel_symbols *ks);

/*
 * Does name match one of the shell globs in patterns?  A compiler clone's
 * suffix (".isra.0", ".constprop.0", ".part.0", ".cold") is ignored, so
 * "drain_stock.isra.0" is drain_stock.
 */
int symbol_matches_any(const char *name, const char *const *patterns,
		       size_t npatterns);

#endif
