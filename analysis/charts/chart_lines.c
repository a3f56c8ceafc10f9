// SPDX-License-Identifier: GPL-2.0
/*
 * A metric against the number of tenants, one line per variant, median
 * with its order-statistic interval as bars; one chart per timing mode,
 * kconfig axis and setting of the other parameters.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_lines.h"
#include "chart_script.h"
#include "family_spec.h"
#include "report_format.h"

static const char *tenant_param(const char *workload)
{
	return strcmp(workload, "kmem-mix") ? "tenants" : "kmem_tenants";
}

static int charted(size_t m)
{
	const struct metric_def *d = &metric_defs[m];

	/* the profile shares have their own bar chart */
	if (!strncmp(d->path, "profile.", 8))
		return 0;
	/* the receive loads are charted whole; elsewhere the primary metric */
	return workload_is_receive(d->workload) || d->primary;
}

/* filled circle, square, triangles, diamond, then their open forms */
static const int point_types[12] = { 7, 5, 9, 11, 13, 15, 6, 4, 8, 10, 12, 14 };

/* The cell's parameters without the tenant count: what a line holds fixed. */
static void rest_of_params(const struct cell *c, const char *drop, char *buf, size_t cap)
{
	const char *p = c->params;
	size_t len = 0, dl = strlen(drop);

	buf[0] = '\0';
	while (*p) {
		size_t n = strcspn(p, " ");

		if (!(n > dl && !strncmp(p, drop, dl) && p[dl] == '='))
			len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%.*s",
					len ? " " : "", (int)n, p);
		p += n;
		p += *p == ' ';
	}
}

static int same_group(const struct cell *a, const struct cell *b, const char *drop)
{
	char ra[1024], rb[1024];

	if (strcmp(a->workload, b->workload) || strcmp(a->timing, b->timing) ||
	    strcmp(a->kconfig, b->kconfig))
		return 0;
	rest_of_params(a, drop, ra, sizeof(ra));
	rest_of_params(b, drop, rb, sizeof(rb));
	return !strcmp(ra, rb);
}

/* Parameter values alike: 5 and 5.0 are the same duration. */
static int same_value(json_t *a, json_t *b)
{
	if (json_is_number(a) && json_is_number(b))
		return json_number_value(a) == json_number_value(b);
	return json_equal(a, b);
}

/*
 * What tells this chart from the workload's other charts of the metric:
 * its kconfig axis and timing mode when those vary, and each parameter
 * whose value differs in some other cell of the workload (proto=udp,
 * topology=virtio); the headings of REPORT.md would be alike otherwise.
 */
static void chart_qualifier(const struct report *r, const struct cell *first,
			    const char *rest, char *buf, size_t cap)
{
	int kconfigs = 0, timings = 0;
	size_t len = 0;
	char key[128];

	for (size_t i = 0; i < r->ncells; i++)
		if (!strcmp(r->cells[i].workload, first->workload)) {
			kconfigs |= !!strcmp(r->cells[i].kconfig, first->kconfig);
			timings |= !!strcmp(r->cells[i].timing, first->timing);
		}
	buf[0] = '\0';
	if (kconfigs)
		len += snprintf(buf + len, len < cap ? cap - len : 0, "kconfig %s", first->kconfig);
	if (timings)
		len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%s", len ? ", " : "",
				first->timing);
	for (const char *p = rest; *p; p += *p == ' ') {
		size_t n = strcspn(p, " "), k = strcspn(p, "=");
		json_t *mine;
		int differs = 0;

		snprintf(key, sizeof(key), "%.*s", (int)k, p);
		mine = json_object_get(first->params_json, key);
		for (size_t i = 0; i < r->ncells && !differs; i++) {
			json_t *other = json_object_get(r->cells[i].params_json, key);

			differs = !strcmp(r->cells[i].workload, first->workload) && other &&
				  !same_value(mine, other);
		}
		if (differs && k < n)
			len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%.*s",
					len ? ", " : "", (int)n, p);
		p += n;
	}
}

/* Whether one_chart draws cell cl of variant v: the rows of its .dat file. */
static int drawn(const struct cell *cl, const struct cell *first, const char *xp,
		 const struct variant_info *v, size_t m)
{
	return !strcmp(cl->variant, v->name) && same_group(cl, first, xp) &&
	       cl->metrics[m].n > 0 && !isnan(cell_param(cl, xp));
}

