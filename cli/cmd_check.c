// SPDX-License-Identifier: GPL-2.0
/*
 * mmx check VARIANT [kconfig=AXIS[,AXIS]] [items=ITEM[,ITEM]] [--out FILE]
 *
 * The correctness gate.  For each kconfig axis (default: base,debug) it
 * boots the variant once per item and reports pass, fail or skip with a
 * reason:
 *   selftests  the tree's test_memcontrol and test_kmem
 *   integrity  memory.current and sock back within the cache bound after
 *              an rx load with 16 tenants; cgroups removable; none dying
 *   limits     memory.peak of a limited tenant within max + cache bound
 *   hotplug    integrity with the receive CPU unplugged under load
 * A run that panics, oopses, WARNs or hangs fails its item.  The summary
 * goes to results/check/VARIANT.json, each run to results/check/runs.jsonl
 * (with --out FILE: beside FILE).
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache_dir.h"
#include "commands.h"
#include "gate_known.h"
#include "log.h"
#include "provenance.h"
#include "run_cell.h"
#include "run_params.h"

struct gate_item {
	const char *name;
	const char *workload;
	const char *args[4];
};

static const struct gate_item items[] = {
	{ "selftests", "memcg-selftests", { NULL } },
	{ "integrity", "integrity", { "tenants=16", "hotplug=0", NULL } },
	{ "limits", "limits", { NULL } },
	{ "hotplug", "integrity", { "tenants=16", "hotplug=1", NULL } },
};
#define NITEMS (sizeof(items) / sizeof(items[0]))

static int listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (strncmp(p, name, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return 1;
	return 0;
}

/* Every item named in items= must exist. */
static int validate_items(const char *want)
{
	for (const char *p = want; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		size_t n = strcspn(p, ",");
		int known = 0;

		for (size_t i = 0; i < NITEMS; i++)
			known |= strlen(items[i].name) == n && !strncmp(items[i].name, p, n);
		if (!known) {
			fail_msg("items=%s: unknown gate item '%.*s' (known: selftests, "
				 "integrity, limits, hotplug)", want, (int)n, p);
			return -1;
		}
	}
	return 0;
}

/*
 * Folds a run record into one verdict: pass, fail or skip, and why.  A
 * failing check listed in $.gate.known_baseline_failures (a selftest that
 * fails on the unmodified kernel in this guest too) counts as a skip with
 * its stated reason, and is named in the verdict so it is never hidden.
 */
static const char *judge_item(json_t *rec, json_t *known, const char *axis, char *why,
			      size_t cap)
{
	json_t *checks = json_object_get(json_object_get(rec, "metrics"), "checks");
	int pass = 0, fail = 0, skip = 0, known_hits = 0;
	char known_names[512] = "";
	size_t off = 0, koff = 0, i;
	json_t *c;

	why[0] = '\0';
	if (strcmp(json_string_value(json_object_get(rec, "status")) ?: "", "ok") != 0) {
		snprintf(why, cap, "run failed: %s: %s (log %s)",
			 json_string_value(json_object_get(rec, "reason")),
			 json_string_value(json_object_get(rec, "detail")),
			 json_string_value(json_object_get(rec, "console_log")));
		return "fail";
	}
	json_array_foreach(checks, i, c) {
		const char *st = json_string_value(json_object_get(c, "status")) ?: "";

		const char *name = json_string_value(json_object_get(c, "name")) ?: "";

		if (!strcmp(st, "pass")) {
			pass++;
		} else if (!strcmp(st, "skip")) {
			skip++;
		} else if (known_failure(known, name, axis)) {
			skip++;
			if (known_hits++ < 4)
				koff += (size_t)snprintf(known_names + koff,
							 sizeof(known_names) - koff, "%s%s",
							 koff ? ", " : "", name);
		} else {
			fail++;
			if (off < cap)
				off += (size_t)snprintf(why + off, cap - off, "%s%s: %s",
					off ? "; " : "",
					json_string_value(json_object_get(c, "name")),
					json_string_value(json_object_get(c, "detail")));
		}
	}
	if (fail)
		return "fail";
	if (!pass && !skip) {
		snprintf(why, cap, "the run reported no checks");
		return "fail";
	}
	off = (size_t)snprintf(why, cap, "%d checks passed, %d skipped%s%s%s", pass, skip,
			       known_hits ? "; known baseline failures counted as skips: " : "",
			       known_names,
			       known_hits ? " ($.gate.known_baseline_failures)" : "");
	/* a selftest that passed only by majority is named, never hidden */
	json_array_foreach(json_object_get(json_object_get(rec, "metrics"), "flaky"), i, c)
		if (off < cap)
			off += (size_t)snprintf(why + off, cap - off, "%s%s", i ? ", " :
						"; flaky (failed 1 of 3 runs): ",
						json_string_value(c));
	return pass ? "pass" : "skip";
}

