// SPDX-License-Identifier: GPL-2.0
/*
 * mmx report [RESULTS_DIR|STORE...] [--gate DIR] [--out DIR]
 *
 * Reads only the results stores (RESULTS_DIR/runs.jsonl, default
 * results/matrix/quick, the default profile's; a .jsonl file is read as is; several, or a directory of
 * shard stores, are merged: store_merge.h), the gate summaries (--gate,
 * default results/check) and matrix.json's variant knobs, and writes
 * OUT/REPORT.md (default OUT: beside the first store, refused where that
 * would replace a committed report) with its charts and CSV/JSON summaries
 * in OUT/report/.  Nothing in it is random:
 * the intervals are exact (order statistics, Hodges-Lehmann), so the same
 * store always gives the same numbers and there is no seed to set.
 */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "answers.h"
#include "charts.h"
#include "commands.h"
#include "log.h"
#include "provenance.h"
#include "model.h"
#include "report_md.h"
#include "run_store.h"
#include "store_merge.h"
#include "subprocess.h"
#include "summary_files.h"

#define REPORT_ASSETS "report"

struct report_args {
	const char *gate, *out;
	int out_given;		/* --out named: the user's choice, even a tracked report */
	char **stores;		/* the positional arguments, else the default */
	size_t nstores;
	char **given;		/* allocated here */
};

/* the store `make` writes for its default profile */
#define DEFAULT_STORE "results/matrix/quick"

/* Without a store named: the default profile's, or say which exist. */
static int default_store(struct report_args *a)
{
	static char *store[] = { DEFAULT_STORE };
	static const char *const patterns[] = {
		"results/matrix/*/runs.jsonl", "results/matrix/*/shard-*/runs.jsonl",
		"results/published/*/runs.jsonl*", "results/adhoc/runs.jsonl",
	};
	char list[2048] = "";
	size_t len = 0;

	if (access(DEFAULT_STORE "/runs.jsonl", R_OK) == 0) {
		a->stores = store;
		a->nstores = 1;
		return 0;
	}
	for (size_t p = 0; p < sizeof(patterns) / sizeof(patterns[0]); p++) {
		glob_t g;

		if (glob(patterns[p], 0, NULL, &g) != 0)
			continue;
		for (size_t i = 0; i < g.gl_pathc && len < sizeof(list) - 1; i++)
			len += (size_t)snprintf(list + len, sizeof(list) - len, "\n  %s",
						g.gl_pathv[i]);
		globfree(&g);
	}
	fail_msg("no store named, and the default profile's (%s/runs.jsonl, which `make` "
		 "writes) is not here; %s%s", DEFAULT_STORE,
		 len ? "name one of the stores that are:" : "no store is: run `make` (or "
		 "`mmx run`) first", list);
	return -1;
}

static int parse_args(int argc, char **argv, struct report_args *a)
{

	*a = (struct report_args){ "results/check", NULL, 0, NULL, 0, NULL };
	a->given = a->stores = calloc((size_t)argc + 1, sizeof(char *));
	if (!a->stores)
		return -1;
	for (int i = 0; i < argc; i++) {
		const char *opt = argv[i];

		if (!strcmp(opt, "--gate") || !strcmp(opt, "--out")) {
			if (i + 1 >= argc) {
				fail_msg("%s needs a value", opt);
				return -1;
			}
			if (!strcmp(opt, "--gate")) {
				a->gate = argv[++i];
			} else {
				a->out = argv[++i];
				a->out_given = 1;
			}
		} else if (!strcmp(opt, "--seed")) {
			/* gone with the bootstrap: say so rather than seed nothing */
			fail_msg("--seed: the report has nothing random to seed (its intervals "
				 "are exact order-statistic and Hodges-Lehmann intervals); drop it");
			return -1;
		} else if (opt[0] == '-') {
			fail_msg("unknown option '%s'", opt);
			return -1;
		} else {
			a->stores[a->nstores++] = argv[i];
		}
	}
	if (!a->nstores && default_store(a) < 0)
		return -1;
	return 0;
}