static void one_chart(const struct report *r, const char *dir, struct chart_list *l,
		      size_t m, const struct cell *first, size_t serial)
{
	const struct metric_def *d = &metric_defs[m];
	const char *xp = tenant_param(d->workload);
	char rest[1024], name[200], title[300], sub[1400], ylabel[200], s[100], qual[200];
	char bars[160];
	struct coverage_span span = { 0 };
	struct chart *c;
	FILE *dat, *gp;
	int plotted = 0;

	rest_of_params(first, xp, rest, sizeof(rest));
	snprintf(name, sizeof(name), "%s-%s-%s-%s-%zu", d->workload,
		 slug(s, sizeof(s), d->path), first->timing, first->kconfig, serial);
	chart_qualifier(r, first, rest, qual, sizeof(qual));
	snprintf(title, sizeof(title), "%s: %s vs %s%s%s%s", d->workload, d->label, xp,
		 qual[0] ? " (" : "", qual, qual[0] ? ")" : "");
	c = chart_new(l, name, title);
	if (!c || !(dat = chart_open(dir, c, "dat")))
		return;
	gp = chart_open(dir, c, "gp");
	if (!gp) {
		fclose(dat);
		return;
	}
	for (size_t vi = 0; vi < r->nvariants; vi++)
		for (size_t i = 0; i < r->ncells; i++)
			if (drawn(&r->cells[i], first, xp, &r->variants[vi], m))
				coverage_span_add(&span, &r->cells[i].metrics[m]);
	snprintf(sub, sizeof(sub), "timing mode: %s, kconfig: %s; %s\n%s", first->timing,
		 first->kconfig, coverage_span_text(bars, sizeof(bars), &span), rest);
	snprintf(ylabel, sizeof(ylabel), "%s (%s)%s", d->label, d->unit,
		 d->log_scale ? ", log scale" : "");
	chart_preamble(gp, c, sub, xp, ylabel);
	if (d->log_scale)
		fputs("set logscale y\n", gp);
	fputs("set offsets graph 0.03, graph 0.03, 0, 0\n", gp);
	for (size_t vi = 0; vi < r->nvariants; vi++) {
		const struct variant_info *v = &r->variants[vi];
		int rows = 0, untrusted = 0;

		for (size_t i = 0; i < r->ncells; i++) {
			const struct cell *cl = &r->cells[i];
			const struct cell_metric *cm = &cl->metrics[m];
			double x = cell_param(cl, xp);

			if (!drawn(cl, first, xp, v, m))
				continue;
			untrusted |= metric_is_cost(d) && !cell_cost_trusted(cl);
			/* no interval (n too small): the bar collapses onto the median */
			fprintf(dat, "%g %.10g %.10g %.10g\n", x, cm->median * d->scale,
				(cm->ci.valid ? cm->ci.lo : cm->median) * d->scale,
				(cm->ci.valid ? cm->ci.hi : cm->median) * d->scale);
			rows++;
		}
		if (!rows)
			continue;
		fputs("\n\n", dat);
		/*
		 * an invalid variant, or cost numbers the crosscheck voids, is
		 * drawn dashed as well as labelled; each variant keeps its own
		 * colour across charts, and the point shape tells apart the
		 * few that share one past the palette's 16
		 */
		fprintf(gp, "%s '%s.dat' index %d using 1:2:3:4 with yerrorlines lw 2 "
			"lc rgb '%s' dt %d pt %d title ", plotted ? ", \\\n    " : "plot ", c->name,
			plotted, variant_colour(vi), v->gate == GATE_INVALID || untrusted ? 2 : 1,
			point_types[plotted % 12]);
		snprintf(s, sizeof(s), "%s%s%s", v->name,
			 v->gate == GATE_INVALID ? " (INVALID: failed gate)" : "",
			 untrusted ? " (crosscheck failed: not trusted)" : "");
		gp_string(gp, s);
		plotted++;
	}
	fputs("\n", gp);
	chart_finish(gp, c);
	fclose(dat);
	fclose(gp);
}

void chart_lines_vs_tenants(const struct report *r, const char *dir, struct chart_list *l)
{
	for (size_t m = 0; m < metric_defs_count; m++) {
		const char *xp = tenant_param(metric_defs[m].workload);
		size_t serial = 0;

		if (!charted(m))
			continue;
		for (size_t i = 0; i < r->ncells; i++) {
			const struct cell *c = &r->cells[i];
			int seen = 0;

			if (strcmp(c->workload, metric_defs[m].workload) ||
			    c->metrics[m].n == 0)
				continue;
			/* the first cell of each group with data opens its chart */
			for (size_t j = 0; j < i && !seen; j++)
				seen = r->cells[j].metrics[m].n > 0 &&
				       same_group(&r->cells[j], c, xp);
			if (!seen)
				one_chart(r, dir, l, m, c, serial++);
		}
	}
}
