/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_SUPERSEDED_RUNS_H
#define MMX_SUPERSEDED_RUNS_H

#include <stddef.h>

#include "matrix_cells.h"

/*
 * A matrix store's records made with another kernel than the one their
 * cell's variant has now (its patches or kconfig fragments changed since
 * the run): they measure a kernel that no longer exists under that name,
 * so they must neither count as done nor reach the report.
 *
 * cell_kernel[i] is the key of cells->v[i]'s kernel as it stands.  Records
 * of this profile whose kernel_hash differs are moved, line for line, to
 * superseded.jsonl beside the store (appended, so nothing is ever lost) and
 * the store is rewritten without them; the caller holds the matrix lock.
 * Says which variants and kernels.  With dry set it only says what it
 * would move.  Returns the number of records (to be) moved, -1 on an I/O
 * error (reported; the store is then unchanged).
 */
long store_set_aside_superseded(const char *store_path, const char *profile,
				const struct cell_list *cells, const char *const *cell_kernel,
				int dry);

#endif