/* Beside the first store: its directory, or the directory of a .jsonl file. */
static void beside_store(const char *store, char *out, size_t cap)
{
	struct stat st;
	const char *slash;

	if (!stat(store, &st) && S_ISDIR(st.st_mode)) {
		snprintf(out, cap, "%s", store);
		return;
	}
	slash = strrchr(store, '/');
	if (!slash)
		snprintf(out, cap, ".");
	else
		snprintf(out, cap, "%.*s", (int)(slash - store), store);
}

/* Whether git tracks path: a committed report the default must not replace. */
static int tracked(const char *path)
{
	char *argv[] = { "git", "ls-files", "--error-unmatch", "--", (char *)path, NULL };
	char out[512];

	return run_capture(argv, out, sizeof(out)) == 0;
}

static int make_dir(const char *path)
{
	if (mkdir(path, 0755) && errno != EEXIST) {
		fail_msg("cannot create %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int build_and_write(struct report *r, json_t *matrix_variants)
{
	const char **order;
	char assets[4096], md[4096];
	struct chart_list charts;
	int rc = 0;

	if (variants_load(r, matrix_variants) < 0)
		return 1;
	order = calloc(r->nvariants + 1, sizeof(*order));
	if (!order)
		return 1;
	for (size_t i = 0; i < r->nvariants; i++)
		order[i] = r->variants[i].name;
	if (cells_build(r, order, r->nvariants) < 0 || comparisons_build(r) < 0 ||
	    answers_build(r) < 0) {
		free(order);
		return 1;
	}
	snprintf(assets, sizeof(assets), "%s/%s", r->out_dir, REPORT_ASSETS);
	snprintf(md, sizeof(md), "%s/REPORT.md", r->out_dir);
	if (make_dir(r->out_dir) < 0 || make_dir(assets) < 0) {
		free(order);
		return 1;
	}
	rc |= summary_files_write(r, assets) < 0;
	charts_write(r, assets, &charts);
	for (size_t i = 0; i < charts.n; i++)
		rc |= !charts.v[i].drawn;
	rc |= report_md_write(r, &charts, md, REPORT_ASSETS) < 0;
	say("report: %s (%zu cells, %zu comparisons, %zu charts) and summaries in %s/",
	    md, r->ncells, r->ncmp, charts.n, assets);
	charts_free(&charts);
	free(order);
	return rc ? 1 : 0;
}

int cmd_report(const struct matrix *m, int argc, char **argv)
{
	struct report_args a;
	struct report r = { 0 };
	static char stores[65536];
	int rc;

	if (parse_args(argc, argv, &a) < 0) {
		fprintf(stderr, "usage: mmx report [RESULTS_DIR|STORE...] [--gate DIR] "
			"[--out DIR]\n");
		return 2;
	}
	if (!a.out_given) {
		static char out[4096], md[4200];

		beside_store(a.stores[0], out, sizeof(out));
		snprintf(md, sizeof(md), "%s/REPORT.md", out);
		if (tracked(md)) {
			fail_msg("%s is a committed report: without --out the report goes beside "
				 "its store, and this one would replace it; to regenerate it, name "
				 "it (--out %s), else name another directory (--out DIR)", md, out);
			free(a.given);
			return 2;
		}
		a.out = out;
	}
	r.runs = store_merge_load(a.stores, a.nstores, &r.skipped_lines, stores,
				  sizeof(stores));
	free(a.given);
	if (!r.runs)
		return 2;
	if (!json_array_size(r.runs)) {
		fail_msg("%s holds no run records: nothing to report; make some with `mmx run "
			 "VARIANT WORKLOAD` or `make`, or name another store", stores);
		json_decref(r.runs);
		return 2;
	}
	r.results_path = stores;
	r.gate_dir = a.gate;
	r.out_dir = a.out;
	iso_time_now(r.generated_at, sizeof(r.generated_at));
	/* the families and margins each profile declared before its runs */
	r.profiles = json_object_get(m->root, "profiles");
	rc = build_and_write(&r, json_object_get(m->root, "variants"));
	answers_free(&r);
	families_free(&r);
	cells_free(&r);
	free(r.cmp);
	for (size_t i = 0; i < r.nvariants; i++)
		free(r.variants[i].name);
	free(r.variants);
	json_decref(r.runs);
	return rc;
}
