// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "report_format.h"
#include "run_store.h"
#include "summary_files.h"

static void csv_str(FILE *f, const char *s, int last)
{
	fputc('"', f);
	for (; s && *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
	fputs(last ? "\"\n" : "\",", f);
}

static void csv_num(FILE *f, double v, int last)
{
	if (isnan(v))
		fputs(last ? "\n" : ",", f);
	else
		fprintf(f, last ? "%.10g\n" : "%.10g,", v);
}

static json_t *num_or_null(double v)
{
	return isnan(v) || isinf(v) ? json_null() : json_real(v);
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* lo, hi and coverage of an interval: null (or empty in CSV) when there is none */
static double ci_lo(const struct interval *ci)
{
	return ci->valid ? ci->lo : NAN;
}

static double ci_hi(const struct interval *ci)
{
	return ci->valid ? ci->hi : NAN;
}

static double ci_coverage(const struct interval *ci)
{
	return ci->valid ? ci->coverage : NAN;
}

static void cell_columns(FILE *f, const struct cell *c)
{
	csv_str(f, c->variant, 0);
	csv_str(f, c->workload, 0);
	csv_str(f, c->params, 0);
	csv_str(f, c->timing, 0);
	csv_str(f, c->kconfig, 0);
}

/* One metric of a cell: its statistics, keyed by the metric's path in the cell's "metrics". */
static json_t *cell_metric_json(const struct cell *c, size_t m)
{
	const struct cell_metric *cm = &c->metrics[m];
	json_t *o;

	o = json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o}", "n", (json_int_t)cm->n,
		"median", num_or_null(cm->median),
		"ci_lo", num_or_null(ci_lo(&cm->ci)), "ci_hi", num_or_null(ci_hi(&cm->ci)),
		"ci_coverage", num_or_null(ci_coverage(&cm->ci)),
		"ci_why", str_or_null(cm->n ? cm->ci.why : cm->dead_runs ?
				      "no data: 0 in every run of every cell of its table, "
				      "which a live measurement cannot be" : "no data"),
		"cv", num_or_null(cm->cv));
	/* a cost number says whether the plugin agreed with the kprobes */
	if (o && metric_is_cost(&metric_defs[m]) && c->cost_runs)
		json_object_set_new(o, "cost_trusted", json_boolean(cell_cost_trusted(c)));
	return o;
}

/*
 * A cell once, its metrics under "metrics" (a root summary stays < 2 MiB);
 * the reproducing command is in tables.md, the parameters in "params"
 */
static json_t *cell_json(const struct cell *c)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:o}",
		"variant", c->variant, "workload", c->workload, "params", c->params,
		"timing_mode", c->timing, "kconfig", c->kconfig, "profile", c->profile,
		"n_ok_runs", (json_int_t)json_array_size(c->ok_runs),
		"n_failed_runs", (json_int_t)json_array_size(c->failed_runs),
		"metrics", json_object());
}

/* DIR/NAME opened for writing with its CSV header line written. */
static FILE *open_csv(const char *dir, const char *name, const char *header)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (f)
		fputs(header, f);
	return f;
}

static int write_cells(const struct report *r, const char *dir, json_t *all)
{
	FILE *f;

	f = open_csv(dir, "cells.csv",
		     "variant,workload,params,timing_mode,kconfig,metric,unit_scale,n,"
		     "n_failed_runs,median,ci_lo,ci_hi,ci_coverage,cv\n");
	if (!f)
		return -1;
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		json_t *cj = cell_json(c);

		json_array_append_new(all, cj);
		for (size_t m = 0; m < metric_defs_count; m++) {
			const struct cell_metric *cm = &c->metrics[m];

			if (strcmp(metric_defs[m].workload, c->workload))
				continue;
			cell_columns(f, c);
			csv_str(f, metric_defs[m].path, 0);
			csv_num(f, metric_defs[m].scale, 0);
			fprintf(f, "%zu,%zu,", cm->n, json_array_size(c->failed_runs));
			csv_num(f, cm->median, 0);
			csv_num(f, ci_lo(&cm->ci), 0);
			csv_num(f, ci_hi(&cm->ci), 0);
			csv_num(f, ci_coverage(&cm->ci), 0);
			csv_num(f, cm->cv, 1);
			json_object_set_new(json_object_get(cj, "metrics"), metric_defs[m].path,
					    cell_metric_json(c, m));
		}
	}
	return fclose(f);
}

