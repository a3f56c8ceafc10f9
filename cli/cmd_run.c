// SPDX-License-Identifier: GPL-2.0
/*
 * mmx run VARIANT WORKLOAD [key=value ...] [--out FILE]
 *
 * Builds the variant's kernel if needed, boots it once with the workload,
 * prints the run's JSON record and appends it to the results store.
 * Run options beside the workload's parameters: accel=auto|kvm|tcg|icount,
 * timeout_s=SECONDS, kconfig=AXIS.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accel_choice.h"
#include "cache_dir.h"
#include "commands.h"
#include "log.h"
#include "metrics_table.h"
#include "run_cell.h"
#include "run_params.h"

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
			if (++i == argc) {
				fail_msg("--out needs a value: the store (a .jsonl file) to append "
					 "the record to");
				return -1;
			}
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
	if (!o->variant || !o->workload) {
		fail_msg("mmx run needs a variant and a workload (mmx run --help)");
		return -1;
	}
	return 0;
}

/* The one line a person reads: the run, its headline metrics, where its logs are. */
static void say_headline(json_t *rec, const char *workload)
{
	static const enum metric_primary roles[] = { PRIMARY_FALLBACK, PRIMARY_COST };
	const char *log = json_string_value(json_object_get(rec, "console_log"));
	const char *slash = log ? strrchr(log, '/') : NULL;
	char line[1024];
	size_t len = 0;

	for (size_t i = 0; i < sizeof(roles) / sizeof(roles[0]); i++) {
		int m = metric_primary_index(workload, roles[i]);
		double v;

		if (m < 0 || metric_def_value(&metric_defs[m], json_object_get(rec, "metrics"),
					      &v) < 0)
			continue;
		len += snprintf(line + len, len < sizeof(line) ? sizeof(line) - len : 0,
				"%s%s %.4g %s", len ? ", " : ": ", metric_defs[m].label,
				v * metric_defs[m].scale, metric_defs[m].unit);
	}
	say("run %s ok%s; logs in %.*s/", json_string_value(json_object_get(rec, "run_id")),
	    len ? line : "", slash ? (int)(slash - log) : 1, slash ? log : ".");
}

int cmd_run(const struct matrix *m, int argc, char **argv)
{
	char err[1024], store[4096];
	struct run_options o;
	struct cell c;
	json_t *wl, *params, *rec;
	int rc;

	if (parse_options(argc, argv, &o) < 0)
		return usage();
	memset(&c, 0, sizeof(c));
	if (accel_parse(o.accel, &c.accel, &c.accel_auto) < 0) {
		fail_msg("accel=%s: expected auto, kvm, tcg or icount", o.accel);
		return 2;
	}
	wl = matrix_workload(m, o.workload);
	if (!wl) {
		fail_msg("unknown workload '%s' ($.workloads in %s)", o.workload, m->path);
		matrix_list_names(m, "workloads", o.workload);
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
		matrix_list_names(m, "variants", o.variant);
		json_decref(params);
		return 2;
	}
	if (o.out)
		pathf(store, sizeof(store), "%s", o.out);
	else
		pathf(store, sizeof(store), "%s/results/adhoc/runs.jsonl", m->repo_root);
	c.variant = o.variant;
	c.axis = o.axis;
	c.workload = o.workload;
	c.params = params;
	c.timeout_s = o.timeout_s;
	c.store = store;
	rec = run_cell(m, &c);
	json_decref(params);
	if (!rec)
		return 1;
	rc = strcmp(json_string_value(json_object_get(rec, "status")) ?: "", "ok") ? 1 : 0;
	{
		char *text = json_dumps(rec, JSON_INDENT(2) | JSON_SORT_KEYS);

		printf("%s\n", text);
		free(text);
	}
	/* the record first, then the one line a person reads, even on one stream */
	fflush(stdout);
	if (!rc)
		say_headline(rec, o.workload);
	if (rc)
		fail_msg("run %s failed: %s: %s (console log: %s)",
			 json_string_value(json_object_get(rec, "run_id")),
			 json_string_value(json_object_get(rec, "reason")),
			 json_string_value(json_object_get(rec, "detail")),
			 json_string_value(json_object_get(rec, "console_log")));
	if (json_object_get(rec, "store_error"))
		rc = 1;
	json_decref(rec);
	return rc;
}
