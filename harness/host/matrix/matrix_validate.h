/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_MATRIX_VALIDATE_H
#define MMX_MATRIX_VALIDATE_H

#include "matrix_file.h"

/* How deep a chain of "base" variants may go (also catches cycles). */
#define MATRIX_BASE_DEPTH 8

/*
 * Checks the whole of matrix.json: kconfig axes and their fragments,
 * variants (series directory, base chain, fragments, cmdline, knobs against
 * the nearest knob_schema), workload parameter schemas, profiles (known
 * variants, workloads, axes, timing modes, non-empty grids of valid values).
 * Prints one error per problem, each naming its JSON path; returns how many.
 */
int matrix_validate(const struct matrix *m);

#endif
