// SPDX-License-Identifier: GPL-2.0
/*
 * REPORT.md's cost model section, present when any run carries the cost
 * plugin's counts: what is counted and what the line-transfer model is
 * not, how steady the counts were, the per-cell crosscheck against the
 * kprobes, and where the work ran, vCPU by vCPU, for one cell group.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_format.h"
#include "report_md.h"

#define MAX_VCPUS 64

static json_t *cost_of(json_t *rec)
{
	return json_object_get(json_object_get(rec, "metrics"), "cost");
}

/* The distinct penalty_p values the runs carry: "50, 200". */
static void penalties(const struct report *r, char *buf, size_t cap)
{
	double seen[16];
	size_t n = 0, len = 0, i, k;
	json_t *rec, *p;

	buf[0] = '\0';
	json_array_foreach(r->runs, i, rec)
		json_array_foreach(json_object_get(cost_of(rec), "penalty_p"), k, p) {
			size_t j = 0;

			while (j < n && seen[j] != json_number_value(p))
				j++;
			if (j == n && n < 16 && json_is_number(p)) {
				seen[n++] = json_number_value(p);
				len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%g",
						len ? ", " : "", json_number_value(p));
			}
		}
	if (!buf[0])
		snprintf(buf, cap, "not recorded");
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median CV of metric m over its workload's cells with cost data; NAN if none. */
static double median_cv(const struct report *r, int m)
{
	double cv[512];
	size_t n = 0;

	for (size_t i = 0; m >= 0 && i < r->ncells && n < 512; i++) {
		const struct cell *c = &r->cells[i];

		if (c->cost_runs && !strcmp(c->workload, metric_defs[m].workload) &&
		    !isnan(c->metrics[m].cv))
			cv[n++] = c->metrics[m].cv;
	}
	qsort(cv, n, sizeof(cv[0]), cmp_double);
	return n ? stats_quantile_sorted(cv, n, 0.5) : NAN;
}

static void steadiness(FILE *f, const struct report *r)
{
	static const char *const workloads[] = { "rx-mixed", "kmem-mix", "fault-mix" };

	for (size_t w = 0; w < sizeof(workloads) / sizeof(workloads[0]); w++) {
		double cost = median_cv(r, metric_primary_index(workloads[w], PRIMARY_COST));
		double time = median_cv(r, metric_primary_index(workloads[w], PRIMARY_FALLBACK));

		if (isnan(cost))
			continue;
		fprintf(f, "- %s: median CV over its cells with cost data: modelled cycles "
			"%.1f%%, ", workloads[w], cost * 100);
		if (isnan(time))
			fputs("throughput not computable\n", f);
		else
			fprintf(f, "throughput in the same runs %.1f%%\n", time * 100);
	}
}

static void describe(FILE *f, const struct report *r)
{
	char p[128];

	penalties(r, p, sizeof(p));
	fputs("## Cost model: deterministic counts under the TCG plugin\n\n"
	      "Runs made with the run option cost=1 carry `metrics.cost`: counts from a QEMU "
	      "TCG plugin that watches the guest kernel execute. Each vCPU's count starts "
	      "when the agent marks the window's begin on that vCPU (right after reading its "
	      "perf counters) and stops at its end mark (right before reading them again), "
	      "so the plugin's window nests inside the kprobe counters' window. In it the "
	      "plugin counts:\n\n"
	      "- **kernel instructions**: every guest-kernel instruction executed, all "
	      "vCPUs, nothing excluded;\n"
	      "- **instrumentation instructions**: those of them in the kprobe, perf and "
	      "ftrace machinery the agent's own counters add;\n"
	      "- **charge-path instructions**: instructions executed inside the memcg "
	      "charge-path functions, self (not inclusive): the same function globs as the "
	      "profile=1 share, plus each variant's own functions;\n"
	      "- **instruction classes**: each instruction decoded once (Capstone) as "
	      "plain, lock-prefixed RMW, xchg with memory, pushf, popf, cli, sti, fence or "
	      "serializing: the instructions the designs trade against each other;\n"
	      "- **line transfers**, a line-owner model: for each 64-byte line (guest "
	      "physical address) that a charge-path instruction touches, an access by a "
	      "vCPU to a line last written by another vCPU counts once per vCPU until the "
	      "line is written again; a read-modify-write is one store. Counted twice: "
	      "**serialized**, in the order the emulator ran the vCPUs (under icount one "
	      "vCPU runs for up to millions of instructions before the next, so this is a "
	      "lower bound), and **estimated**, the expected count had each line's accesses "
	      "in a 16M-instruction window of guest time interleaved at random (the "
	      "primary; 4M and 64M windows are kept to show how it moves). Only the "
	      "executing block's memory callbacks count (QEMU 7.2 leaves a block's armed "
	      "after it exits through a helper). A proxy for coherence traffic: no cache "
	      "sizes, no prefetch, no queueing, only lines the charge path touches;\n"
	      "- **modelled cycles**: (kernel instructions less the instrumentation's, "
	      "each priced by its class + estimated transfers priced by how many cores "
	      "held the line) / units of work (MB received, ops, faults), from published "
	      "latencies of a Skylake-SP and a Zen 2 part (`docs/cycle-model.md` in "
	      "the repository). The modelled cost at P (kernel instructions - "
	      "instrumentation + P x serialized transfers, P = 50 and 200 "
	      "instruction-equivalents) is kept for comparison.\n\n", f);
	fprintf(f, "P values the runs carry: %s. These are counts, not time: they do not "
		"depend on host load, and they are blind to cache misses other than the "
		"modelled transfers. The modelled cycles on Skylake-SP are "
		"the primary cost metric of the ranking and the decision summary: they hold "
		"the whole kernel's path length, so work a design moves out of the charge "
		"functions is still counted, they price the locked and irq-toggling "
		"instructions the designs differ in, and they price line transfers, so a "
		"design does not win by trading instructions for shared-line traffic. "
		"Where the verdict priced for Zen 2 differs the decision summary says so. Throughput "
		"(time under emulation) stays beside it as secondary evidence; note that throughput of "
		"cost=1 runs is measured with the plugin attached, which slows the guest, so "
		"compare throughput on cells without it where they exist.\n\n"
		"How steady the counts are here (each cell's runs):\n\n", p);
	steadiness(f, r);
	fputc('\n', f);
}

