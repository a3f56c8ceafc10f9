/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_REPORT_H
#define MMX_REPORT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "family_spec.h"
#include "metrics_table.h"
#include "stats.h"
#include "verdict.h"

/* The report's model: built once from the store, then only read by writers. */

#define REPORT_ALPHA 0.05
/* the coverage every interval is built to reach; each states the one it has */
#define REPORT_LEVEL 0.95
#define BASELINE_VARIANT "baseline"

struct cell_metric {
	double *values;		/* from ok runs that carry the metric */
	size_t n;
	double median, cv;
	struct interval ci;	/* order-statistic interval of the median */
	/*
	 * runs whose value was 0 where a live counter cannot be (every run of
	 * every cell of its table): not a measurement, so n is 0 ("no data")
	 */
	size_t dead_runs;
};

/* One kernel x workload x parameters x timing mode (x kconfig axis). */
struct cell {
	char *variant, *workload, *timing, *kconfig, *profile;
	char *params;		/* "k=v k=v", keys sorted */
	json_t *params_json;
	json_t *ok_runs, *failed_runs;	/* record arrays; failures are never data */
	struct cell_metric *metrics;	/* indexed like metric_defs */
	/*
	 * the cost plugin: ok runs with metrics.cost, those whose counts the
	 * kprobes contradicted (crosscheck_ok false) and those it could not
	 * check (null: no kprobe count to compare with, or absent)
	 */
	size_t cost_runs, crosscheck_false, crosscheck_unchecked;
};

struct comparison {
	struct cell *cell, *base;
	size_t metric;
	double ratio;		/* median(cell) / median(base) */
	/*
	 * the Hodges-Lehmann interval of the factor between the two
	 * distributions, and that factor's own estimate (exp of the median
	 * log difference), in the summaries beside the ratio of medians
	 */
	struct interval ci;
	double ratio_hl;
	/* the same interval at 1 - 2 alpha: inside the margin = equivalent */
	struct interval tost;
	double margin;		/* the profile's equivalence margin, NAN: none */
	struct mwu mwu;
	double min_p;		/* the smallest p these sample sizes allow */
	const char *not_tested;	/* why there is no test (degenerate), or NULL */
	int family;		/* confirmatory family (r->families), -1: descriptive */
	/* Holm within its family, or Benjamini-Hochberg over the descriptive */
	double p_adj;
	int significant;	/* p_adj < REPORT_ALPHA */
	enum verdict verdict;
	int aa;			/* an A/A comparison (noise floor) */
	/*
	 * its A/A pair (baseline-aa against baseline at the same settings)
	 * has an equivalence interval not inside the margin: the noise alone
	 * can look like that much, so equivalence is not claimed
	 */
	int aa_outside;
	/*
	 * a confirmatory verdict against baseline must hold against each A/A
	 * set at the same settings too (the identical kernel measured again),
	 * so one lucky copy of baseline decides nothing: the first set it does
	 * not hold against, with its Bonferroni p (p x the family's size) and
	 * the verdict there; NULL: it holds against each, or there is none
	 */
	const char *aa_breaks;
	double aa_breaks_p;
	enum verdict aa_breaks_verdict, verdict_vs_baseline;
	size_t aa_sets;		/* the A/A sets it was checked against */
};

/*
 * The one estimate of a comparison's change every verdict, sentence and
 * chart uses: the Hodges-Lehmann ratio (the centre of the interval shown),
 * the ratio of medians where there is none.
 */
static inline double planning_ratio(const struct comparison *c)
{
	return c->ratio_hl == c->ratio_hl ? c->ratio_hl : c->ratio;
}

/* One test of a family: its comparisons on the metric it used. */
struct family_part {
	json_t *test;
	const char *workload;
	int metric;		/* metric_defs index used, -1: none with data */
	char no_data[256];	/* declared metrics before it that had no data */
	size_t ncmp, n1, n2;	/* its comparisons and their smallest n */
	double margin, cv;	/* the noise the MDE is computed at */
	double cv_own;		/* that of its own cells, variants' included */
	char cv_source[200];
	double mde, reach;	/* MDE under Holm; the smallest reachable margin */
	size_t n_decide;	/* runs per cell that would decide either way */
};

#define FAMILY_MAX_PARTS 8
/* Repetitions beyond which "would decide" is given as "more than". */
#define FAMILY_REPS_CAP 5000

/* A confirmatory family of one profile, as matrix.json declares it. */
struct family {
	const char *id, *profile, *why;
	const char *timing;	/* the mode its comparisons are in: family_timing() */
	json_t *spec;
	struct family_part parts[FAMILY_MAX_PARTS];
	size_t nparts;
	size_t size;		/* comparisons in Holm's family */
	size_t left_out;	/* members not tested: gate failed, untrusted */
	size_t n_decide;	/* the most any part needs */
};

enum gate_state {
	GATE_PASS,
	GATE_INVALID,
	GATE_NOT_GATED,
};

