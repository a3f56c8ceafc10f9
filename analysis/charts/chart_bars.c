// SPDX-License-Identifier: GPL-2.0
/*
 * The charts that compare variants at one setting: the multi-slot knob
 * heat map, PREEMPT_RT against the base kconfig, and the charge-path share
 * of the profile.  Each is drawn at the most tenants measured, where the
 * designs differ most, once per timing mode.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_bars.h"
#include "chart_script.h"
#include "report_format.h"

typedef int (*cell_filter)(const struct report *r, const struct cell *c, size_t m);

/* The cell with the most tenants that passes keep, or NULL. */
static const struct cell *widest(const struct report *r, const char *timing,
				 size_t m, cell_filter keep)
{
	const struct cell *best = NULL;

	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];

		if (strcmp(c->workload, metric_defs[m].workload) ||
		    (timing && strcmp(c->timing, timing)) || c->metrics[m].n == 0 ||
		    !keep(r, c, m))
			continue;
		if (!best || cell_param(c, "tenants") > cell_param(best, "tenants"))
			best = c;
	}
	return best;
}

/* Each timing mode once: calls fn for the first cell of every mode seen. */
static void per_timing(const struct report *r, const char *dir, struct chart_list *l,
		       size_t m, cell_filter keep,
		       void (*fn)(const struct report *, const char *, struct chart_list *,
				  size_t, const struct cell *))
{
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i], *w;
		int seen = 0;

		if (strcmp(c->workload, metric_defs[m].workload) || c->metrics[m].n == 0 ||
		    !keep(r, c, m))
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(r->cells[j].timing, c->timing) &&
			       r->cells[j].metrics[m].n > 0 &&
			       !strcmp(r->cells[j].workload, c->workload) &&
			       keep(r, &r->cells[j], m);
		if (!seen && (w = widest(r, c->timing, m, keep)))
			fn(r, dir, l, m, w);
	}
}

static int same_setting(const struct cell *a, const struct cell *b)
{
	return !strcmp(a->workload, b->workload) && !strcmp(a->params, b->params) &&
	       !strcmp(a->timing, b->timing);
}

static const char *bar_label(const struct report *r, const char *name, char *buf,
			     size_t cap)
{
	const struct variant_info *v = variant_find(r, name);

	snprintf(buf, cap, "%s%s", name,
		 v && v->gate == GATE_INVALID ? " (INVALID)" : "");
	return buf;
}

static int throughput_metric(void)
{
	return metric_index("rx-mixed", "throughput_bytes_per_sec");
}

/* ---- multi-slot: slots x eviction policy */

static int has_knobs(const struct report *r, const struct cell *c, size_t m)
{
	const struct variant_info *v = variant_find(r, c->variant);

	(void)m;
	return v && json_is_number(json_object_get(v->knobs, "slots")) &&
	       json_is_string(json_object_get(v->knobs, "policy"));
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static size_t index_of_double(const double *v, size_t n, double x)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == x)
			return i;
	return n;
}

static size_t index_of_str(const char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return i;
	return n;
}