/* The largest |rel_diff| of any run's crosscheck in the cell, and its function. */
static double worst_diff(const struct cell *c, const char **fn)
{
	double worst = NAN;
	size_t i;
	json_t *rec;

	*fn = NULL;
	json_array_foreach(c->ok_runs, i, rec) {
		const char *name;
		json_t *e;

		json_object_foreach(json_object_get(cost_of(rec), "crosscheck"), name, e) {
			json_t *d = json_object_get(e, "rel_diff");

			if (json_is_number(d) && (isnan(worst) ||
						  fabs(json_number_value(d)) > worst)) {
				worst = fabs(json_number_value(d));
				*fn = name;
			}
		}
	}
	return worst;
}

static void crosscheck_table(FILE *f, const struct report *r)
{
	fputs("### Crosscheck: the plugin's call counts against the kprobes, per cell\n\n"
	      "The plugin also counts calls of the probed charge functions "
	      "(`page_counter_try_charge`, `try_charge_memcg`, ...) and each run compares "
	      "them with the kprobe counts of the same window (`crosscheck_ok`). A "
	      "disagreement means the instrument missed or invented work: that cell's cost "
	      "numbers are shown but not trusted, their comparisons say \"untrusted\", and "
	      "they rank and decide nothing. So does a run the plugin could not check "
	      "(`crosscheck_ok` null: no kprobe count to compare with).\n\n"
	      "| variant | workload | parameters | timing | kconfig | runs with cost | "
	      "crosscheck_ok | largest \\|rel_diff\\| (function) | cost numbers |\n"
	      "|---|---|---|---|---|---|---|---|---|\n", f);
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		const char *fn;
		double worst;
		char ok[96], diff[160];

		if (!c->cost_runs)
			continue;
		worst = worst_diff(c, &fn);
		if (cell_cost_trusted(c))
			snprintf(ok, sizeof(ok), "true in all %zu", c->cost_runs);
		else if (!c->crosscheck_unchecked)
			snprintf(ok, sizeof(ok), "**false in %zu of %zu**", c->crosscheck_false,
				 c->cost_runs);
		else
			snprintf(ok, sizeof(ok), "**false in %zu, not checked in %zu, of %zu**",
				 c->crosscheck_false, c->crosscheck_unchecked, c->cost_runs);
		if (isnan(worst))
			snprintf(diff, sizeof(diff), "not recorded");
		else
			snprintf(diff, sizeof(diff), "%.2f%% (`%s`)", worst * 100, fn);
		fprintf(f, "| `%s` | %s | %s | %s | %s | %zu of %zu | %s | %s | %s |\n",
			c->variant, c->workload, c->params, c->timing, c->kconfig, c->cost_runs,
			json_array_size(c->ok_runs), ok, diff,
			cell_cost_trusted(c) ? "trusted" : "**NOT TRUSTED**");
	}
	fputc('\n', f);
}

