// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache_dir.h"
#include "log.h"
#include "matrix_kernels.h"

int matrix_kernels_of(const struct matrix *m, const struct source_tree *st,
		      const struct cell_list *cells, struct kernel_set *k)
{
	memset(k, 0, sizeof(*k));
	k->of_cell = calloc((size_t)cells->n + 1, sizeof(int));
	k->ks = calloc((size_t)cells->n + 1, sizeof(*k->ks));
	k->failed = calloc((size_t)cells->n + 1, sizeof(int));
	if (!k->of_cell || !k->ks || !k->failed)
		return -1;
	for (int i = 0; i < cells->n; i++) {
		int j;

		struct kernel_spec *ks = &k->ks[k->n];

		/* variants that differ only in cmdline share one kernel */
		if (kernel_spec_resolve(m, st, cells->v[i].variant, cells->v[i].axis, ks) < 0)
			return -1;
		for (j = 0; j < k->n; j++)
			if (!strcmp(k->ks[j].key, ks->key))
				break;
		if (j == k->n)
			k->n++;
		k->of_cell[i] = j;
	}
	return 0;
}

void matrix_kernels_free(struct kernel_set *k)
{
	free(k->of_cell);
	free(k->ks);
	free(k->failed);
}

int matrix_kernel_is_built(const struct kernel_spec *ks)
{
	char done[4200];

	kernel_artifact(ks, "kernel.json", done, sizeof(done));
	return access(done, R_OK) == 0;
}

void matrix_build_kernels(const struct matrix *m, const struct source_tree *st,
			  struct kernel_set *k, volatile sig_atomic_t *stop)
{
	int missing = 0, n = 0;

	for (int j = 0; j < k->n; j++)
		missing += !matrix_kernel_is_built(&k->ks[j]);
	for (int j = 0; j < k->n && !*stop; j++) {
		json_t *meta = NULL;

		if (matrix_kernel_is_built(&k->ks[j]))
			continue;
		say("matrix: kernel %d of %d to build: %s/%s", ++n, missing,
		    k->ks[j].variant, k->ks[j].axis);
		if (kernel_ensure_built(m, st, &k->ks[j], &meta) == 0) {
			json_decref(meta);
			continue;
		}
		if (*stop) {
			/* Ctrl-C reaches make too: not a failure of the variant */
			say("matrix: build of %s/%s interrupted; it is redone next time",
			    k->ks[j].variant, k->ks[j].axis);
		} else {
			fail_msg("kernel %s/%s failed to build; its cells are recorded failed "
				 "and the matrix goes on", k->ks[j].variant, k->ks[j].axis);
			k->failed[j] = 1;
		}
		json_decref(meta);
	}
}