/* A cell against one reference: its object in summary.json's "comparisons". */
struct comparison_group {
	const struct cell *cell, *base;
	json_t *obj;
};

/*
 * The object of c's cell against c's reference, made (and appended to all)
 * at its first comparison: each pair once, its metrics under "metrics".
 */
static json_t *comparison_group(struct comparison_group *groups, size_t *ngroups, json_t *all,
				const struct comparison *c)
{
	struct comparison_group *g;

	/* comparisons come metric by metric: search back from the newest */
	for (size_t i = *ngroups; i-- > 0;)
		if (groups[i].cell == c->cell && groups[i].base == c->base)
			return groups[i].obj;
	g = &groups[(*ngroups)++];
	g->cell = c->cell;
	g->base = c->base;
	g->obj = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:o}",
		"variant", c->cell->variant, "workload", c->cell->workload,
		"params", c->cell->params, "timing_mode", c->cell->timing,
		"kconfig", c->cell->kconfig, "reference", c->base->variant, "aa", c->aa,
		"metrics", json_object());
	json_array_append_new(all, g->obj);
	return g->obj;
}

static int write_comparisons(const struct report *r, const char *dir, json_t *all)
{
	struct comparison_group *groups = calloc(r->ncmp + 1, sizeof(*groups));
	size_t ngroups = 0;
	FILE *f;

	if (!groups)
		return -1;
	f = open_csv(dir, "comparisons.csv",
		     "variant,workload,params,timing_mode,kconfig,metric,n,n_baseline,ratio,"
		     "ratio_ci_lo,ratio_ci_hi,ratio_ci_coverage,ratio_ci_exact,ratio_hl,mwu_u,p,"
		     "p_exact,min_possible_p,family,p_adj,p_adj_method,margin,equiv_ci_lo,"
		     "equiv_ci_hi,equiv_ci_coverage,verdict,not_tested,aa,reference\n");
	if (!f) {
		free(groups);
		return -1;
	}
	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];
		const char *verdict = verdict_word(r, c);
		const char *family = c->family >= 0 ? r->families[c->family].id : "";
		/* how p was adjusted: none when not tested or deciding nothing */
		const char *method = isnan(c->p_adj) ? "" : c->family >= 0 ? "holm" : "bh";
		json_t *o;

		cell_columns(f, c->cell);
		csv_str(f, metric_defs[c->metric].path, 0);
		fprintf(f, "%zu,%zu,", c->cell->metrics[c->metric].n,
			c->base->metrics[c->metric].n);
		csv_num(f, c->ratio, 0);
		csv_num(f, ci_lo(&c->ci), 0);
		csv_num(f, ci_hi(&c->ci), 0);
		csv_num(f, ci_coverage(&c->ci), 0);
		if (c->ci.valid)
			fprintf(f, "%d,", c->ci.exact);
		else
			fputc(',', f);
		csv_num(f, c->ratio_hl, 0);
		csv_num(f, c->mwu.u, 0);
		csv_num(f, c->mwu.p, 0);
		fprintf(f, "%d,", c->mwu.exact);
		csv_num(f, c->min_p, 0);
		csv_str(f, family, 0);
		csv_num(f, c->p_adj, 0);
		csv_str(f, method, 0);
		csv_num(f, c->margin, 0);
		csv_num(f, ci_lo(&c->tost), 0);
		csv_num(f, ci_hi(&c->tost), 0);
		csv_num(f, ci_coverage(&c->tost), 0);
		csv_str(f, verdict, 0);
		csv_str(f, c->not_tested ? c->not_tested : "", 0);
		fprintf(f, "%d,", c->aa);
		csv_str(f, c->base->variant, 1);
		o = json_pack(
			"{s:o, s:o, s:o, s:o, s:o, s:o, s:o,"
			" s:o, s:b, s:o, s:o, s:s}",
			"ratio", num_or_null(c->ratio),
			"ratio_ci_lo", num_or_null(ci_lo(&c->ci)),
			"ratio_ci_hi", num_or_null(ci_hi(&c->ci)),
			"ratio_ci_coverage", num_or_null(ci_coverage(&c->ci)),
			"ratio_ci_exact", c->ci.valid ? json_boolean(c->ci.exact) : json_null(),
			"ratio_ci_why", str_or_null(c->ci.why), "ratio_hl", num_or_null(c->ratio_hl),
			"p", num_or_null(c->mwu.p), "p_exact", c->mwu.exact,
			"min_possible_p", num_or_null(c->min_p),
			"p_adj", num_or_null(c->p_adj), "verdict", verdict);
		if (o)
			json_object_update_new(o, json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:b}",
				"family", family[0] ? json_string(family) : json_null(),
				"p_adj_method", method[0] ? json_string(method) : json_null(),
				"margin", num_or_null(c->margin),
				"equiv_ci_lo", num_or_null(ci_lo(&c->tost)),
				"equiv_ci_hi", num_or_null(ci_hi(&c->tost)),
				"equiv_ci_coverage", num_or_null(ci_coverage(&c->tost)),
				"not_tested", str_or_null(c->not_tested),
				"aa_outside", c->aa_outside));
		/* a confirmatory verdict checked against each A/A set as the reference */
		if (o && c->aa_sets)
			json_object_update_new(o, json_pack("{s:I, s:s, s:o, s:o, s:o}",
				"aa_sets_checked", (json_int_t)c->aa_sets,
				"verdict_vs_baseline", verdict_text(c->verdict_vs_baseline),
				"aa_breaks", str_or_null(c->aa_breaks),
				"aa_breaks_verdict", c->aa_breaks ?
				json_string(verdict_text(c->aa_breaks_verdict)) : json_null(),
				"aa_breaks_p_bonferroni", c->aa_breaks ? num_or_null(c->aa_breaks_p) :
				json_null()));
		json_object_set_new(json_object_get(comparison_group(groups, &ngroups, all, c),
						    "metrics"), metric_defs[c->metric].path, o);
	}
	free(groups);
	return fclose(f);
}