/* The cells whose line table overflowed: their transfer counts are a lower bound. */
static void dropped_lines(FILE *f, const struct report *r)
{
	int any = 0;

	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		double dropped = 0, tracked = 0;
		size_t k;
		json_t *rec;

		json_array_foreach(c->ok_runs, k, rec) {
			dropped += json_number_value(json_object_get(cost_of(rec), "lines_dropped"));
			tracked += json_number_value(json_object_get(cost_of(rec), "lines_tracked"));
		}
		if (dropped <= 0)
			continue;
		if (!any++)
			fputs("Cells whose runs dropped lines from the transfer model's line table "
			      "(it was full; their line transfers are a lower bound):\n\n", f);
		fprintf(f, "- `%s` %s %s, timing %s, kconfig %s: %.0f lines dropped, %.0f "
			"tracked, over %zu runs\n", c->variant, c->workload, c->params, c->timing,
			c->kconfig, dropped, tracked, c->cost_runs);
	}
	if (any)
		fputc('\n', f);
}

/* The representative group: rx-mixed on base, most tenants, then most receive CPUs. */
static const struct cell *representative(const struct report *r)
{
	const struct cell *best = NULL;

	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		double t, bt;

		if (!c->cost_runs || strcmp(c->workload, "rx-mixed") || strcmp(c->kconfig, "base"))
			continue;
		if (!best) {
			best = c;
			continue;
		}
		t = cell_param(c, "tenants");
		bt = cell_param(best, "tenants");
		if (t > bt || (t == bt && cell_param(c, "rx_cpus") > cell_param(best, "rx_cpus")))
			best = c;
	}
	return best;
}

/* One per_cpu array summed over the cell's runs; the number of vCPUs, 0 if none. */
static size_t per_cpu_sum(const struct cell *c, const char *key, double *sum)
{
	size_t n = 0, i, k;
	json_t *rec, *v;

	memset(sum, 0, MAX_VCPUS * sizeof(*sum));
	json_array_foreach(c->ok_runs, i, rec)
		json_array_foreach(json_object_get(json_object_get(cost_of(rec), "per_cpu"),
						   key), k, v)
			if (k < MAX_VCPUS && json_is_number(v)) {
				sum[k] += json_number_value(v);
				n = k + 1 > n ? k + 1 : n;
			}
	return n;
}

static void per_cpu_table(FILE *f, const struct report *r)
{
	static const struct { const char *key, *label; } rows[] = {
		{ "kernel_insns", "kernel instructions" },
		{ "charge_insns", "charge-path instructions" },
		{ "transfers", "line transfers" },
	};
	const struct cell *at = representative(r);
	size_t ncpu = 0;
	double sum[MAX_VCPUS];

	for (size_t i = 0; at && i < r->ncells; i++)
		if (!strcmp(r->cells[i].params, at->params) &&
		    !strcmp(r->cells[i].workload, at->workload) &&
		    !strcmp(r->cells[i].timing, at->timing) &&
		    !strcmp(r->cells[i].kconfig, at->kconfig))
			for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
				size_t n = per_cpu_sum(&r->cells[i], rows[k].key, sum);

				ncpu = n > ncpu ? n : ncpu;
			}
	if (!ncpu)
		return;
	fprintf(f, "### Where the work ran: share per vCPU\n\nOne cell group: rx-mixed %s, "
		"timing %s, kconfig %s; each count summed over the cell's runs, as a share of "
		"its all-vCPU total.\n\n| variant | count |", at->params, at->timing,
		at->kconfig);
	for (size_t k = 0; k < ncpu; k++)
		fprintf(f, " vCPU %zu |", k);
	fputs("\n|---|---|", f);
	for (size_t k = 0; k < ncpu; k++)
		fputs("---|", f);
	fputc('\n', f);
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];

		if (strcmp(c->params, at->params) || strcmp(c->workload, at->workload) ||
		    strcmp(c->timing, at->timing) || strcmp(c->kconfig, at->kconfig))
			continue;
		for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
			size_t n = per_cpu_sum(c, rows[k].key, sum);
			double total = 0;

			if (!n)
				continue;
			for (size_t j = 0; j < n; j++)
				total += sum[j];
			fprintf(f, "| `%s`%s | %s |", c->variant,
				cell_cost_trusted(c) ? "" : " (not trusted)", rows[k].label);
			for (size_t j = 0; j < ncpu; j++)
				if (j < n && total > 0)
					fprintf(f, " %.1f%% |", 100 * sum[j] / total);
				else
					fputs(" n/a |", f);
			fputc('\n', f);
		}
	}
	fputc('\n', f);
}

