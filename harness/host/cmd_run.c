// SPDX-License-Identifier: GPL-2.0
/*
 * mmx run VARIANT WORKLOAD [key=value ...] [--out FILE]
 *
 * Builds the variant's kernel if needed, boots it once with the workload,
 * prints the run's JSON record and appends it to the results store.
 * Run options beside the workload's parameters: accel=auto|kvm|tcg|icount,
 * timeout_s=SECONDS, kconfig=AXIS.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "accel_choice.h"
#include "cache_dir.h"
#include "commands.h"
#include "guest_boot.h"
#include "guest_image.h"
#include "kernel_build.h"
#include "log.h"
#include "provenance.h"
#include "results_store.h"
#include "run_params.h"
#include "source_tree.h"

struct run_options {
	const char *variant, *workload, *out, *axis, *accel;
	double timeout_s;
	int nparams;
	char *params[64];
};

static int usage(void)
{
	fprintf(stderr, "usage: mmx run VARIANT WORKLOAD [key=value ...] "
		"[accel=auto|kvm|tcg|icount] [timeout_s=S] [kconfig=AXIS] "
		"[--out FILE]\n");
	return 2;
}

static int parse_options(int argc, char **argv, struct run_options *o)
{
	memset(o, 0, sizeof(*o));
	o->axis = "base";
	o->accel = "auto";
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--out") == 0) {
			if (++i == argc)
				return -1;
			o->out = argv[i];
		} else if (strncmp(argv[i], "accel=", 6) == 0) {
			o->accel = argv[i] + 6;
		} else if (strncmp(argv[i], "kconfig=", 8) == 0) {
			o->axis = argv[i] + 8;
		} else if (strncmp(argv[i], "timeout_s=", 10) == 0) {
			char *end;

			o->timeout_s = strtod(argv[i] + 10, &end);
			if (*end || o->timeout_s <= 0) {
				fail_msg("timeout_s=%s: expected a positive number of seconds",
					 argv[i] + 10);
				return -1;
			}
		} else if (argv[i][0] == '-') {
			fail_msg("unknown option %s", argv[i]);
			return -1;
		} else if (!o->variant) {
			o->variant = argv[i];
		} else if (!o->workload) {
			o->workload = argv[i];
		} else if (o->nparams < 64) {
			o->params[o->nparams++] = argv[i];
		}
	}
	return o->variant && o->workload ? 0 : -1;
}

/* The static agent is built beside mmx; MMX_AGENT overrides. */
static void agent_path(char *buf, size_t cap)
{
	const char *env = getenv("MMX_AGENT");
	char self[4096];
	ssize_t n;

	if (env && *env) {
		pathf(buf, cap, "%s", env);
		return;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = '\0';
	pathf(buf, cap, "%s/mmx-agent", n > 0 ? dirname(self) : ".");
}

static double default_deadline(const struct matrix *m, json_t *params,
			       enum accel_mode accel)
{
	double work = json_number_value(json_object_get(params, "duration_s")) +
		      json_number_value(json_object_get(params, "warmup_s"));
	double d = (double)matrix_guest_int(m, "boot_allowance_s", 90) + 2 * work + 30;

	if (accel == ACCEL_ICOUNT)
		d *= (double)matrix_guest_int(m, "icount_slowdown", 20);
	return d;
}

int cmd_run(const struct matrix *m, int argc, char **argv)
{
	char err[1024], run_id[96], started[32], store[4096], log_dir[4200];
	char agent[4200], base_image[4200], bzimage[4200], cmdline[2048];
	enum accel_mode accel = ACCEL_TCG;
	struct run_options o;
	struct source_tree st;
	struct kernel_spec ks;
	json_t *wl, *params, *meta, *spec, *rec, *guest;
	const char *vcmd, *status;
	int is_auto, rc;
	time_t t0;

	if (parse_options(argc, argv, &o) < 0)
		return usage();
	if (accel_parse(o.accel, &accel, &is_auto) < 0) {
		fail_msg("accel=%s: expected auto, kvm, tcg or icount", o.accel);
		return 2;
	}
	wl = matrix_workload(m, o.workload);
	if (!wl) {
		fail_msg("unknown workload '%s' ($.workloads in %s)", o.workload, m->path);
		matrix_list_names(m, "workloads");
		return 2;
	}
	params = params_from_args(json_object_get(wl, "params"), o.workload,
				  o.nparams, o.params, err, sizeof(err));
	if (!params) {
		fail_msg("%s", err);
		return 2;
	}
	if (!matrix_variant(m, o.variant)) {
		fail_msg("unknown variant '%s' ($.variants in %s)", o.variant, m->path);
		matrix_list_names(m, "variants");
		return 2;
	}
	if (source_tree_ensure(m, &st) < 0 ||
	    kernel_spec_resolve(m, &st, o.variant, o.axis, &ks) < 0 ||
	    kernel_ensure_built(m, &st, &ks, &meta) < 0)
		return 1;
	agent_path(agent, sizeof(agent));
	if (guest_image_base(ks.dir, agent, base_image, sizeof(base_image)) < 0)
		return 1;
	kernel_artifact(&ks, "bzImage", bzimage, sizeof(bzimage));
	vcmd = json_string_value(json_object_get(matrix_variant(m, o.variant), "cmdline"));
	snprintf(cmdline, sizeof(cmdline), "%s%s%s",
		 matrix_guest_str(m, "cmdline") ?: "console=ttyS0 panic=-1",
		 vcmd ? " " : "", vcmd ? vcmd : "");
	if (is_auto)
		accel = accel_auto(bzimage, base_image, cmdline,
				   (int)matrix_guest_int(m, "memory_mb", 1024));

	if (o.out)
		snprintf(store, sizeof(store), "%s", o.out);
	else
		pathf(store, sizeof(store), "%s/results/adhoc/runs.jsonl", m->repo_root);
	new_run_id(run_id, sizeof(run_id));
	{
		char tmp[4096];

		snprintf(tmp, sizeof(tmp), "%s", store);
		snprintf(log_dir, sizeof(log_dir), "%s/logs/%s", dirname(tmp), run_id);
	}
	spec = json_pack("{s:s, s:O, s:s}", "workload", o.workload, "params", params,
			 "run_id", run_id);
	rec = json_object();
	iso_time_now(started, sizeof(started));
	say("run %s: %s %s on %s (%s), logs in %s", run_id, o.variant, o.workload,
	    json_string_value(json_object_get(meta, "kernel_release")),
	    accel_name(accel), log_dir);
	t0 = time(NULL);
	{
		struct boot_request r = {
			.bzimage = bzimage, .base_image = base_image, .spec = spec,
			.cmdline = cmdline,
			.cpus = (int)matrix_guest_int(m, "cpus", 4),
			.memory_mb = (int)matrix_guest_int(m, "memory_mb", 1024),
			.accel = accel,
			.deadline_s = o.timeout_s > 0 ? o.timeout_s :
				      default_deadline(m, params, accel),
			.log_dir = log_dir,
		};

		if (guest_boot(&r, rec) < 0)
			return 1;
	}
	guest = json_object_get(rec, "guest");
	json_object_set_new(rec, "run_id", json_string(run_id));
	json_object_set_new(rec, "variant", json_string(o.variant));
	json_object_set_new(rec, "kconfig", json_string(o.axis));
	json_object_set_new(rec, "workload", json_string(o.workload));
	json_object_set(rec, "params", params);
	json_object_set_new(rec, "accel", json_string(accel_name(accel)));
	json_object_set_new(rec, "started_at", json_string(started));
	json_object_set_new(rec, "duration_s", json_real(difftime(time(NULL), t0)));
	json_object_set(rec, "kernel_release", json_object_get(meta, "kernel_release"));
	json_object_set(rec, "kernel_hash", json_object_get(meta, "key"));
	json_object_set(rec, "series", json_object_get(meta, "series"));
	json_object_set(rec, "config_sha256", json_object_get(meta, "config_sha256"));
	json_object_set(rec, "source_version", json_object_get(meta, "source_version"));
	json_object_set_new(rec, "cmdline", json_string(cmdline));
	json_object_set(rec, "metrics", json_object_get(guest, "metrics") ?:
			json_object());
	provenance_host(rec, m->repo_root);
	status = json_string_value(json_object_get(rec, "status"));
	rc = strcmp(status ?: "", "ok") == 0 ? 0 : 1;
	{
		char *text = json_dumps(rec, JSON_INDENT(2) | JSON_SORT_KEYS);

		printf("%s\n", text);
		free(text);
	}
	if (rc)
		fail_msg("run %s failed: %s: %s (console log: %s)", run_id,
			 json_string_value(json_object_get(rec, "reason")),
			 json_string_value(json_object_get(rec, "detail")),
			 json_string_value(json_object_get(rec, "console_log")));
	if (results_append(store, rec) < 0)
		rc = 1;
	json_decref(rec);
	json_decref(spec);
	json_decref(params);
	json_decref(meta);
	return rc;
}