static int write_failures(const struct report *r, const char *dir, json_t *all)
{
	FILE *f;

	f = open_csv(dir, "failed_runs.csv",
		     "variant,workload,params,timing_mode,kconfig,run_id,reason,detail,"
		     "console_log,qemu_log\n");
	if (!f)
		return -1;
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		size_t k;
		json_t *rec;

		json_array_foreach(c->failed_runs, k, rec) {
			cell_columns(f, c);
			csv_str(f, run_str(rec, "run_id", ""), 0);
			csv_str(f, run_str(rec, "reason", "unknown"), 0);
			csv_str(f, run_str(rec, "detail", ""), 0);
			csv_str(f, run_str(rec, "console_log", ""), 0);
			csv_str(f, run_str(rec, "qemu_log", ""), 1);
			json_array_append_new(all, json_pack("{s:s, s:s, s:s, s:s, s:s, s:s,"
							     " s:s, s:s, s:s}",
				"variant", c->variant, "workload", c->workload,
				"params", c->params, "timing_mode", c->timing,
				"run_id", run_str(rec, "run_id", ""),
				"reason", run_str(rec, "reason", "unknown"),
				"detail", run_str(rec, "detail", ""),
				"console_log", run_str(rec, "console_log", ""),
				"qemu_log", run_str(rec, "qemu_log", "")));
		}
	}
	return fclose(f);
}

