/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_MATRIX_KERNELS_H
#define MMX_MATRIX_KERNELS_H

#include <signal.h>

#include "kernel_build.h"
#include "matrix_cells.h"
#include "source_tree.h"

/*
 * The distinct kernels of a profile's cells (by key: variants that differ
 * only in their command line share one); of_cell maps cell -> kernel.
 */
struct kernel_set {
	int n;
	int *of_cell;
	struct kernel_spec *ks;
	int *failed;		/* did not build: its cells are recorded failed */
};

int matrix_kernels_of(const struct matrix *m, const struct source_tree *st,
		      const struct cell_list *cells, struct kernel_set *k);
void matrix_kernels_free(struct kernel_set *k);
int matrix_kernel_is_built(const struct kernel_spec *ks);
/* Builds the missing ones in order, saying which; stops early on *stop. */
void matrix_build_kernels(const struct matrix *m, const struct source_tree *st,
			  struct kernel_set *k, volatile sig_atomic_t *stop);

#endif
