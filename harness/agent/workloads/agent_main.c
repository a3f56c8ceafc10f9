// SPDX-License-Identifier: GPL-2.0
/*
 * mmx-agent: /init of every memcg-matrix guest.
 *
 * Mounts what the workloads need, reads the run spec the host appended to
 * the initramfs, runs one workload, and sends one framed JSON result on the
 * dedicated result serial port before ending the VM with a status code.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "guest_mounts.h"
#include "kernel_params.h"
#include "result_channel.h"
#include "workloads.h"

#define SPEC_PATH "/mmx/spec.json"

enum agent_exit {
	AGENT_OK = 0,
	AGENT_WORKLOAD_FAILED = 1,
	AGENT_NO_CHANNEL = 2,
};

static double monotonic_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int run_spec(json_t *result, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *spec, *params, *metrics;
	const struct workload *w;
	const char *name;
	double start;
	int rc;

	spec = json_load_file(SPEC_PATH, 0, &jerr);
	if (!spec) {
		snprintf(err, errlen, "read %s: %s (line %d)", SPEC_PATH, jerr.text,
			 jerr.line);
		return -1;
	}
	name = json_string_value(json_object_get(spec, "workload"));
	params = json_object_get(spec, "params");
	if (!name || !json_is_object(params)) {
		snprintf(err, errlen, "%s lacks workload or params", SPEC_PATH);
		json_decref(spec);
		return -1;
	}
	json_object_set(result, "workload", json_object_get(spec, "workload"));
	json_object_set(result, "run_id", json_object_get(spec, "run_id"));
	w = workload_find(name);
	if (!w) {
		snprintf(err, errlen, "agent knows no workload '%s'", name);
		json_decref(spec);
		return -1;
	}
	metrics = json_object();
	json_object_set_new(result, "metrics", metrics);
	start = monotonic_s();
	rc = w->run(params, metrics, err, errlen);
	json_object_set_new(result, "workload_s", json_real(monotonic_s() - start));
	json_decref(spec);
	return rc;
}

int main(void)
{
	char err[512] = "";
	struct utsname uts;
	json_t *result = json_object();
	int rc;

	rc = guest_mount_all(err, sizeof(err));
	if (rc == 0)
		rc = run_spec(result, err, sizeof(err));
	if (uname(&uts) == 0)
		json_object_set_new(result, "kernel_release", json_string(uts.release));
	kernel_params_report(result);
	json_object_set_new(result, "guest_uptime_s", json_real(monotonic_s()));
	json_object_set_new(result, "status", json_string(rc == 0 ? "ok" : "error"));
	if (rc != 0)
		json_object_set_new(result, "error", json_string(err));
	if (result_channel_send(result) < 0) {
		fprintf(stderr, "mmx-agent: cannot write result to %s\n", RESULT_TTY);
		guest_exit(AGENT_NO_CHANNEL);
	}
	guest_exit(rc == 0 ? AGENT_OK : AGENT_WORKLOAD_FAILED);
}
