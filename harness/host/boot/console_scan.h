/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CONSOLE_SCAN_H
#define MMX_CONSOLE_SCAN_H

#include <stddef.h>

/*
 * Looks for signs of a broken kernel in a console log.  Returns the reason
 * of the most severe finding ("kernel-panic", "kernel-oops", "kernel-bug",
 * "lockdep", "kernel-warning") or NULL, and copies the line that showed it.
 */
const char *console_scan(const char *log, size_t len, char *line, size_t cap);

#endif
