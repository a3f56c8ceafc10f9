// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "kconfig_check.h"

/* Value of CONFIG_name in config text: "y", "123", or "" when unset. */
static void config_value(const char *config, const char *name, size_t nlen,
			 char *out, size_t cap)
{
	const char *p = config;

	out[0] = '\0';
	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (len > nlen && strncmp(p, name, nlen) == 0 && p[nlen] == '=') {
			size_t vlen = len - nlen - 1;

			snprintf(out, cap, "%.*s", (int)(vlen < cap ? vlen : cap - 1),
				 p + nlen + 1);
			return;
		}
		p = eol ? eol + 1 : NULL;
	}
}

int kconfig_check(const char *fragment_name, const char *fragment,
		  const char *config, char *problems, size_t cap)
{
	const char *p = fragment;
	size_t off = strlen(problems);
	int bad = 0;

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char line[512], name[256], want[256], have[256];
		int unset = 0;

		snprintf(line, sizeof(line), "%.*s", (int)(len < 511 ? len : 511), p);
		p = eol ? eol + 1 : NULL;
		if (sscanf(line, "# %255[A-Za-z0-9_] is not set", name) == 1 &&
		    strncmp(name, "CONFIG_", 7) == 0) {
			unset = 1;
			want[0] = '\0';
		} else if (sscanf(line, "%255[A-Za-z0-9_]=%255[^\n]", name, want) == 2 &&
			   strncmp(name, "CONFIG_", 7) == 0) {
			if (strcmp(want, "n") == 0) {
				unset = 1;
				want[0] = '\0';
			}
		} else {
			continue;
		}
		config_value(config, name, strlen(name), have, sizeof(have));
		if (unset ? (have[0] && strcmp(have, "n") != 0) : strcmp(want, have) != 0) {
			bad++;
			if (off < cap)
				off += (size_t)snprintf(problems + off, cap - off,
					"  %s%s%s%s (from %s) is %s%s%s in .config\n",
					unset ? "# " : "", name,
					unset ? " is not set" : "=", want, fragment_name,
					have[0] ? name : "", have[0] ? "=" : "not set",
					have);
		}
	}
	return bad;
}
