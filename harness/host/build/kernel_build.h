/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_KERNEL_BUILD_H
#define MMX_KERNEL_BUILD_H

#include <jansson.h>

#include "matrix_file.h"
#include "patch_series.h"
#include "source_tree.h"

#define KCONFIG_FRAGMENTS_MAX 16

/* One kernel to build: a variant's series on the pinned tree, one kconfig axis. */
struct kernel_spec {
	char variant[128];
	char axis[64];
	struct series series;
	int nfrags;
	char frags[KCONFIG_FRAGMENTS_MAX][4096];	/* absolute */
	char frag_names[KCONFIG_FRAGMENTS_MAX][256];	/* as matrix.json names them */
	char key[65];		/* sha256 of version, base target, fragments, patches */
	char dir[4096];		/* $MMX_CACHE/kernels/<key prefix> */
};

/*
 * Resolves variant + axis from matrix.json and computes the kernel key.  A
 * variant with a "base" gets its base's patches and fragments first.
 */
int kernel_spec_resolve(const struct matrix *m, const struct source_tree *st,
			const char *variant, const char *axis,
			struct kernel_spec *ks);

/*
 * Builds the kernel unless an identical one (same key) is already built.
 * Returns 0 and the kernel's metadata (kernel.json) in *meta.
 */
int kernel_ensure_built(const struct matrix *m, const struct source_tree *st,
			const struct kernel_spec *ks, json_t **meta);

/* Paths of the artifacts kept per kernel. */
void kernel_artifact(const struct kernel_spec *ks, const char *name, char *buf,
		     size_t cap);

#endif
