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
	int shares_boot;	/* with the other such items, in one guest */
	int boot_order;		/* its place in that guest */
};

/*
 * integrity, hotplug and limits share one boot (workload gate-items):
 * integrity and hotplug each remove their tenants before the next item
 * starts, and limits, which leaves its limited tenant, goes last.  The
 * selftests keep a boot of their own: the kernel's test binaries create
 * and remove cgroups at the top of the hierarchy and are re-run in the
 * same guest when one fails, which another item's tenants would disturb.
 */
static const struct gate_item items[] = {
	{ "selftests", "memcg-selftests", { NULL }, 0, 0 },
	{ "integrity", "integrity", { "tenants=16", "hotplug=0", NULL }, 1, 0 },
	{ "limits", "limits", { NULL }, 1, 2 },
	{ "hotplug", "integrity", { "tenants=16", "hotplug=1", NULL }, 1, 1 },
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

/* one kconfig axis of one variant's gate: where its items go */
struct gate_axis {
	const struct matrix *m;
	const char *variant, *store;
	char axis[64];
	long long bound;
	json_t *results;
};

static json_t *run_item(const struct gate_axis *g, const char *workload, json_t *params)
{
	struct cell c = { .variant = g->variant, .axis = g->axis, .workload = workload,
			  .accel_auto = 1, .store = g->store, .params = params };

	return run_cell(g->m, &c);
}

/* integrity, hotplug and limits in one boot unless MMX_GATE_ONE_BOOT=0 */
static int shares_boot(const char *want)
{
	const char *env = getenv("MMX_GATE_ONE_BOOT");
	int n = 0;

	if (env && !strcmp(env, "0"))
		return 0;
	for (size_t i = 0; i < NITEMS; i++)
		n += items[i].shares_boot && (!want || listed(want, items[i].name));
	return n >= 2;
}

/*
 * The shared boot's record, or json_false() when it did not come back ok:
 * then each of its items runs again in a boot of its own, so a panic or a
 * WARN is named by the item that caused it (the failed run stays in the
 * store).  NULL: an item's parameters are invalid (said).
 */
static json_t *run_shared_boot(const struct gate_axis *g, const char *want)
{
	json_t *list = json_array(), *params, *rec;
	double work = 0;
	char names[64] = "";
	size_t off = 0;

	for (int order = 0; order < 3; order++)
		for (size_t i = 0; i < NITEMS; i++) {
			json_t *p;

			if (!items[i].shares_boot || items[i].boot_order != order ||
			    (want && !listed(want, items[i].name)))
				continue;
			p = item_params(g->m, &items[i], g->bound);
			if (!p) {
				json_decref(list);
				return NULL;
			}
			work += json_number_value(json_object_get(p, "duration_s")) +
				json_number_value(json_object_get(p, "settle_s"));
			json_array_append_new(list, json_pack("{s:s, s:s, s:o}", "item",
				items[i].name, "workload", items[i].workload, "params", p));
			off += (size_t)snprintf(names + off, sizeof(names) - off, "%s%s",
						off ? ", " : "", items[i].name);
		}
	/* for test 70 only: a shared boot that panics after its items */
	if (getenv("MMX_GATE_TEST_PANIC") && !strcmp(getenv("MMX_GATE_TEST_PANIC"), "1"))
		json_array_append_new(list, json_pack("{s:s, s:s, s:{}}", "item", "panic",
						      "workload", "selftest-panic", "params"));
	params = json_pack("{s:f, s:o}", "duration_s", work, "items", list);
	say("gate %s/%s: %s in one boot", g->variant, g->axis, names);
	rec = run_item(g, "gate-items", params);
	json_decref(params);
	if (rec && !strcmp(json_string_value(json_object_get(rec, "status")) ?: "", "ok"))
		return rec;
	say("gate %s/%s: the shared boot failed (%s: %s; log %s); %s again, each in a "
	    "boot of its own, so the failure is named by its item", g->variant, g->axis,
	    rec ? json_string_value(json_object_get(rec, "reason")) : "could not run",
	    rec ? json_string_value(json_object_get(rec, "detail")) : "see the error above",
	    rec ? json_string_value(json_object_get(rec, "console_log")) : "none", names);
	json_decref(rec);
	return json_false();
}

/* one item's part of the shared boot's record, as if it had run alone */
static json_t *item_of_shared(json_t *shared, const char *name)
{
	json_t *rec = json_deep_copy(shared), *metrics, *checks = json_array(), *c;
	json_t *all = json_object_get(json_object_get(shared, "metrics"), "checks");
	size_t n = strlen(name), i;

	metrics = json_deep_copy(json_object_get(json_object_get(json_object_get(shared,
			"metrics"), "items"), name));
	if (!json_is_object(metrics)) {
		json_decref(metrics);
		metrics = json_object();
	}
	json_array_foreach(all, i, c) {
		const char *cn = json_string_value(json_object_get(c, "name")) ?: "";

		if (strncmp(cn, name, n) || strncmp(cn + n, ": ", 2))
			continue;
		c = json_deep_copy(c);
		json_object_set_new(c, "name", json_string(cn + n + 2));
		json_array_append_new(checks, c);
	}
	json_object_set_new(metrics, "checks", checks);
	json_object_set_new(rec, "metrics", metrics);
	return rec;
}

/* judges one item's record, says it and adds it to the summary; 1 = fail */
static int record_item(const struct gate_axis *g, const struct gate_item *it, json_t *rec,
		       int shared)
{
	const char *verdict, *rerun_of;
	char why[2048];

	if (!rec) {
		verdict = "fail";
		snprintf(why, sizeof(why), "could not run (see the error above)");
	} else {
		json_t *known = json_object_get(json_object_get(g->m->root, "gate"),
						"known_baseline_failures");

		verdict = judge_item(rec, known, g->axis, why, sizeof(why));
	}
	rerun_of = rec ? json_string_value(json_object_get(rec, "rerun_of")) : NULL;
	if (rerun_of) {
		/* a re-run is never silent: the item says what it replaced */
		size_t n = strlen(why);

		snprintf(why + n, sizeof(why) - n, " (re-run: run %s hit QEMU's "
			 "text-patching race under multi-threaded TCG)", rerun_of);
	}
	say("gate %s/%s %-9s %s: %s", g->variant, g->axis, it->name,
	    !strcmp(verdict, "fail") ? "FAIL" : verdict, why);
	json_array_append_new(g->results, json_pack("{s:s, s:s, s:s, s:s, s:s?, s:s?, s:b}",
		"kconfig", g->axis, "item", it->name, "verdict", verdict, "why", why, "run_id",
		rec ? json_string_value(json_object_get(rec, "run_id")) : NULL,
		"rerun_of", rerun_of, "shared_boot", shared));
	return !strcmp(verdict, "fail");
}

int cmd_check(const struct matrix *m, int argc, char **argv)
{
	const char *variant = NULL, *axes = "base,debug", *want = NULL, *out = NULL;
	char store[4096], summary_path[4096], started[32];
	json_t *v, *summary, *results, *c_params;
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
		struct gate_axis g = { .m = m, .variant = variant, .store = store,
				       .bound = bound, .results = results };
		json_t *shared = NULL;

		snprintf(g.axis, sizeof(g.axis), "%.*s", (int)strcspn(ax, ","), ax);
		if (shares_boot(want)) {
			shared = run_shared_boot(&g, want);
			if (!shared)
				return 2;
		}
		for (size_t i = 0; i < NITEMS; i++) {
			json_t *rec;

			if (want && !listed(want, items[i].name))
				continue;
			if (json_is_object(shared) && items[i].shares_boot) {
				rec = item_of_shared(shared, items[i].name);
				failed += record_item(&g, &items[i], rec, 1);
				json_decref(rec);
				continue;
			}
			c_params = item_params(m, &items[i], bound);
			if (!c_params)
				return 2;
			rec = run_item(&g, items[i].workload, c_params);
			json_decref(c_params);
			failed += record_item(&g, &items[i], rec, 0);
			json_decref(rec);
		}
		json_decref(shared);
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