static void heatmap(const struct report *r, const char *dir, struct chart_list *l,
		    size_t m, const struct cell *at)
{
	const struct metric_def *d = &metric_defs[m];
	double slots[64];
	const char *policy[16];
	size_t ns = 0, np = 0;
	char name[200], sub[1200], v[32], label[64];
	struct chart *c;
	FILE *dat, *gp;

	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *cl = &r->cells[i];
		const struct variant_info *vi = variant_find(r, cl->variant);
		double s;
		const char *p;

		if (!same_setting(cl, at) || strcmp(cl->kconfig, at->kconfig) ||
		    !has_knobs(r, cl, m) || cl->metrics[m].n == 0)
			continue;
		s = json_number_value(json_object_get(vi->knobs, "slots"));
		p = json_string_value(json_object_get(vi->knobs, "policy"));
		if (index_of_double(slots, ns, s) == ns && ns < 64)
			slots[ns++] = s;
		if (index_of_str(policy, np, p) == np && np < 16)
			policy[np++] = p;
	}
	qsort(slots, ns, sizeof(slots[0]), cmp_double);
	qsort(policy, np, sizeof(policy[0]), cmp_str);
	snprintf(name, sizeof(name), "multi-slot-heatmap-%s-%s", at->timing, at->kconfig);
	c = chart_new(l, name, "multi-slot: throughput by slot count and eviction policy");
	if (!c || !(dat = chart_open(dir, c, "dat")))
		return;
	gp = chart_open(dir, c, "gp");
	for (size_t i = 0; gp && i < r->ncells; i++) {
		const struct cell *cl = &r->cells[i];
		const struct variant_info *vi = variant_find(r, cl->variant);

		if (!same_setting(cl, at) || strcmp(cl->kconfig, at->kconfig) ||
		    !has_knobs(r, cl, m) || cl->metrics[m].n == 0)
			continue;
		fmt_value(v, sizeof(v), d, cl->metrics[m].median);
		snprintf(label, sizeof(label), "%s%s", v,
			 vi->gate == GATE_INVALID ? " INVALID" : "");
		fprintf(dat, "%zu %zu %.10g \"%s\"\n",
			index_of_double(slots, ns,
					json_number_value(json_object_get(vi->knobs, "slots"))),
			index_of_str(policy, np,
				     json_string_value(json_object_get(vi->knobs, "policy"))),
			cl->metrics[m].median * d->scale, label);
	}
	fclose(dat);
	if (!gp)
		return;
	snprintf(sub, sizeof(sub), "timing mode: %s, kconfig: %s; median %s\nrx-mixed %s",
		 at->timing, at->kconfig, d->unit, at->params);
	chart_preamble(gp, c, sub, "slots per CPU in use (Kconfig or memcontrol.stock_slots)", "eviction policy");
	fprintf(gp, "set xrange [-0.5:%zu.5]\nset yrange [-0.5:%zu.5]\nset xtics (",
		ns ? ns - 1 : 0, np ? np - 1 : 0);
	for (size_t i = 0; i < ns; i++)
		fprintf(gp, "%s\"%g\" %zu", i ? ", " : "", slots[i], i);
	fputs(")\nset ytics (", gp);
	for (size_t i = 0; i < np; i++)
		fprintf(gp, "%s\"%s\" %zu", i ? ", " : "", policy[i], i);
	fprintf(gp, ")\nset grid noxtics noytics\nset cblabel \"%s (%s)\"\n"
		"set palette defined (0 '#f7fbff', 1 '#6baed6', 2 '#08306b')\n"
		"plot '%s.dat' using 1:2:(0.5):(0.5):3 with boxxyerror fs solid "
		"lc palette notitle, \\\n    '' using 1:2:4 with labels "
		"tc rgb '#d62728' font ',13' notitle\n", d->label, d->unit, c->name);
	chart_finish(gp, c);
	fclose(gp);
}

void chart_slot_heatmap(const struct report *r, const char *dir, struct chart_list *l)
{
	int m = throughput_metric();
	size_t before = l->n;

	if (m >= 0)
		per_timing(r, dir, l, (size_t)m, has_knobs, heatmap);
	if (l->n == before)
		chart_note_absent(l, "multi-slot slots x eviction policy heat map: no rx-mixed "
				  "data from variants with knobs {slots, policy} in matrix.json");
}

/* ---- PREEMPT_RT against the base kconfig */

static int rt_pair(const struct report *r, const struct cell *c, size_t m)
{
	if (!kconfig_is_rt(c->kconfig))
		return 0;
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *b = &r->cells[i];

		if (!strcmp(b->variant, c->variant) && same_setting(b, c) &&
		    !strcmp(b->kconfig, "base") && b->metrics[m].n > 0)
			return 1;
	}
	return 0;
}

static const struct cell *twin(const struct report *r, const struct cell *c,
			       const char *variant, const char *kconfig)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (!strcmp(r->cells[i].variant, variant) &&
		    same_setting(&r->cells[i], c) && !strcmp(r->cells[i].kconfig, kconfig))
			return &r->cells[i];
	return NULL;
}

static void bar_row(FILE *dat, const struct metric_def *d, const struct cell *c, size_t m,
		    struct coverage_span *span)
{
	const struct cell_metric *cm = c ? &c->metrics[m] : NULL;

	coverage_span_add(span, cm);
	if (!cm || cm->n == 0) {
		fputs(" NaN NaN NaN", dat);
		return;
	}
	fprintf(dat, " %.10g %.10g %.10g", cm->median * d->scale,
		(cm->ci.valid ? cm->ci.lo : cm->median) * d->scale,
		(cm->ci.valid ? cm->ci.hi : cm->median) * d->scale);
}

static void bar_style(FILE *gp)
{
	fputs("set style data histogram\nset style histogram errorbars gap 1 lw 1\n"
	      "set style fill solid 0.7 border -1\nset xtics rotate by -30\n"
	      "set yrange [0:*]\nset grid noxtics\nset bmargin 13\n", gp);
}

