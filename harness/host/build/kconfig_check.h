/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_KCONFIG_CHECK_H
#define MMX_KCONFIG_CHECK_H

#include <stddef.h>

/*
 * merge_config.sh drops options whose dependencies are unmet without
 * failing.  This checks every "CONFIG_X=v" and "# CONFIG_X is not set" of a
 * fragment against the final .config; each mismatch is appended to problems
 * as "CONFIG_X=v (from FRAGMENT) is CONFIG_X=w in .config".  Options that
 * the fragments merged after this one set again (later, their text; may be
 * NULL) are skipped: merge_config.sh lets the later setting win, so a kconfig
 * axis can override base.config.  Returns the number of mismatches.
 */
int kconfig_check(const char *fragment_name, const char *fragment,
		  const char *later, const char *config, char *problems, size_t cap);

#endif
