/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_VARIANT_CHAIN_H
#define MMX_VARIANT_CHAIN_H

#include <stddef.h>

#include "matrix_file.h"
#include "matrix_validate.h"

/*
 * The variant and the bases it stacks on ("base" in matrix.json), oldest
 * base first; -1 (reported) for an unknown base or a cycle.
 */
int variant_chain(const struct matrix *m, const char *variant,
		  const char *chain[MATRIX_BASE_DEPTH], int *depth);

/* The extra kernel command line of the variant and its bases, in order. */
int variant_cmdline(const struct matrix *m, const char *variant, char *buf,
		    size_t cap);

#endif
