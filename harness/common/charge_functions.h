/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CHARGE_FUNCTIONS_H
#define MMX_CHARGE_FUNCTIONS_H

#include <stddef.h>

/*
 * "memcg charging": the function-name globs (symbol_matches_any) of the
 * charge, uncharge and per-CPU stock code of every variant.  One list for
 * the profile=1 share in the guest and the cost plugin's charge-path set
 * on the host, so both measure the same code.
 */
extern const char *const memcg_charge_functions[];
extern const size_t memcg_charge_functions_count;

#endif
