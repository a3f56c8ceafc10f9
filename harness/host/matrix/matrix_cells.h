/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_MATRIX_CELLS_H
#define MMX_MATRIX_CELLS_H

#include <jansson.h>

#include "matrix_file.h"

/* One cell of a profile: what one measured boot runs. */
struct matrix_cell {
	char variant[128];
	char axis[64];
	char workload[64];
	char timing_mode[16];	/* tcg, icount or kvm */
	json_t *params;		/* complete, validated */
	char id[1024];		/* stable: variant/axis/workload/mode + sorted params */
	double est_s;		/* estimated wall time of one run */
	int reps;		/* its group's repetitions, else the profile's */
};

struct cell_list {
	int n, cap;
	struct matrix_cell *v;
};

/*
 * Expands $.profiles.NAME into its cells: every group's variants x kconfig
 * axes (default base) x the cartesian product of its grid x the profile's
 * timing modes, duplicates removed (the first group's repetitions kept), in
 * a stable order.  Returns -1 with the
 * problem reported (matrix_validate has caught most before).
 */
int matrix_expand_profile(const struct matrix *m, const char *profile,
			  struct cell_list *out);
void cell_list_free(struct cell_list *l);

/*
 * The profile's repetitions ($.profiles.NAME.repetitions); a group may set
 * its own (a noisier workload needs more runs to decide at its margin).
 */
int matrix_profile_repetitions(const struct matrix *m, const char *profile);

#endif
