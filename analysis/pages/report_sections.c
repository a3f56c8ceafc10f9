// SPDX-License-Identifier: GPL-2.0
/* REPORT.md sections: correctness, A/A calibration, failed runs, provenance. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aa_noise.h"
#include "report_format.h"
#include "report_md.h"
#include "run_store.h"

static size_t runs_of(const struct report *r, const char *variant, size_t *failed)
{
	size_t ok = 0;

	*failed = 0;
	for (size_t i = 0; i < r->ncells; i++)
		if (!strcmp(r->cells[i].variant, variant)) {
			ok += json_array_size(r->cells[i].ok_runs);
			*failed += json_array_size(r->cells[i].failed_runs);
		}
	return ok;
}

void md_correctness(FILE *f, const struct report *r)
{
	fprintf(f, "## Correctness status of every variant\n\nFrom `mmx check` summaries in "
		"`%s/`. A variant with a failed gate item is INVALID: its numbers are shown, "
		"marked, and never ranked. \"not gated\" means no summary exists: its numbers "
		"are unverified. A pass covers the kconfig axes its items ran on (named in the "
		"detail); on any other axis the ranking tables say \"not gated\".\n\n"
		"| variant | gate | runs ok | runs failed | detail |\n"
		"|---|---|---|---|---|\n", r->gate_dir);
	for (size_t i = 0; i < r->nvariants; i++) {
		const struct variant_info *v = &r->variants[i];
		size_t failed, ok = runs_of(r, v->name, &failed);

		fprintf(f, "| `%s` | %s | %zu | %zu | %s |\n", v->name, gate_word(v->gate), ok,
			failed, v->gate_why);
	}
	fputc('\n', f);
}

static void calibration_row(FILE *f, const struct report *r, const char *timing, size_t m)
{
	struct aa_noise a;

	aa_noise(r, timing, m, NULL, &a);
	if (!a.cells)
		return;
	fprintf(f, "| %s | %s | %zu | %.1f%% | %.1f%% | %.1f%% | %zu of %zu (%.0f%%) | %zu | %zu |\n",
		timing, metric_defs[m].label, a.cells, a.median * 100, a.floor * 100,
		a.widest * 100, a.raw, a.cells, 100.0 * (double)a.raw / (double)a.cells,
		a.significant, a.testable);
}

void md_calibration(FILE *f, const struct report *r)
{
	const char *modes[8];
	size_t nm = timing_modes(r, modes, 8), aa = 0;

	for (size_t i = 0; i < r->ncmp; i++)
		aa += r->cmp[i].aa;
	fputs("## A/A calibration: the noise floor\n\n", f);
	if (!aa) {
		fprintf(f, "No A/A set: the store has no `%s` runs sharing a cell with `%s`, so "
			"the noise floor is unknown and the false-positive rate is only the "
			"nominal α = %.2f per comparison (Holm keeps the family-wise rate of a "
			"family at or below it).\n\n", AA_VARIANT, BASELINE_VARIANT, REPORT_ALPHA);
		return;
	}
	fprintf(f, "`%s` (and, where a profile runs more than one, `%s2`, `%s3`, ...) is the "
		"baseline kernel measured again as an independent set in the same matrix; every "
		"difference between it and `%s` is noise. The noise floor "
		"is how far the same kernel's medians differ; the false-positive rate is the "
		"share of A/A comparisons called significant (expected: about α = %.2f raw, "
		"about 0 after the correction: Benjamini-Hochberg, the A/A comparisons being "
		"descriptive, or Holm in a family that declares them). A difference between "
		"designs smaller than the floor of its metric is not evidence.\n\n| timing | "
		"metric | A/A cells | median |Δ| | max |Δ| (noise floor) | widest interval end "
		"| raw p < 0.05 | after correction | cells whose n can reach p < 0.05 |\n"
		"|---|---|---|---|---|---|---|---|---|\n",
		AA_VARIANT, AA_VARIANT, AA_VARIANT, BASELINE_VARIANT, REPORT_ALPHA);
	for (size_t t = 0; t < nm; t++)
		for (size_t m = 0; m < metric_defs_count; m++)
			calibration_row(f, r, modes[t], m);
	fputc('\n', f);
}

static void first_line(char *buf, size_t cap, const char *s)
{
	size_t n = strcspn(s, "\n");

	snprintf(buf, cap, "%.*s%s", (int)(n < 200 ? n : 200), s, n > 200 ? "…" : "");
	for (char *p = buf; *p; p++)
		if (*p == '|' || *p == '`')
			*p = '/';
}

void md_failures(FILE *f, const struct report *r)
{
	size_t total = 0;

	fputs("## Failed runs\n\nA failed run (panic, oops, WARN, hang, truncated or "
	      "missing result) is counted in its cell and listed here with its reason and "
	      "logs; it is never averaged in.\n\n", f);
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		size_t k, nf = json_array_size(c->failed_runs);
		json_t *rec;

		if (!nf)
			continue;
		total += nf;
		fprintf(f, "- `%s` %s %s, timing %s, kconfig %s: **%zu failed** of %zu runs\n",
			c->variant, c->workload, c->params[0] ? c->params : "(no parameters)",
			c->timing, c->kconfig, nf, nf + json_array_size(c->ok_runs));
		json_array_foreach(c->failed_runs, k, rec) {
			char detail[256];

			first_line(detail, sizeof(detail), run_str(rec, "detail", ""));
			fprintf(f, "  - run `%s`, reason **%s**: %s; console log `%s`, QEMU log "
				"`%s`\n", run_str(rec, "run_id", "?"), run_str(rec, "reason", "unknown"),
				detail[0] ? detail : "(no detail)", run_str(rec, "console_log", "none"),
				run_str(rec, "qemu_log", "none"));
		}
	}
	if (!total)
		fputs("None.\n", f);
	fputc('\n', f);
}

static const char *timing_meaning(const char *mode)
{
	if (!strcmp(mode, "icount"))
		return "TCG with `-icount shift=0`: guest time counts instructions. "
		       "Deterministic path length, immune to host noise, blind to cache misses, "
		       "memory latency and atomic contention.";
	if (!strcmp(mode, "tcg"))
		return "plain TCG emulation: guest time is host time shared among emulated "
		       "CPUs, so it carries host noise; emulated CPUs hide cache-line and atomic "
		       "contention costs, so a design that saves atomics shows mostly as fewer "
		       "event counts, not as time.";
	if (!strcmp(mode, "kvm"))
		return "hardware virtualisation: real caches and atomics; the only mode that "
		       "shows contention costs, and only on as many cores as the host has.";
	return "unknown mode: compare with care.";
}

void md_provenance(FILE *f, const struct report *r)
{
	const char *modes[8];
	size_t nm = timing_modes(r, modes, 8);
	char buf[2048];
	const struct { const char *label, *field; } host[] = {
		{ "host CPU", "host_cpu" }, { "host kernel", "host_kernel" },
		{ "QEMU", "qemu_version" }, { "harness revision", "harness_rev" },
		{ "kernel source", "source_version" }, { "guest command line", "cmdline" },
	};
	size_t in_family = 0, descriptive = 0, untested = 0;

	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];

		untested += c->not_tested != NULL;
		in_family += c->family >= 0 && !isnan(c->p_adj);
		descriptive += c->family < 0 && !isnan(c->p_adj);
	}
	fputs("## Methodology and provenance\n\n", f);
	fprintf(f, "Statistics: per cell the median of the ok runs with an order-statistic "
		"interval of it. Against baseline: the ratio of medians with the "
		"Hodges-Lehmann interval of the factor between the two cells, and the "
		"two-sided Mann-Whitney U test: exact permutation p-value with ties kept "
		"when n1 + n2 <= %d, else the normal approximation with tie-corrected variance "
		"and continuity correction. Of the %zu comparisons of this report, %zu are in "
		"confirmatory families (declared per profile in matrix.json before the runs; "
		"Holm's step-down within each family), %zu are descriptive (one set under "
		"Benjamini-Hochberg, labelled so) and %zu are not tested (degenerate: zero by "
		"construction or in both cells); the rest decide nothing (gate failed, cost "
		"numbers untrusted). Significant means adjusted p < %.2f; equivalent means the "
		"ratio's %.0f%% Hodges-Lehmann interval lies inside the profile's margin for "
		"the metric (two one-sided tests at %.0f%%). Geometric means summarise ratios "
		"across cells. CV is the sample standard deviation over the mean.\n\n",
		STATS_MWU_EXACT_MAX_N, r->ncmp, in_family, descriptive, untested, REPORT_ALPHA,
		TOST_LEVEL(REPORT_ALPHA) * 100, REPORT_ALPHA * 100);
	md_intervals(f, r);
	fputs("Timing modes in this report (never compared with each other):\n\n", f);
	for (size_t i = 0; i < nm; i++)
		fprintf(f, "- `%s`: %s\n", modes[i], timing_meaning(modes[i]));
	fputs("\nRuns:\n\n", f);
	distinct_field(r, NULL, "started_at", buf, sizeof(buf));
	fprintf(f, "- results store: `%s`\n", r->results_path);
	{
		const char *first = NULL, *last = NULL;
		size_t i;
		json_t *rec;

		json_array_foreach(r->runs, i, rec) {
			const char *t = run_str(rec, "started_at", NULL);

			if (t && (!first || strcmp(t, first) < 0))
				first = t;
			if (t && (!last || strcmp(t, last) > 0))
				last = t;
		}
		fprintf(f, "- run dates: %s to %s\n", first ? first : "unknown",
			last ? last : "unknown");
	}
	for (size_t i = 0; i < sizeof(host) / sizeof(host[0]); i++) {
		distinct_field(r, NULL, host[i].field, buf, sizeof(buf));
		fprintf(f, "- %s: %s\n", host[i].label, buf);
	}
	{
		size_t i, cpus = 0;
		json_t *rec, *mx = NULL;

		json_array_foreach(r->runs, i, rec) {
			json_t *c = json_object_get(rec, "host_cpus");

			if (json_is_integer(c) && (size_t)json_integer_value(c) > cpus)
				cpus = (size_t)json_integer_value(c);
			if (!mx && json_is_object(json_object_get(rec, "matrix")))
				mx = json_object_get(rec, "matrix");
		}
		fprintf(f, "- host CPUs: %zu\n", cpus);
		if (mx) {
			char *s = json_dumps(mx, JSON_COMPACT | JSON_SORT_KEYS);

			fprintf(f, "- matrix (first run): `%s`\n", s ? s : "?");
			free(s);
		} else {
			fputs("- matrix: runs carry no `matrix` object (ad-hoc runs, no matrix "
			      "seed)\n", f);
		}
	}
	fputs("\nKernels per variant:\n\n| variant | kernel release | kernel hash | "
	      "config sha256 | kconfig axes | command line |\n|---|---|---|---|---|---|\n", f);
	for (size_t v = 0; v < r->nvariants; v++) {
		const char *name = r->variants[v].name;
		char rel[256], hash[1024], cfg[1024], axes[256], cmd[512];
		size_t failed;

		if (!runs_of(r, name, &failed) && !failed)
			continue;
		distinct_field(r, name, "kernel_release", rel, sizeof(rel));
		distinct_field(r, name, "kernel_hash", hash, sizeof(hash));
		distinct_field(r, name, "config_sha256", cfg, sizeof(cfg));
		distinct_field(r, name, "kconfig", axes, sizeof(axes));
		distinct_field(r, name, "cmdline", cmd, sizeof(cmd));
		fprintf(f, "| `%s` | %s | %s | %s | %s | %s |\n", name, rel, hash, cfg, axes, cmd);
	}
	fprintf(f, "\nEvery table row carries the `mmx run` command that reproduces one run "
		"of its cell; `mmx report %s --gate %s` regenerates this file with the same "
		"numbers.\n", r->results_path, r->gate_dir);
}
