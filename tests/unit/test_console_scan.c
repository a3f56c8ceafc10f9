// SPDX-License-Identifier: GPL-2.0
#include "check.h"
#include "console_scan.h"

static const char *scan(const char *log, char *line)
{
	return console_scan(log, strlen(log), line, 256);
}

int main(void)
{
	char line[256];

	CHECK_STR(scan("[    0.0] Linux version 6.12\n[    1.3] Run /init as init process\n",
		       line), NULL, "a clean boot has no finding");
	CHECK_STR(scan("[ 2.0] sysrq: Trigger a crash\n"
		       "[ 2.0] Kernel panic - not syncing: sysrq triggered crash\n", line),
		  "kernel-panic", "panic is found");
	CHECK(strstr(line, "sysrq triggered crash") != NULL, "the panic line is kept");
	CHECK_STR(scan("[ 3.1] ------------[ cut here ]------------\n"
		       "[ 3.1] WARNING: CPU: 1 PID: 9 at mm/memcontrol.c:100 f+0x1\n", line),
		  "kernel-warning", "WARN is found");
	CHECK(strstr(line, "mm/memcontrol.c") != NULL, "the WARNING line beats cut-here");
	CHECK_STR(scan("[ 4] BUG: unable to handle page fault for address: 0\n"
		       "[ 4] Oops: 0000 [#1] SMP\n", line), "kernel-oops",
		  "oops outranks BUG");
	CHECK_STR(scan("[ 5] WARNING: possible circular locking dependency detected\n",
		       line), "lockdep", "lockdep report is its own reason");
	CHECK_STR(scan("[ 6] BUG: sleeping function called from invalid context at x\n",
		       line), "kernel-bug", "sleeping in atomic context is a BUG");
	CHECK_STR(scan("[ 7] Oops: 0002 [#1]\n[ 7] Kernel panic - not syncing: Fatal\n",
		       line), "kernel-panic", "panic outranks oops");
	return check_summary();
}
