/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_KCONFIG_FRAGMENT_H
#define MMX_KCONFIG_FRAGMENT_H

#include <stddef.h>

/*
 * Calls fn for each option line of a fragment text, in order: name is
 * CONFIG_X, want its value, unset 1 for "# CONFIG_X is not set" and "=n".
 */
void kconfig_each_option(const char *fragment,
			 void (*fn)(const char *name, const char *want, int unset,
				    void *ctx),
			 void *ctx);

/*
 * The value a fragment text sets for option name (the last setting wins):
 * returns 1 and the value ("" for "is not set" or "=n"), or 0 when the
 * fragment does not mention it.
 */
int kconfig_fragment_value(const char *fragment, const char *name, char *value,
			   size_t cap);

#endif
