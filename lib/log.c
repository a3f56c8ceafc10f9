// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "log.h"

static int progress_open;
static time_t last_plain_progress;

/* One line on stderr after prefix, closing any open progress line first. */
static void vline(const char *prefix, const char *fmt, va_list ap)
{
	progress_done();
	fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline("[mmx] ", fmt, ap);
	va_end(ap);
}

void fail_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline("mmx: error: ", fmt, ap);
	va_end(ap);
}

void progress(const char *fmt, ...)
{
	int tty = isatty(STDERR_FILENO);
	time_t now = time(NULL);
	va_list ap;

	/* in logs (CI), one line every 30 s is enough to show life */
	if (!tty && now - last_plain_progress < 30)
		return;
	last_plain_progress = now;
	va_start(ap, fmt);
	fputs(tty ? "\r\033[K[mmx] " : "[mmx] ", stderr);
	vfprintf(stderr, fmt, ap);
	if (!tty)
		fputc('\n', stderr);
	va_end(ap);
	progress_open = tty;
}

void progress_done(void)
{
	if (progress_open)
		fputc('\n', stderr);
	progress_open = 0;
}
