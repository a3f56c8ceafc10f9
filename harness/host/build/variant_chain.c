// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "variant_chain.h"

/*
 * The variant and the bases it stacks on ("base" in matrix.json), oldest
 * base first.
 */
int variant_chain(const struct matrix *m, const char *variant,
		  const char *chain[MATRIX_BASE_DEPTH], int *depth)
{
	const char *walk = variant;
	int n = 0;

	while (walk) {
		if (n == MATRIX_BASE_DEPTH || !matrix_variant(m, walk)) {
			fail_msg("%s: $.variants.%s: base '%s' is unknown, or the chain of "
				 "bases is a cycle or deeper than %d", m->path, variant, walk,
				 MATRIX_BASE_DEPTH);
			return -1;
		}
		chain[n++] = walk;
		walk = json_string_value(json_object_get(matrix_variant(m, walk), "base"));
	}
	for (int i = 0; i < n / 2; i++) {
		const char *t = chain[i];

		chain[i] = chain[n - 1 - i];
		chain[n - 1 - i] = t;
	}
	*depth = n;
	return 0;
}

int variant_cmdline(const struct matrix *m, const char *variant, char *buf,
		    size_t cap)
{
	const char *chain[MATRIX_BASE_DEPTH];
	size_t off = 0;
	int depth;

	buf[0] = '\0';
	if (variant_chain(m, variant, chain, &depth) < 0)
		return -1;
	for (int c = 0; c < depth; c++) {
		const char *cmd = json_string_value(json_object_get(
			matrix_variant(m, chain[c]), "cmdline"));

		if (cmd && *cmd && off < cap)
			off += (size_t)snprintf(buf + off, cap - off, "%s%s",
						off ? " " : "", cmd);
	}
	return off < cap ? 0 : -1;
}
