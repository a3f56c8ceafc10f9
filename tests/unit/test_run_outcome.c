// SPDX-License-Identifier: GPL-2.0
#include <jansson.h>

#include "check.h"
#include "result_frame.h"
#include "run_outcome.h"

static char detail[4096];

static const char *judge(const struct vm_outcome *o, const char *console,
			 const char *payload, size_t cut)
{
	static char reason[64];
	char framed[1024] = "";
	json_t *out = json_object();
	size_t n = 0;

	if (payload)
		n = frame_encode(payload, strlen(payload), framed, sizeof(framed));
	n = n > cut ? n - cut : 0;
	run_outcome_judge(o, console, strlen(console), framed, n, out);
	snprintf(reason, sizeof(reason), "%s",
		 strcmp(json_string_value(json_object_get(out, "status")), "ok") == 0 ?
		 "ok" : json_string_value(json_object_get(out, "reason")));
	snprintf(detail, sizeof(detail), "%s",
		 json_string_value(json_object_get(out, "detail")) ?: "");
	json_decref(out);
	return reason;
}

int main(void)
{
	struct vm_outcome clean = { .qemu_status = 1, .agent_code = 0 };
	struct vm_outcome reset = { .qemu_status = 0, .agent_code = -1 };
	struct vm_outcome hung = { .timed_out = 1, .qemu_status = 137, .agent_code = -1 };
	struct vm_outcome shot = { .killed_by_signal = 1, .qemu_status = 137,
				   .agent_code = -1 };
	struct vm_outcome agent_failed = { .qemu_status = 3, .agent_code = 1 };
	const char *ok = "{\"status\":\"ok\",\"metrics\":{}}";
	const char *boot = "[ 1.3] Run /init as init process\n";

	CHECK_STR(judge(&clean, boot, ok, 0), "ok", "clean exit with a result is ok");
	CHECK_STR(judge(&reset, "[2] Kernel panic - not syncing: x\n", NULL, 0),
		  "kernel-panic", "a panic is a failure");
	CHECK_STR(detail, "console: [2] Kernel panic - not syncing: x",
		  "a panic that is its own first finding is named once");
	CHECK_STR(judge(&reset, "[1] BUG: unable to handle page fault for address: 8\n"
			"[1] RIP: 0010:f+0x1/0x9\n"
			"[2] Kernel panic - not syncing: Fatal exception in interrupt\n",
			NULL, 0), "kernel-panic", "an oops then a panic is a panic");
	CHECK_STR(detail, "console: [2] Kernel panic - not syncing: Fatal exception in "
		  "interrupt (first: BUG: unable to handle page fault for address: 8; "
		  "RIP: 0010:f+0x1/0x9)",
		  "the panic's detail names the first fault and where it happened");
	CHECK_STR(judge(&clean, "[2] WARNING: CPU: 0 PID: 1 at mm/x.c:1\n", ok, 0),
		  "kernel-warning", "a WARN fails a run even with a result");
	CHECK_STR(judge(&hung, boot, NULL, 0), "timeout", "a hang is a timeout");
	CHECK_STR(judge(&shot, boot, NULL, 0), "qemu-killed",
		  "QEMU killed from outside is its own reason");
	CHECK_STR(judge(&reset, boot, NULL, 0), "no-result", "no frame at all");
	CHECK_STR(judge(&clean, boot, ok, 10), "truncated-result", "a cut frame");
	CHECK_STR(judge(&clean, boot, "not json", 0), "corrupt-result",
		  "an intact frame that is not JSON");
	CHECK_STR(judge(&agent_failed, boot,
			"{\"status\":\"error\",\"error\":\"no bytes\"}", 0),
		  "agent-error", "the agent's own error is reported");
	CHECK_STR(judge(&reset, boot, ok, 0), "qemu-exit",
		  "a result without the debug-exit is not trusted");
	return check_summary();
}
