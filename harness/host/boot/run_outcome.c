// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "../../common/result_frame.h"
#include "console_scan.h"
#include "run_outcome.h"

static void failed(json_t *out, const char *reason, const char *detail)
{
	json_object_set_new(out, "status", json_string("failed"));
	json_object_set_new(out, "reason", json_string(reason));
	json_object_set_new(out, "detail", json_string(detail));
}

void run_outcome_judge(const struct vm_outcome *o, const char *console,
		       size_t console_len, const char *result, size_t result_len,
		       json_t *out)
{
	const char *kernel_reason, *payload = NULL;
	enum frame_status fs;
	size_t plen = 0;
	char line[1024], first[1600], detail[2800];
	json_t *guest = NULL;

	fs = frame_decode(result ? result : "", result ? result_len : 0, &payload,
			  &plen);
	if (fs == FRAME_OK) {
		json_error_t jerr;

		guest = json_loadb(payload, plen, 0, &jerr);
		if (guest && json_is_object(guest))
			json_object_set(out, "guest", guest);
	}
	kernel_reason = console_scan(console ? console : "", console ? console_len : 0,
				     line, sizeof(line));
	if (kernel_reason) {
		/* a panic's own line rarely says where: add the first fault */
		if (console_first_fault(console, console_len, line, first, sizeof(first)))
			snprintf(detail, sizeof(detail), "console: %s (%s)", line, first);
		else
			snprintf(detail, sizeof(detail), "console: %s", line);
		failed(out, kernel_reason, detail);
	} else if (o->timed_out) {
		snprintf(detail, sizeof(detail),
			 "no exit within the %.0f s deadline; QEMU was killed",
			 o->wall_s);
		failed(out, "timeout", detail);
	} else if (o->killed_by_signal) {
		snprintf(detail, sizeof(detail), "QEMU died of signal %d",
			 o->qemu_status - 128);
		failed(out, "qemu-killed", detail);
	} else if (fs != FRAME_OK) {
		snprintf(detail, sizeof(detail),
			 "result frame %s (%zu bytes on the result channel, QEMU exit %d)",
			 frame_status_name(fs), result_len, o->qemu_status);
		failed(out, fs == FRAME_MISSING ? "no-result" :
			    fs == FRAME_TRUNCATED ? "truncated-result" : "corrupt-result",
		       detail);
	} else if (!guest || !json_is_object(guest)) {
		failed(out, "corrupt-result", "result frame intact but not a JSON object");
	} else if (strcmp(json_string_value(json_object_get(guest, "status")) ?: "",
			  "ok") != 0) {
		snprintf(detail, sizeof(detail), "%s",
			 json_string_value(json_object_get(guest, "error")) ?: "no message");
		failed(out, "agent-error", detail);
	} else if (o->agent_code != 0) {
		snprintf(detail, sizeof(detail),
			 "agent sent ok but QEMU exited %d (agent code %d)",
			 o->qemu_status, o->agent_code);
		failed(out, "qemu-exit", detail);
	} else {
		json_object_set_new(out, "status", json_string("ok"));
	}
	json_decref(guest);
}