static void rt_bars(const struct report *r, const char *dir, struct chart_list *l,
		    size_t m, const struct cell *at)
{
	const struct metric_def *d = &metric_defs[m];
	char name[200], sub[1200], ylabel[200], lab[160], bars[160];
	struct coverage_span span = { 0 };
	struct chart *c;
	FILE *dat, *gp;

	snprintf(name, sizeof(name), "preempt-rt-%s-%s", at->timing, at->kconfig);
	c = chart_new(l, name, "PREEMPT_RT vs not: rx-mixed throughput per variant");
	if (!c || !(dat = chart_open(dir, c, "dat")))
		return;
	for (size_t vi = 0; vi < r->nvariants; vi++) {
		const struct cell *b = twin(r, at, r->variants[vi].name, "base");
		const struct cell *t = twin(r, at, r->variants[vi].name, at->kconfig);

		if (!b && !t)
			continue;
		fprintf(dat, "\"%s\"", bar_label(r, r->variants[vi].name, lab, sizeof(lab)));
		bar_row(dat, d, b, m, &span);
		bar_row(dat, d, t, m, &span);
		fputc('\n', dat);
	}
	fclose(dat);
	if (!(gp = chart_open(dir, c, "gp")))
		return;
	snprintf(sub, sizeof(sub), "timing mode: %s; %s\nrx-mixed %s", at->timing,
		 coverage_span_text(bars, sizeof(bars), &span), at->params);
	snprintf(ylabel, sizeof(ylabel), "%s (%s)", d->label, d->unit);
	chart_preamble(gp, c, sub, "variant", ylabel);
	bar_style(gp);
	fprintf(gp, "plot '%s.dat' using 2:3:4:xtic(1) title 'kconfig base', \\\n"
		"    '' using 5:6:7 title 'kconfig %s'\n", c->name, at->kconfig);
	chart_finish(gp, c);
	fclose(gp);
}

void chart_rt_bars(const struct report *r, const char *dir, struct chart_list *l)
{
	int m = throughput_metric();
	size_t before = l->n;

	if (m >= 0)
		per_timing(r, dir, l, (size_t)m, rt_pair, rt_bars);
	if (l->n == before)
		chart_note_absent(l, "PREEMPT_RT vs not: no rx-mixed data on a PREEMPT_RT "
				  "kconfig axis (an axis whose name contains \"rt\") beside base");
}

/* ---- charge-path share of the profile */

static int any_cell(const struct report *r, const struct cell *c, size_t m)
{
	(void)r;
	(void)c;
	(void)m;
	return 1;
}

static void share_bars(const struct report *r, const char *dir, struct chart_list *l,
		       size_t m, const struct cell *at)
{
	int self = metric_index("rx-mixed", "profile.memcg_charge_share_self");
	const struct metric_def *d = &metric_defs[m];
	char name[200], sub[1200], lab[160], bars[160];
	struct coverage_span span = { 0 };
	struct chart *c;
	FILE *dat, *gp;

	snprintf(name, sizeof(name), "charge-share-%s-%s", at->timing, at->kconfig);
	c = chart_new(l, name, "charge-path share of the rx-mixed profile per variant");
	if (!c || !(dat = chart_open(dir, c, "dat")))
		return;
	for (size_t vi = 0; vi < r->nvariants; vi++) {
		const struct cell *v = twin(r, at, r->variants[vi].name, at->kconfig);

		if (!v || v->metrics[m].n == 0)
			continue;
		fprintf(dat, "\"%s\"", bar_label(r, v->variant, lab, sizeof(lab)));
		bar_row(dat, d, v, m, &span);
		bar_row(dat, &metric_defs[self], v, (size_t)self, &span);
		fputc('\n', dat);
	}
	fclose(dat);
	if (!(gp = chart_open(dir, c, "gp")))
		return;
	snprintf(sub, sizeof(sub), "timing mode: %s, kconfig: %s; share of perf samples in the "
		 "memcg charge functions; %s\n%s", at->timing, at->kconfig,
		 coverage_span_text(bars, sizeof(bars), &span), at->params);
	chart_preamble(gp, c, sub, "variant", "share of profile samples (%)");
	bar_style(gp);
	fprintf(gp, "plot '%s.dat' using 2:3:4:xtic(1) title 'inclusive (with callees)', \\\n"
		"    '' using 5:6:7 title 'self'\n", c->name);
	chart_finish(gp, c);
	fclose(gp);
}

void chart_charge_share(const struct report *r, const char *dir, struct chart_list *l)
{
	int m = metric_index("rx-mixed", "profile.memcg_charge_share_children");
	size_t before = l->n;

	if (m >= 0)
		per_timing(r, dir, l, (size_t)m, any_cell, share_bars);
	if (l->n == before)
		chart_note_absent(l, "charge-path share of the profile: no rx-mixed run "
				  "carries metrics.profile (perf sampling)");
}