static json_t *item_params(const struct matrix *m, const struct gate_item *it,
			   long long bound)
{
	json_t *schema = json_object_get(matrix_workload(m, it->workload), "params");
	char *argv[8], boundarg[64], err[512];
	int argc = 0;
	json_t *p;

	for (int i = 0; it->args[i]; i++)
		argv[argc++] = (char *)it->args[i];
	if (json_object_get(schema, "bound_pages_per_cpu")) {
		snprintf(boundarg, sizeof(boundarg), "bound_pages_per_cpu=%lld", bound);
		argv[argc++] = boundarg;
	}
	p = params_from_args(schema, it->workload, argc, argv, err, sizeof(err));
	if (!p)
		fail_msg("gate item %s: %s (check $.workloads.%s in matrix.json)",
			 it->name, err, it->workload);
	return p;
}

int cmd_check(const struct matrix *m, int argc, char **argv)
{
	const char *variant = NULL, *axes = "base,debug", *want = NULL, *out = NULL;
	char store[4096], summary_path[4096], started[32], why[2048];
	json_t *v, *summary, *results;
	long long bound;
	int failed = 0;

	for (int i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "kconfig=", 8))
			axes = argv[i] + 8;
		else if (!strncmp(argv[i], "items=", 6))
			want = argv[i] + 6;
		else if (!strcmp(argv[i], "--out") && i + 1 < argc)
			out = argv[++i];
		else if (argv[i][0] != '-' && !variant)
			variant = argv[i];
		else {
			fail_msg("mmx check VARIANT [kconfig=base,debug] "
				 "[items=selftests,integrity,limits,hotplug] [--out FILE]");
			return 2;
		}
	}
	if (!variant) {
		fail_msg("mmx check needs a variant");
		return 2;
	}
	v = matrix_variant(m, variant);
	if (!v) {
		fail_msg("unknown variant '%s' ($.variants in %s)", variant, m->path);
		matrix_list_names(m, "variants", variant);
		return 2;
	}
	if (want && validate_items(want) < 0)
		return 2;
	if (!json_is_integer(json_object_get(v, "cache_bound_pages_per_cpu"))) {
		fail_msg("%s: $.variants.%s.cache_bound_pages_per_cpu must state how many "
			 "pages of one memcg the variant's per-CPU caches may hold per CPU",
			 m->path, variant);
		return 2;
	}
	bound = json_integer_value(json_object_get(v, "cache_bound_pages_per_cpu"));
	if (out)
		pathf(store, sizeof(store), "%s", out);
	else
		pathf(store, sizeof(store), "%s/results/check/runs.jsonl", m->repo_root);
	iso_time_now(started, sizeof(started));
	summary = json_pack("{s:s, s:s, s:I}", "variant", variant, "started_at", started,
			    "cache_bound_pages_per_cpu", (json_int_t)bound);
	results = json_array();
	json_object_set_new(summary, "items", results);

	for (const char *ax = axes; ax && *ax; ax = strchr(ax, ',') ? strchr(ax, ',') + 1 : NULL) {
		char axis[64];

		snprintf(axis, sizeof(axis), "%.*s", (int)strcspn(ax, ","), ax);
		for (size_t i = 0; i < NITEMS; i++) {
			struct cell c = { .variant = variant, .axis = axis,
					  .workload = items[i].workload,
					  .accel_auto = 1, .store = store };
			const char *verdict, *rerun_of;
			json_t *rec;

			if (want && !listed(want, items[i].name))
				continue;
			c.params = item_params(m, &items[i], bound);
			if (!c.params)
				return 2;
			rec = run_cell(m, &c);
			json_decref(c.params);
			if (!rec) {
				verdict = "fail";
				snprintf(why, sizeof(why), "could not run (see the error above)");
			} else {
				json_t *known = json_object_get(json_object_get(m->root, "gate"),
								"known_baseline_failures");

				verdict = judge_item(rec, known, axis, why, sizeof(why));
			}
			failed += !strcmp(verdict, "fail");
			rerun_of = rec ? json_string_value(json_object_get(rec, "rerun_of")) : NULL;
			if (rerun_of) {
				/* a re-run is never silent: the item says what it replaced */
				size_t n = strlen(why);

				snprintf(why + n, sizeof(why) - n, " (re-run: run %s hit QEMU's "
					 "text-patching race under multi-threaded TCG)", rerun_of);
			}
			say("gate %s/%s %-9s %s: %s", variant, axis, items[i].name,
			    !strcmp(verdict, "fail") ? "FAIL" : verdict, why);
			json_array_append_new(results, json_pack("{s:s, s:s, s:s, s:s, s:s?, s:s?}",
				"kconfig", axis, "item", items[i].name, "verdict", verdict,
				"why", why, "run_id",
				rec ? json_string_value(json_object_get(rec, "run_id")) : NULL,
				"rerun_of", rerun_of));
			json_decref(rec);
		}
	}
	json_object_set_new(summary, "verdict", json_string(failed ? "fail" : "pass"));
	{
		/* the summary sits beside the runs it was judged from */
		char dir[4096];

		pathf(dir, sizeof(dir), "%s", store);
		pathf(summary_path, sizeof(summary_path), "%s/%s.json", dirname(dir), variant);
		if (json_dump_file(summary, summary_path, JSON_INDENT(2) | JSON_SORT_KEYS) < 0)
			fail_msg("cannot write %s", summary_path);
	}
	printf("%s %s (%d item(s) failed; summary %s)\n", variant,
	       failed ? "FAILS the gate" : "passes the gate", failed, summary_path);
	json_decref(summary);
	return failed ? 1 : 0;
}
