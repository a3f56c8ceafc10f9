// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "kconfig_check.h"
#include "kconfig_fragment.h"

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

struct check_state {
	const char *fragment_name, *config, *later;
	char *problems;
	size_t cap, off;
	int bad;
};

static void check_option(const char *name, const char *want, int unset, void *ctx)
{
	struct check_state *c = ctx;
	char have[256];

	/* a later fragment's setting of the same option overrides this one */
	if (c->later && kconfig_fragment_value(c->later, name, have, sizeof(have)))
		return;
	config_value(c->config, name, strlen(name), have, sizeof(have));
	if (unset ? (have[0] && strcmp(have, "n") != 0) : strcmp(want, have) != 0) {
		c->bad++;
		if (c->off < c->cap)
			c->off += (size_t)snprintf(c->problems + c->off, c->cap - c->off,
				"  %s%s%s%s (from %s) is %s%s%s in .config\n",
				unset ? "# " : "", name,
				unset ? " is not set" : "=", want, c->fragment_name,
				have[0] ? name : "", have[0] ? "=" : "not set",
				have);
	}
}

int kconfig_check(const char *fragment_name, const char *fragment,
		  const char *later, const char *config, char *problems, size_t cap)
{
	struct check_state c = { fragment_name, config, later, problems, cap,
				 strlen(problems), 0 };

	kconfig_each_option(fragment, check_option, &c);
	return c.bad;
}
