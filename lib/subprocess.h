/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_SUBPROCESS_H
#define MMX_SUBPROCESS_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Starts argv with stdin from /dev/null and stdout+stderr appended to
 * log_path (or inherited when log_path is NULL).  Returns the pid or -1.
 */
pid_t spawn_logged(char *const argv[], const char *log_path);

/* Waits for pid; returns its exit status, 128+signal, or -1. */
int wait_status(pid_t pid);

/* spawn_logged + wait_status. */
int run_logged(char *const argv[], const char *log_path);

/* Runs argv and captures up to cap-1 bytes of stdout+stderr (trailing newline cut). */
int run_capture(char *const argv[], char *out, size_t cap);

#endif
