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

/*
 * What went wrong first, for a failure's one-line detail: "first: <the
 * earliest finding>; RIP: <the first faulting address after it>" (a panic's
 * own line says only "Fatal exception in interrupt").  Returns the length
 * written; 0 when the log has no finding, or when its first finding is the
 * line shown (console_scan's, NULL for none) with no RIP after it.
 */
size_t console_first_fault(const char *log, size_t len, const char *shown,
			   char *out, size_t cap);

/*
 * The signature of QEMU's text-patching race under multi-threaded TCG: an
 * "Oops: int3" whose "Code:" dump shows no int3 where it trapped (the byte
 * before the one at RIP, which an int3 trap points past, is no longer
 * 0xcc): a vCPU ran a stale translation of a breakpoint text_poke_bp had
 * already replaced.  A real breakpoint still reads cc there.  1 when the
 * log's first int3 oops has it, with its RIP line copied into where.
 */
int console_stale_int3(const char *log, size_t len, char *where, size_t cap);

#endif