/* The median over a cell's runs of cost.<a>[.<b>] / units; NAN when none has it. */
static double run_median(const struct cell *c, const char *a, const char *b)
{
	double v[256];
	size_t n = 0, i;
	json_t *rec;

	json_array_foreach(c->ok_runs, i, rec) {
		json_t *x = json_object_get(cost_of(rec), a);
		double units = json_number_value(json_object_get(json_object_get(rec, "metrics"),
								 "units"));

		if (b)
			x = json_object_get(x, b);
		if (json_is_number(x) && units > 0 && n < 256)
			v[n++] = json_number_value(x) / units;
	}
	qsort(v, n, sizeof(v[0]), cmp_double);
	return n ? stats_quantile_sorted(v, n, 0.5) : NAN;
}

/* Instructions in icount turns of at least 2^20 instructions, as a share, over the cell's runs. */
static double long_turn_share(const struct cell *c, double *turns)
{
	double all = 0, longer = 0;
	size_t i, k;
	json_t *rec, *b;

	*turns = 0;
	json_array_foreach(c->ok_runs, i, rec) {
		json_t *t = json_object_get(cost_of(rec), "turns");

		if (!json_is_true(json_object_get(t, "counted")))
			continue;
		*turns += json_number_value(json_object_get(t, "count"));
		json_array_foreach(json_object_get(t, "log2_hist"), k, b) {
			/* a turn in bucket k is 2^k..2^(k+1) instructions: weigh by 1.5 x 2^k */
			double insns = json_number_value(b) * 1.5 * ldexp(1, (int)k);

			all += insns;
			if (k >= 20)
				longer += insns;
		}
	}
	return all > 0 ? longer / all : NAN;
}

static void fmt_num(char *buf, size_t cap, double v)
{
	if (isnan(v))
		snprintf(buf, cap, "n/a");
	else
		snprintf(buf, cap, "%.3g", v);
}

/*
 * The line transfers counted two ways, per unit of work, for the
 * representative group: serialized (the emulator's order, a lower bound)
 * and estimated at each window length, with the icount turns behind the
 * gap.
 */
static void contention_table(FILE *f, const struct report *r)
{
	static const char *const windows[] = { "4000000", "16000000", "64000000", "run" };
	const struct cell *at = representative(r);
	int any = 0;

	for (size_t i = 0; at && i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		char v[6][32], share[32];
		double turns, ls;

		if (strcmp(c->params, at->params) || strcmp(c->workload, at->workload) ||
		    strcmp(c->timing, at->timing) || strcmp(c->kconfig, at->kconfig) ||
		    isnan(run_median(c, "transfers_est_by_window", "16000000")))
			continue;
		if (!any++)
			fprintf(f, "### Line transfers: serialized against the estimate\n\n"
				"One cell group: rx-mixed %s, timing %s, kconfig %s; medians over "
				"each cell's runs, per MB. Serialized: in the order the emulator "
				"ran the vCPUs (a lower bound). Estimated: the accesses of each line "
				"in each window of guest time interleaved at random, at four window "
				"lengths (16M is the primary; \"run\" shuffles the whole run). The "
				"share of instructions run in icount turns of 2^20 instructions or "
				"more says how far the serialized count is from any real "
				"interleaving.\n\n"
				"| variant | serialized | est. 4M | est. 16M | est. 64M | est. run | "
				"icount turns | in turns >= 2^20 |\n|---|---|---|---|---|---|---|---|\n",
				at->params, at->timing, at->kconfig);
		fmt_num(v[0], sizeof(v[0]), run_median(c, "transfers", NULL));
		for (int w = 0; w < 4; w++)
			fmt_num(v[w + 1], sizeof(v[w + 1]),
				run_median(c, "transfers_est_by_window", windows[w]));
		ls = long_turn_share(c, &turns);
		if (isnan(ls))
			snprintf(share, sizeof(share), "not counted (%s)", c->timing);
		else
			snprintf(share, sizeof(share), "%.0f%%", ls * 100);
		fprintf(f, "| `%s` | %s | %s | %s | %s | %s | %.0f | %s |\n", c->variant, v[0],
			v[1], v[2], v[3], v[4], turns, share);
	}
	if (any)
		fputc('\n', f);
}

void md_cost_model(FILE *f, const struct report *r)
{
	if (!report_has_cost(r))
		return;
	describe(f, r);
	crosscheck_table(f, r);
	dropped_lines(f, r);
	contention_table(f, r);
	per_cpu_table(f, r);
}
