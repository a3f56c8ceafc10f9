// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "kconfig_fragment.h"

/*
 * One fragment line as an option: 1 with its name and wanted value ("" and
 * *unset for "is not set" and "=n"), 0 for comments and anything else.
 */
static int option_line(const char *line, char *name, char *want, int *unset)
{
	*unset = 0;
	if (sscanf(line, "# %255[A-Za-z0-9_] is not set", name) == 1 &&
	    strncmp(name, "CONFIG_", 7) == 0) {
		*unset = 1;
		want[0] = '\0';
		return 1;
	}
	if (sscanf(line, "%255[A-Za-z0-9_]=%255[^\n]", name, want) == 2 &&
	    strncmp(name, "CONFIG_", 7) == 0) {
		if (strcmp(want, "n") == 0) {
			*unset = 1;
			want[0] = '\0';
		}
		return 1;
	}
	return 0;
}

void kconfig_each_option(const char *fragment,
			void (*fn)(const char *name, const char *want, int unset, void *ctx),
			void *ctx)
{
	const char *p = fragment;

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char line[512], name[256], want[256];
		int unset;

		snprintf(line, sizeof(line), "%.*s", (int)(len < 511 ? len : 511), p);
		p = eol ? eol + 1 : NULL;
		if (!option_line(line, name, want, &unset))
			continue;
		fn(name, want, unset, ctx);
	}
}

struct option_lookup {
	const char *name;
	char *value;
	size_t cap;
	int found;
};

/* the last setting wins, as in merge_config.sh */
static void remember_option(const char *name, const char *want, int unset, void *ctx)
{
	struct option_lookup *q = ctx;

	if (strcmp(name, q->name) == 0) {
		snprintf(q->value, q->cap, "%s", unset ? "" : want);
		q->found = 1;
	}
}

int kconfig_fragment_value(const char *fragment, const char *name, char *value,
			   size_t cap)
{
	struct option_lookup q = { name, value, cap, 0 };

	value[0] = '\0';
	kconfig_each_option(fragment, remember_option, &q);
	return q.found;
}
