// SPDX-License-Identifier: GPL-2.0
/*
 * Workloads that exist to prove the host's failure detection: a clean
 * probe (optionally holding the guest up for a while, so a test can kill
 * QEMU mid-run), a real kernel panic, a guest that never answers, kernel
 * reports on the console, and a damaged result stream.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "guest_files.h"
#include "result_channel.h"
#include "workloads.h"

int workload_probe(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	double hold = param_real(params, "hold_s");
	struct timespec ts = { (time_t)hold, (long)((hold - (time_t)hold) * 1e9) };

	(void)err;
	(void)errlen;
	if (hold > 0)
		nanosleep(&ts, NULL);
	json_object_set_new(metrics, "online_cpus",
			    json_integer(sysconf(_SC_NPROCESSORS_ONLN)));
	return 0;
}

/*
 * The first lines of the kernel's own reports, written through /dev/kmsg,
 * the log printk writes to, so they reach the console as a real report
 * would.  A real WARN, oops or lockdep splat needs a kernel module (lkdtm)
 * that our kernels do not build; what this proves is the host's path from
 * a console line to the run's reason and the gate's verdict.
 */
static const struct { const char *kind, *lines; } kernel_reports[] = {
	{ "warning", "<4>------------[ cut here ]------------\n"
		     "<4>WARNING: CPU: 1 PID: 1 at mm/memcontrol.c:1 mmx_injected+0x0/0x10\n" },
	{ "oops", "<1>Oops: general protection fault, probably for non-canonical "
		  "address 0xdead000000000100: 0000 [#1] PREEMPT SMP NOPTI\n" },
	{ "lockdep", "<4>WARNING: possible circular locking dependency detected\n" },
	{ "bug", "<3>BUG: sleeping function called from invalid context at "
		 "mm/memcontrol.c:1\n" },
	/*
	 * QEMU's text-patching race: an int3 trap where the text no longer
	 * holds one (the byte before <..> is a call's e8) ...
	 */
	{ "int3-stale", "<4>Oops: int3: 0000 [#1] SMP\n"
			"<4>RIP: 0010:__schedule+0x495/0x5c0\n"
			"<4>Code: 48 89 df 4c 89 e6 e8 <12> 34 56 78 48 8b 45 00\n" },
	/* ... and a breakpoint still in the text: a real one */
	{ "int3-real", "<4>Oops: int3: 0000 [#1] SMP\n"
		       "<4>RIP: 0010:__schedule+0x495/0x5c0\n"
		       "<4>Code: 48 89 df 4c 89 e6 cc <12> 34 56 78 48 8b 45 00\n" },
};

int workload_kernel_report(json_t *params, json_t *metrics, char *err,
			   size_t errlen)
{
	const char *kind = json_string_value(json_object_get(params, "kind"));

	(void)metrics;
	for (size_t i = 0; i < sizeof(kernel_reports) / sizeof(kernel_reports[0]); i++) {
		const char *line = kernel_reports[i].lines;

		if (strcmp(kernel_reports[i].kind, kind) != 0)
			continue;
		/* /dev/kmsg takes one record per write */
		while (*line) {
			size_t n = strcspn(line, "\n") + 1;
			int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);

			if (fd < 0 || write(fd, line, n) != (ssize_t)n) {
				snprintf(err, errlen, "cannot write /dev/kmsg");
				if (fd >= 0)
					close(fd);
				return -1;
			}
			close(fd);
			line += n;
		}
		return 0;
	}
	snprintf(err, errlen, "unknown report kind '%s'", kind);
	return -1;
}

/*
 * Sends a result frame damaged the way a dying guest or a bad serial line
 * would damage it, then ends the VM before the agent's real result.
 */
int workload_damaged_result(json_t *params, json_t *metrics, char *err,
			    size_t errlen)
{
	const char *how = json_string_value(json_object_get(params, "damage"));
	json_t *fake = json_pack("{s:s, s:{s:i}}", "status", "ok", "metrics",
				 "must_not_be_parsed", 1);
	size_t len = 0;
	char *frame = fake ? result_frame_of(fake, &len) : NULL;
	char *body;

	(void)metrics;
	json_decref(fake);
	if (!frame) {
		snprintf(err, errlen, "cannot build a frame");
		return -1;
	}
	body = strchr(frame, '\n');
	if (strcmp(how, "truncated") == 0)
		len = (size_t)(body - frame) + (len - (size_t)(body - frame)) / 2;
	else if (body && body[1])
		body[2] ^= 0x20;	/* one payload byte: the CRC must catch it */
	result_channel_write(frame, len);
	free(frame);
	guest_exit(0);
}

int workload_panic(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	(void)params;
	(void)metrics;
	write_file("/proc/sys/kernel/sysrq", "1");
	write_file("/proc/sysrq-trigger", "c");
	snprintf(err, errlen, "sysrq crash did not panic the kernel");
	return -1;
}

int workload_hang(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	(void)params;
	(void)metrics;
	(void)err;
	(void)errlen;
	for (;;)
		pause();
}