static json_t *gate_json(const struct report *r)
{
	static const char *const state[] = { "pass", "invalid", "not gated" };
	json_t *out = json_object();

	for (size_t i = 0; i < r->nvariants; i++)
		json_object_set_new(out, r->variants[i].name, json_pack(
			"{s:s, s:s, s:s, s:b, s:b}", "gate", state[r->variants[i].gate],
			"why", r->variants[i].gate_why,
			"gated_kconfig", r->variants[i].gated_axes,
			"ranked", variant_ranked(&r->variants[i]),
			"control", r->variants[i].control));
	return out;
}

/* Each family, its size and what its n can show, part by part. */
static json_t *families_json(const struct report *r)
{
	json_t *out = json_array();

	for (size_t i = 0; i < r->nfamilies; i++) {
		const struct family *f = &r->families[i];
		json_t *parts = json_array();
		json_t *q = json_object_get(f->spec, "questions");

		for (size_t k = 0; k < f->nparts; k++) {
			const struct family_part *p = &f->parts[k];

			json_array_append_new(parts, json_pack(
				"{s:s, s:o, s:s, s:I, s:I, s:I, s:o, s:o, s:s, s:o, s:o, s:o}",
				"workload", p->workload ? p->workload : "?",
				"metric", p->metric >= 0 ? json_string(metric_defs[p->metric].path) :
				json_null(), "no_data", p->no_data,
				"comparisons", (json_int_t)p->ncmp, "n", (json_int_t)p->n1,
				"n_baseline", (json_int_t)p->n2, "margin", num_or_null(p->margin),
				"cv", num_or_null(p->cv), "cv_source", p->cv_source,
				"mde", num_or_null(p->mde), "equivalence_reach", num_or_null(p->reach),
				"reps_to_decide", p->n1 && p->n_decide <= FAMILY_REPS_CAP ?
				json_integer((json_int_t)p->n_decide) : json_null()));
		}
		json_array_append_new(out, json_pack("{s:s, s:s, s:o, s:I, s:I, s:o}",
			"id", f->id, "profile", f->profile,
			"questions", q ? json_incref(q) : json_null(),
			"size", (json_int_t)f->size, "left_out", (json_int_t)f->left_out,
			"parts", parts));
	}
	return out;
}

int summary_files_write(const struct report *r, const char *dir)
{
	json_t *cells = json_array(), *cmps = json_array(), *fails = json_array();
	json_t *sum;
	char path[4096];
	int rc = 0;

	rc |= write_cells(r, dir, cells);
	rc |= write_comparisons(r, dir, cmps);
	rc |= write_failures(r, dir, fails);
	sum = json_pack("{s:s, s:s, s:s, s:s, s:f, s:f, s:i, s:i, s:o, s:o, s:o, s:o, s:o}",
		"results", r->results_path, "generated_at", r->generated_at,
		"median_interval", "order statistics [x(l), x(n+1-l)], coverage "
		"1 - 2 P(binomial(n, 1/2) < l)",
		"ratio_interval", "Hodges-Lehmann (Moses) interval of the shift of log "
		"values, exponentiated; coverage from the null distribution of U",
		"target_coverage", REPORT_LEVEL, "alpha", REPORT_ALPHA,
		"mwu_exact_max_n", STATS_MWU_EXACT_MAX_N, "ci_min_n", STATS_CI_MIN_N,
		"cells", cells, "comparisons", cmps, "failed_runs", fails,
		"variants", gate_json(r), "families", families_json(r));
	snprintf(path, sizeof(path), "%s/summary.json", dir);
	/*
	 * compact, and numbers to the CSVs' 10 significant digits: a decide
	 * store's summary is over 2 MiB indented, or with 17 (read it with jq)
	 */
	if (json_dump_file(sum, path, JSON_COMPACT | JSON_SORT_KEYS |
			   JSON_REAL_PRECISION(10)) < 0)
		rc = -1;
	json_decref(sum);
	if (rc)
		fail_msg("cannot write the summaries in %s", dir);
	return rc ? -1 : 0;
}