struct variant_info {
	char *name;
	enum gate_state gate;
	char gate_why[512];	/* failed items, or where the verdict comes from */
	char gated_axes[64];	/* the kconfig axes its gate items ran on: "base,rt" */
	json_t *knobs;		/* $.variants.NAME.knobs, or NULL */
	const char *description;
	int control;		/* a control (nosocket) or the A/A set: never ranked */
	int nosocket;		/* boots with cgroup.memory=nosocket: no socket charges */
};

/* A variant's gate on one kconfig axis: a pass covers only the axes it ran on. */
enum gate_state variant_gate_on(const struct variant_info *v, const char *kconfig);

struct answer;

struct report {
	const char *results_path, *gate_dir, *out_dir;
	json_t *runs;
	size_t skipped_lines;
	struct cell *cells;
	size_t ncells;
	struct comparison *cmp;
	size_t ncmp;
	struct variant_info *variants;
	size_t nvariants;
	json_t *profiles;	/* matrix.json's $.profiles: families and margins */
	struct family *families;
	size_t nfamilies;
	struct answer *answers;	/* one per family_questions[]: answers.h */
	size_t nanswers;
	char generated_at[32];
};

/* cells.c */
int cells_build(struct report *r, const char *const *variant_order, size_t norder);
struct cell *cell_find(struct report *r, const char *variant, const char *workload,
		       const char *params, const char *timing, const char *kconfig);
/* The numeric value of a parameter, or NAN. */
double cell_param(const struct cell *c, const char *key);
/*
 * Whether cell c is one that test of family asks about, its variant
 * included; mode: the timing mode the family is judged in (family_timing).
 * Both the comparisons with a family's reference and the family's members
 * are found with it.
 */
int cell_in_test(const struct cell *c, json_t *family, json_t *test, const char *mode);
/* A PREEMPT_RT kconfig axis: one named with "rt" ("rt", "rt-debug"). */
int kconfig_is_rt(const char *kconfig);
void cells_free(struct report *r);
/* Ordered distinct timing modes that have cells. */
size_t timing_modes(const struct report *r, const char **out, size_t cap);

/* dead_metrics.c */
/* A never-zero metric that is 0 in every run of every cell of its table: no data. */
void cells_mark_dead(struct report *r);

/* comparisons.c */
/*
 * Every cell against the baseline cell of the same workload, parameters,
 * timing mode and kconfig, every metric (degenerate ones marked not
 * tested); then the families, the corrections and the verdicts.
 */
int comparisons_build(struct report *r);
/* The comparison of cell c on metric m (m < 0: none), or NULL. */
const struct comparison *comparison_find(const struct report *r, const struct cell *c, int m);

/* families.c */
/* The descriptive comparisons: tested, in no family (Benjamini-Hochberg over them). */
size_t families_descriptive(const struct report *r);
/*
 * Puts each comparison in the confirmatory family its profile declares
 * for it (or leaves it descriptive), sets its margin, adjusts the p-values
 * (Holm per family, BH over the rest) and gives every verdict.
 */
int families_build(struct report *r);
void families_free(struct report *r);
/* The families answering a question ("rfc1"), in order; how many (at most cap). */
size_t families_of_question(const struct report *r, const char *question,
			    const struct family **out, size_t cap);

/*
 * The comparisons of a set of families: family by family in the order
 * given (fams NULL: every family of the report, in order), each family's
 * comparisons in the report's order.  Everything that walks a family's
 * comparisons walks them with this.
 */
struct family_walk {
	const struct report *r;
	const struct family *const *fams;
	size_t nf, k, i;
};

void family_walk_start(struct family_walk *w, const struct report *r,
		       const struct family *const *fams, size_t nf);
/* The next comparison, or NULL at the end. */
const struct comparison *family_walk_next(struct family_walk *w);
/* Whether comparison c is in one of the families fams (NULL: in any). */
int family_walk_holds(const struct family_walk *w, const struct comparison *c);

/* family_power.c */
/* Each family part's noise, MDE, reachable margin and the runs that would decide. */
void families_power(struct report *r);

/* cost_trust.c */
/* Counts the cell's runs with cost metrics and their crosscheck verdicts. */
void cell_cost_tally(struct cell *c);
/* Every run's crosscheck_ok is true: the cell's cost numbers can be used. */
int cell_cost_trusted(const struct cell *c);
/* 0 when a cost comparison rests on a cell (or baseline) the crosscheck failed. */
int comparison_trusted(const struct comparison *c);
/* Whether any ok run carries cost metrics: the report then says how it uses them. */
int report_has_cost(const struct report *r);

/* variants.c */
int variants_load(struct report *r, json_t *matrix_variants);
struct variant_info *variant_find(const struct report *r, const char *name);
/* Whether two cells have the same workload, parameters, timing mode and axis. */
int cells_same_settings(const struct cell *a, const struct cell *b);
int variant_ranked(const struct variant_info *v);
/* A design: neither baseline nor a control (nosocket, an A/A set). */
int variant_is_design(const struct variant_info *v);

#endif
