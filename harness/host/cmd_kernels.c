// SPDX-License-Identifier: GPL-2.0
/* mmx kernels [VARIANT...]: build the kernels of the named (or all) variants. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "kernel_build.h"
#include "log.h"
#include "source_tree.h"

static int build_one(const struct matrix *m, const struct source_tree *st,
		     const char *variant, const char *axis)
{
	struct kernel_spec ks;
	json_t *meta;

	if (kernel_spec_resolve(m, st, variant, axis, &ks) < 0)
		return -1;
	if (kernel_ensure_built(m, st, &ks, &meta) < 0)
		return -1;
	printf("%-16s %-8s %.16s %s %s/bzImage\n", variant, axis, ks.key,
	       json_string_value(json_object_get(meta, "kernel_release")), ks.dir);
	json_decref(meta);
	return 0;
}

int cmd_kernels(const struct matrix *m, int argc, char **argv)
{
	const char *axis = "base";
	struct source_tree st;
	int failures = 0, named = 0;

	for (int i = 0; i < argc; i++)
		if (strncmp(argv[i], "kconfig=", 8) == 0)
			axis = argv[i] + 8;
	if (source_tree_ensure(m, &st) < 0)
		return 1;
	for (int i = 0; i < argc; i++) {
		if (strchr(argv[i], '='))
			continue;
		named++;
		if (build_one(m, &st, argv[i], axis) < 0)
			failures++;
	}
	if (!named) {
		const char *name;
		json_t *v;

		json_object_foreach(json_object_get(m->root, "variants"), name, v)
			if (build_one(m, &st, name, axis) < 0)
				failures++;
	}
	if (failures)
		fail_msg("%d kernel(s) failed to build; each error above names its log",
			 failures);
	return failures ? 1 : 0;
}
