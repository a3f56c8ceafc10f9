/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_LOG_H
#define MMX_LOG_H

/* "[mmx] ..." progress on stderr; stdout carries only results. */
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "mmx: error: ..." on stderr. */
void fail_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A progress line rewritten in place on a terminal, else printed sparsely. */
void progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void progress_done(void);

#endif
