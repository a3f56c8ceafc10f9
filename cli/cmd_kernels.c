// SPDX-License-Identifier: GPL-2.0
/*
 * mmx kernels [VARIANT...] [kconfig=AXIS] [--profile NAME] [--dry-run]:
 * build the kernels of the named (or all) variants, or every kernel a
 * profile's cells need (on a cluster, the job the shards wait for);
 * --dry-run only prints each key and whether it is built.  Output: one line
 * per kernel, "VARIANT AXIS KEY ...".
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "kernel_build.h"
#include "log.h"
#include "matrix_kernels.h"
#include "source_tree.h"

static int build_one(const struct matrix *m, const struct source_tree *st,
		     const char *variant, const char *axis, int dry_run)
{
	struct kernel_spec ks;
	char done[4200];
	json_t *meta;

	if (kernel_spec_resolve(m, st, variant, axis, &ks) < 0)
		return -1;
	if (dry_run) {
		kernel_artifact(&ks, "kernel.json", done, sizeof(done));
		printf("%-16s %-8s %.16s %s\n", variant, axis, ks.key,
		       access(done, F_OK) == 0 ? "built" : "missing");
		return 0;
	}
	if (kernel_ensure_built(m, st, &ks, &meta) < 0)
		return -1;
	printf("%-16s %-8s %.16s %s %s/bzImage\n", variant, axis, ks.key,
	       json_string_value(json_object_get(meta, "kernel_release")), ks.dir);
	json_decref(meta);
	return 0;
}

/* Every distinct kernel of the profile's cells (variant and kconfig axis). */
static int build_profile(const struct matrix *m, const struct source_tree *st,
			 const char *profile, int dry_run)
{
	struct cell_list cells;
	struct kernel_set k;
	int failures = 0;

	if (matrix_expand_profile(m, profile, &cells) < 0)
		return -2;
	if (matrix_kernels_of(m, st, &cells, &k) < 0) {
		cell_list_free(&cells);
		return -1;
	}
	for (int j = 0; j < k.n; j++)
		if (build_one(m, st, k.ks[j].variant, k.ks[j].axis, dry_run) < 0)
			failures++;
	matrix_kernels_free(&k);
	cell_list_free(&cells);
	return failures;
}

static int is_variant_arg(const char *a)
{
	return !strchr(a, '=') && a[0] != '-';
}

int cmd_kernels(const struct matrix *m, int argc, char **argv)
{
	const char *axis = NULL, *profile = NULL;
	struct source_tree st;
	int failures = 0, named = 0, dry_run = 0;

	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "kconfig=", 8) == 0)
			axis = argv[i] + 8;
		else if (strcmp(argv[i], "--dry-run") == 0)
			dry_run = 1;
		else if (strcmp(argv[i], "--profile") == 0 && i + 1 < argc)
			argv[i] = "", profile = argv[++i], argv[i] = "";
		else if (argv[i][0] == '-') {
			fail_msg("unknown option or missing value: %s (mmx kernels "
				 "[VARIANT...] [kconfig=AXIS] [--profile NAME] [--dry-run])",
				 argv[i]);
			return 2;
		} else if (argv[i][0] && is_variant_arg(argv[i]))
			named++;
	}
	if (profile && (named || axis)) {
		fail_msg("mmx kernels --profile %s takes the variants and kconfig axes "
			 "from the profile: name no variant and no kconfig=", profile);
		return 2;
	}
	if (source_tree_ensure(m, &st) < 0)
		return 1;
	if (profile) {
		failures = build_profile(m, &st, profile, dry_run);
		if (failures == -2)
			return 2;
		if (failures < 0)
			failures = 1;
	}
	for (int i = 0; i < argc; i++)
		if (argv[i][0] && is_variant_arg(argv[i]) &&
		    build_one(m, &st, argv[i], axis ?: "base", dry_run) < 0)
			failures++;
	if (!named && !profile) {
		const char *name;
		json_t *v;

		json_object_foreach(json_object_get(m->root, "variants"), name, v)
			if (build_one(m, &st, name, axis ?: "base", dry_run) < 0)
				failures++;
	}
	/* a dry run builds nothing, so nothing failed to build */
	if (failures && dry_run)
		fail_msg("%d kernel(s) could not be planned: the errors above say why", failures);
	else if (failures)
		fail_msg("%d kernel(s) failed to build; each error above names its log",
			 failures);
	return failures ? 1 : 0;
}
