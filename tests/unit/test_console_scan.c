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
	/* what a panic in interrupt looked like, cut to its telling lines */
	{
		const char *panic =
			"[ 9.1] BUG: kernel NULL pointer dereference, address: 0000000000000008\n"
			"[ 9.1] #PF: supervisor read access in kernel mode\n"
			"[ 9.1] Oops: Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
			"[ 9.1] RIP: 0010:napi_complete_done+0x12/0x1b0\n"
			"[ 9.1] RIP: 0010:later_one+0x1/0x2\n"
			"[ 9.2] Kernel panic - not syncing: Fatal exception in interrupt\n";
		char ctx[512];

		CHECK(console_first_fault(panic, strlen(panic), NULL, ctx, sizeof(ctx)) > 0,
		      "a fault has a first finding");
		CHECK_STR(ctx, "first: BUG: kernel NULL pointer dereference, address: "
			  "0000000000000008; RIP: 0010:napi_complete_done+0x12/0x1b0",
			  "first fault: the earliest finding and the first RIP after it");
		CHECK(console_first_fault("[1] Run /init\n", 14, NULL, ctx, sizeof(ctx)) == 0 &&
		      ctx[0] == '\0', "first fault: none in a clean log");
		CHECK(console_first_fault("[1] WARNING: x\n", 15, NULL, ctx, sizeof(ctx)) > 0 &&
		      strcmp(ctx, "first: WARNING: x") == 0,
		      "first fault: no RIP, no RIP part");
	}
	{
		/* the text-patching race as CI saw it: an int3 trap, the text a call again */
		static const char stale[] =
			"[ 3.1] Run /init as init process\n"
			"[ 5.0] Oops: int3: 0000 [#1] SMP\n"
			"[ 5.0] CPU: 3 UID: 0 PID: 0 Comm: swapper/3 Not tainted 6.12.118 #1\n"
			"[ 5.0] RIP: 0010:__schedule+0x495/0x5c0\n"
			"[ 5.0] Code: 48 89 df 4c 89 e6 e8 <12> 34 56 78 48 8b 45 00\n"
			"[ 5.1] Kernel panic - not syncing: Fatal exception in interrupt\n";
		static const char real[] =
			"[ 5.0] Oops: int3: 0000 [#1] SMP\n"
			"[ 5.0] RIP: 0010:__schedule+0x495/0x5c0\n"
			"[ 5.0] Code: 48 89 df 4c 89 e6 cc <12> 34 56 78 48 8b 45 00\n";
		static const char gpf[] =
			"[ 5.0] Oops: general protection fault, probably for non-canonical address\n"
			"[ 5.0] RIP: 0010:__schedule+0x495/0x5c0\n"
			"[ 5.0] Code: 48 89 df 4c 89 e6 e8 <12> 34 56 78 48 8b 45 00\n";
		char where[256];

		CHECK(console_stale_int3(stale, strlen(stale), where, sizeof(where)) == 1,
		      "stale int3: the trapping byte is a call's e8 now, not cc");
		CHECK_STR(where, "RIP: 0010:__schedule+0x495/0x5c0", "stale int3: its RIP is named");
		CHECK(console_stale_int3(real, strlen(real), where, sizeof(where)) == 0,
		      "a breakpoint still in the text (cc) is a real int3, not the race");
		CHECK(console_stale_int3(gpf, strlen(gpf), where, sizeof(where)) == 0,
		      "another oops is not the race");
		CHECK(console_stale_int3("[ 5.0] Oops: int3: 0000 [#1] SMP\n", 33, where,
					 sizeof(where)) == 0, "no Code: line: not claimed");
		CHECK(console_stale_int3("[1] Run /init\n", 14, where, sizeof(where)) == 0,
		      "a clean log: no race");
	}
	return check_summary();
}
