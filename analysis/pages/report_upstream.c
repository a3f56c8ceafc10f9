// SPDX-License-Identifier: GPL-2.0
/*
 * The calibration against upstream: on REPORT.md's first screen, the
 * shape, a line each on the gains, the bound and the projection, and the
 * chart; on its own page, every row and the reasoning, all computed from
 * the rows.
 */
#include <math.h>
#include <string.h>

#include "chart_upstream.h"
#include "report_format.h"
#include "report_md.h"
#include "upstream_calibration.h"

static const char *pct_or_none(char *buf, size_t cap, double v, const char *none)
{
	if (isnan(v))
		snprintf(buf, cap, "%s", none);
	else
		snprintf(buf, cap, "%+.1f%%", v * 100);
	return buf;
}

/* The gain as fmt_delta shows a ratio: its interval is the cost ratio's, inverted. */
static const char *gain_text(char *buf, size_t cap, const struct calibration_row *row)
{
	struct interval inv = { 0 };

	if (isnan(row->gain))
		return snprintf(buf, cap, "no comparison with baseline"), buf;
	if (row->cmp && row->cmp->ci.valid)
		inv = (struct interval){ .valid = 1, .lo = 1.0 + row->gain_lo,
					 .hi = 1.0 + row->gain_hi, .coverage = row->coverage,
					 .exact = row->cmp->ci.exact };
	else if (row->cmp)
		inv.why = row->cmp->ci.why;
	fmt_delta(buf, cap, 1.0 + row->gain, &inv);
	if (row->cmp && !comparison_trusted(row->cmp))
		strncat(buf, " **not trusted: crosscheck failed**", cap - strlen(buf) - 1);
	return buf;
}

/* "6521 → 4219, -35.3% [-41.0%, -28.1%] (96.8%), BH 0.01": the charge path itself. */
static const char *charge_text(char *buf, size_t cap, const struct report *r,
			       const struct calibration_row *row)
{
	char delta[96], adj[96];

	if (isnan(row->base_charge) || isnan(row->variant_charge))
		return snprintf(buf, cap, "no data"), buf;
	if (!row->charge_cmp || row->charge_cmp->not_tested)
		return snprintf(buf, cap, "%.0f → %.0f", row->base_charge, row->variant_charge),
		       buf;
	snprintf(buf, cap, "%.0f → %.0f, %s, %s", row->base_charge, row->variant_charge,
		 fmt_delta(delta, sizeof(delta), planning_ratio(row->charge_cmp),
			   &row->charge_cmp->ci),
		 fmt_adjusted(adj, sizeof(adj), r, row->charge_cmp));
	return buf;
}

static void rows_table(FILE *f, const struct report *r, const struct upstream_calibration *c)
{
	char g[160], s[32], u[32], cl[32], cp[32], ch[300], q[96];

	fprintf(f, "| clients (tenants) | per CPU | `%s` gain over `%s` (modelled) | n | charge-path "
		"cycles per MB, `%s` → `%s` | of the gain, the charge path's own work | "
		"`%s`'s charge share | ceiling: `%s` / `%s` - 1 | contention projection at "
		"upstream's CPUs: gain (`%s`'s busiest line busy, its charge share) | upstream at that "
		"per-CPU load |\n|---|---|---|---|---|---|---|---|---|---|\n", c->variant,
		BASELINE_VARIANT, BASELINE_VARIANT, c->variant, BASELINE_VARIANT, BASELINE_VARIANT,
		c->ceiling_variant ? c->ceiling_variant : "(none declared)", BASELINE_VARIANT);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct calibration_row *row = &c->rows[i];

		if (isnan(row->queue_gain))
			snprintf(q, sizeof(q), "%s", !c->ncontention ? "not declared" :
				 "no data");
		else if (isnan(row->queue_base_share))
			snprintf(q, sizeof(q), "%g CPUs: %+.1f%% (%.0f%%)", row->queue_cpus,
				 row->queue_gain * 100, row->queue_base_busy * 100);
		else
			snprintf(q, sizeof(q), "%g CPUs: %+.1f%% (%.0f%%, %.1f%%)", row->queue_cpus,
				 row->queue_gain * 100, row->queue_base_busy * 100,
				 row->queue_base_share * 100);
		fprintf(f, "| %g | %.3f | %s | %zu v %zu | %s | %s | %s | %s | %s | %s |\n",
			row->clients, row->per_cpu, gain_text(g, sizeof(g), row), row->n_variant,
			row->n_base, charge_text(ch, sizeof(ch), r, row),
			pct_or_none(cp, sizeof(cp), row->charge_part, "no data"),
			isnan(row->base_share) ? "no data" :
			(snprintf(s, sizeof(s), "%.1f%%", row->base_share * 100), s),
			pct_or_none(cl, sizeof(cl), row->ceiling, "no data"), q,
			pct_or_none(u, sizeof(u), row->upstream_gain, "outside upstream's range"));
	}
	fprintf(f, "\nUpstream's rows (%s, %g CPUs):\n\n| clients | per CPU | without | with | "
		"gain |\n|---|---|---|---|---|\n", c->commit, c->cpus);
	for (size_t i = 0; i < c->npoints; i++)
		fprintf(f, "| %g | %.3f | %g | %g | %s |\n", c->points[i].clients,
			c->points[i].clients / c->cpus, c->points[i].without, c->points[i].with,
			pct_or_none(u, sizeof(u), calibration_upstream_gain(c, i), "n/a"));
	fputc('\n', f);
}

/* The charge path's own cycles per MB from the fewest clients to the most. */
static void charge_bullet(FILE *f, const struct upstream_calibration *c,
			  const struct calibration_shape *s)
{
	double gb, gv;

	if (isnan(s->base_charge_first) || !(s->base_charge_first > 0) ||
	    !(s->variant_charge_first > 0))
		return;
	gb = s->base_charge_last / s->base_charge_first;
	gv = s->variant_charge_last / s->variant_charge_first;
	fprintf(f, "- **On the charge path itself** (its own modelled cycles per MB inside the "
		"receive scope): `%s` goes from %.0f at the fewest clients to %.0f at the most "
		"(x%.2f), `%s` from %.0f to %.0f (x%.2f); `%s` is lower at %zu and higher at "
		"%zu of %zu client counts with the adjusted p below %.2f", BASELINE_VARIANT,
		s->base_charge_first, s->base_charge_last, gb, c->variant,
		s->variant_charge_first, s->variant_charge_last, gv, c->variant, s->charge_lower,
		s->charge_higher, s->charge_rows, REPORT_ALPHA);
	if (c->charge_aa_cells)
		fprintf(f, " and a change beyond the A/A pair's largest on this metric, %.1f%% "
			"(%zu A/A cells, %zu of them significant after correction: that much "
			"differs between two sets of the same kernel)", c->charge_aa_floor * 100,
			c->charge_aa_cells, c->charge_aa_significant);
	else
		fputs(" (no A/A cells on this metric: its noise floor is not known)", f);
	fputs("; each row's p and its adjustment are in the table.", f);
	if (gb > gv && 2 * s->charge_lower > s->charge_rows && !s->charge_higher)
		fputs(" There upstream's shape shows: the single-memcg stock's charge work "
		      "grows with clients, the cache's stays flatter and lower.", f);
	fputc('\n', f);
}

/* The gain per received packet at each client count: the steadier figure. */
static void packet_bullet(FILE *f, const struct report *r, const struct upstream_calibration *c)
{
	char gain[96], adj[96];
	size_t shown = 0;

	if (c->packet_metric < 0)
		return;
	fprintf(f, "- **Per received packet** (`%s`: the same receive work over the packets "
		"the stack received, whatever number of packets a run's TCP cut each MB into): "
		"`%s` over `%s` gains",
		metric_defs[c->packet_metric].path, c->variant, BASELINE_VARIANT);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct calibration_row *row = &c->rows[i];

		if (isnan(row->packet_gain.ratio))
			continue;
		fprintf(f, "%s %s at %g client%s (%s)", shown++ ? ";" : "",
			fmt_delta(gain, sizeof(gain), row->packet_gain.ratio, &row->packet_gain.ci),
			row->clients, row->clients == 1 ? "" : "s",
			fmt_adjusted(adj, sizeof(adj), r, row->packet_cmp));
	}
	fputs(shown ? ".\n" : " nothing: no comparison has data.\n", f);
}

/*
 * Removing all charge work from a share s of the cost gains s / (1 - s), so
 * upstream's largest gain G needs s >= G / (1 + G): set beside the largest
 * share the model shows.
 */
static void needed_share(FILE *f, const struct calibration_shape *s)
{
	double g = s->upstream_max;

	if (isnan(g) || g <= 0 || isnan(s->share_max))
		return;
	fprintf(f, "Upstream's largest gain, %+.1f%%, needs the charge path to be at least "
		"%.0f%% of the receive work; the "
		"model's largest share is %.1f%%, so its gain cannot reach upstream's.",
		g * 100, g / (1 + g) * 100, s->share_max * 100);
}

/*
 * The contention projection: what the measured per-MB work would give on
 * upstream's CPU count if every receive CPU did it at once and the charge
 * path's transfers queued on one line. A model on top of the model, said so.
 */
static void queue_bullet(FILE *f, const struct upstream_calibration *c,
			 const struct calibration_shape *s)
{
	if (isnan(s->queue_first))
		return;
	fprintf(f, "- **Contention projection** (a queueing model of the measured work, not "
		"a measurement): the guest cannot run upstream's %g receive CPUs at once, so "
		"each row's medians are set in a closed queueing network "
		"(`analysis/closed_queue.h`, exact mean value analysis): as many CPUs as upstream "
		"had at that per-CPU load, each moving MB at the cell's `%s`", c->cpus,
		c->contention_cost_path);
	if (c->contention_cost != c->metric)
		fprintf(f, " (%s: the work in the scope the lines' transfers are counted in, "
			"not the gain's metric)", metric_defs[c->contention_cost].label);
	fputs(", whose transfers on ", f);
	for (size_t i = 0; i < c->ncontention; i++)
		fprintf(f, "%s`%s`", i ? i + 1 == c->ncontention ? " and " : ", " : "",
			c->contention_paths[i]);
	if (c->sockets > 1 && c->nrows && c->rows[c->nrows - 1].queue_cpus >= 1)
		fprintf(f, " (priced at %g cycles on a socket and %g from another, the CPUs spread "
			"evenly over %g sockets, an assumption: %.1f cycles at the most clients' %g CPUs)",
			c->transfer_cycles, c->transfer_cycles_remote, c->sockets,
			c->rows[c->nrows - 1].queue_price,
			c->rows[c->nrows - 1].queue_cpus);
	else
		fprintf(f, " (priced at %g cycles each)", c->transfer_cycles);
	fprintf(f, " are served one at a time, %s. There `%s` over "
		"`%s` gains %+.1f%% at the fewest clients and %+.1f%% at the most, rising at %zu "
		"of %zu steps, with `%s`'s busiest line busy at most %.0f%% of the time. ",
		c->ncontention > 1 ? "each line its own queue" : "on one line",
		c->variant, BASELINE_VARIANT, s->queue_first * 100, s->queue_last * 100,
		s->queue_rises, s->queue_steps, BASELINE_VARIANT, s->queue_busy_max * 100);
	if (isfinite(s->queue_saturation_last))
		fprintf(f, "At the most clients that line would saturate at about %.0f CPUs "
			"(`%s`'s work per MB over the line's demand per MB). ",
			s->queue_saturation_last, BASELINE_VARIANT);
	if (!isnan(s->queue_saturated_gain_last) && !isnan(s->upstream_max))
		fprintf(f, "With CPUs enough to saturate both kernels' busiest lines, the gain "
			"there would tend to %+.1f%% (`%s`'s busiest-line demand over `%s`'s; "
			"upstream's largest gain is %+.1f%%)%s ",
			s->queue_saturated_gain_last * 100, BASELINE_VARIANT, c->variant,
			s->upstream_max * 100,
			s->queue_saturated_gain_last >= s->upstream_max ?
			": what keeps the projected gain small is how far the lines are from "
			"saturation, not how much the designs' line demands differ." :
			": even saturated lines would not give upstream's gain.");
	if (!isnan(s->queue_share_first))
		fprintf(f, "Counting the wait for the lines as the charge path's, `%s`'s charge "
			"share of the work there goes from %.1f%% at the fewest clients "
			"to %.1f%% at the most (measured in the guest, receive scope: %.1f%% to "
			"%.1f%%). ",
			BASELINE_VARIANT, s->queue_share_first * 100, s->queue_share_last * 100,
			s->share_first * 100, s->share_last * 100);
	fputs("Where that gain stays below "
		"upstream's, the line demand the charge path makes in the guest is too small a "
		"part of the work per MB (and an FCFS line too kind: a line's transfer costs "
		"more as waiters pile up) for the guest's costs to produce upstream's "
		"collapse.\n", f);
}

/* The series' peak and its last point: "from X at n clients to Y at m (xR)"; 1: it fell. */
static int series_fall(char *buf, size_t cap, const struct upstream_calibration *c, int with)
{
	size_t peak = 0, last = c->npoints - 1;
	double v[CALIBRATION_POINTS];

	for (size_t i = 0; i < c->npoints; i++) {
		v[i] = with ? c->points[i].with : c->points[i].without;
		if (v[i] > v[peak])
			peak = i;
	}
	snprintf(buf, cap, "from %g at %g clients to %g at %g (x%.2f)", v[peak],
		 c->points[peak].clients, v[last], c->points[last].clients, v[last] / v[peak]);
	/* a tenth below the peak: beyond what rounding a table could do */
	return v[last] < 0.9 * v[peak];
}

/*
 * Upstream's totals fall as clients are added; a closed queue at fixed
 * prices never loses throughput as CPUs are added, so no projection of
 * this kind can follow them: say so where the table shows such a fall.
 */
static void fixed_price_bullet(FILE *f, const struct upstream_calibration *c)
{
	char without[96], with[96];
	int falls_without, falls_with;

	if (!c->ncontention || c->npoints < 2)
		return;
	falls_without = series_fall(without, sizeof(without), c, 0);
	falls_with = series_fall(with, sizeof(with), c, 1);
	if (!falls_without && !falls_with)
		return;
	fprintf(f, "- **Why no projection of this kind can follow upstream:** upstream's total "
		"throughput falls as clients are added: without the change %s, with it %s "
		"(Mbps). In a closed queue whose prices are fixed, more CPUs never move less "
		"in total (mean value analysis: the throughput does not fall as the "
		"population grows; `tests/unit/test_closed_queue.c` checks it), so the "
		"projection's totals can only rise or level off, and its gain goes from the "
		"ratio of the two kernels' work per MB, at few CPUs, towards the ratio of "
		"their busiest lines' demands, once `%s`'s line saturates. A falling total "
		"needs a transfer whose price rises with the CPUs contending for the line, "
		"or a cost outside the charge path that grows with them. No measurement here gives that price: this host has 2 CPUs and no "
		"hardware PMU, and TCG times no coherence traffic; fitting one to upstream's "
		"table would make this calibration circular.\n", without, with, BASELINE_VARIANT);
}

static const char *shape_word(const struct calibration_shape *s)
{
	return s->rises == s->steps ? "agrees" :
	       s->falls_apart ? "does not agree" :
	       "not reproduced (the gain does not rise with clients, though no fall is beyond "
	       "the noise)";
}

/* "**Shape: ...**" in a line; 0 when fewer than two client counts have a gain. */
static int shape_line(FILE *f, const struct calibration_shape *s)
{
	if (!s->steps) {
		fputs("**Shape: not comparable**: fewer than two client counts have a gain.\n\n", f);
		return 0;
	}
	fprintf(f, "**Shape: %s.** Upstream's gain rises at %zu of its %zu steps; the "
		"model's rises at %zu of %zu and falls at %zu (%zu of them with intervals "
		"apart).\n\n", shape_word(s), s->upstream_rises, s->upstream_steps, s->rises,
		s->steps, s->falls, s->falls_apart);
	return 1;
}

static void shape_sentence(FILE *f, const struct report *r, const struct upstream_calibration *c)
{
	struct calibration_shape s;

	calibration_shape(c, &s);
	if (!shape_line(f, &s))
		return;
	charge_bullet(f, c, &s);
	packet_bullet(f, r, c);
	if (!isnan(s.share_first) && !isnan(s.share_last)) {
		fprintf(f, "- **The bound:** `%s`'s charge share of the modelled receive work "
			"goes from %.1f%% at the fewest clients to %.1f%% at the most (x%.2f); "
			"removing the charge functions' own work can gain at most s / (1 - s) "
			"of it; a larger measured gain, and the ceiling below, come from receive "
			"work outside them. ", BASELINE_VARIANT, s.share_first * 100, s.share_last * 100,
			s.share_last / s.share_first);
		needed_share(f, &s);
		fputc('\n', f);
	}
	if (s.with_charge_part)
		fprintf(f, "- **What the gain is made of:** the gain the charge path's own work "
			"explains (the cycles `%s` saves in the charge functions, a column of the "
			"table) lies inside the measured gain's interval at %zu of %zu client "
			"counts; where it lies outside (%zu), the gain is mostly receive work "
			"outside the charge functions that differs between the two kernels' runs, "
			"not the charge path's saving.\n", c->variant,
			s.with_charge_part - s.beyond_charge, s.with_charge_part, s.beyond_charge);
	queue_bullet(f, c, &s);
	fixed_price_bullet(f, c);
	if (c->ceiling_variant)
		fprintf(f, "- **The ceiling** column is what removing socket accounting "
			"altogether (`%s`) saves against `%s`: no design of the charge path can "
			"gain more; where it exceeds the charge share, socket accounting costs "
			"the receive path more than the charge functions' own cycles.\n",
			c->ceiling_variant, BASELINE_VARIANT);
	fputc('\n', f);
}

/* The chart of calibration c, if drawn, shown from rel. */
static void calibration_chart(FILE *f, const struct upstream_calibration *c,
			      const struct chart_list *charts, const char *rel)
{
	char name[200];

	chart_upstream_name(c, name, sizeof(name));
	for (size_t k = 0; k < charts->n; k++)
		if (!strcmp(charts->v[k].name, name) && charts->v[k].drawn)
			fprintf(f, "![%s](%s/%s.svg)\n\n", charts->v[k].title, rel, name);
}

/* The rows with a gain: the first and the last, NULL without. */
static void gain_ends(const struct upstream_calibration *c, const struct calibration_row **first,
		      const struct calibration_row **last)
{
	*first = *last = NULL;
	for (size_t i = 0; i < c->nrows; i++)
		if (!isnan(c->rows[i].gain)) {
			if (!*first)
				*first = &c->rows[i];
			*last = &c->rows[i];
		}
}

/* The first screen's few lines: the gains, the bound and the projection, each a line. */
static void short_bullets(FILE *f, const struct upstream_calibration *c,
			  const struct calibration_shape *s)
{
	const struct calibration_row *first, *last;
	const struct calibration_point *p0 = &c->points[0], *pn = &c->points[c->npoints - 1];

	gain_ends(c, &first, &last);
	if (first) {
		fprintf(f, "- **The model's gain** (`%s` over `%s` on `%s`): "
			"%+.1f%% at %g client%s, %+.1f%% at %g", c->variant, BASELINE_VARIANT,
			c->metric_path,
			first->gain * 100, first->clients, first->clients == 1 ? "" : "s",
			last->gain * 100, last->clients);
		if (!isnan(first->packet_gain.ratio) && !isnan(last->packet_gain.ratio))
			fprintf(f, " (per received packet %+.1f%% and %+.1f%%)",
				(first->packet_gain.ratio - 1) * 100,
				(last->packet_gain.ratio - 1) * 100);
		fprintf(f, "; upstream's: %+.1f%% at %g clients, %+.1f%% at %g.\n",
			calibration_upstream_gain(c, 0) * 100, p0->clients,
			calibration_upstream_gain(c, c->npoints - 1) * 100, pn->clients);
	}
	if (!isnan(s->share_max) && !isnan(s->upstream_max) && s->upstream_max > 0)
		fprintf(f, "- **The bound:** the charge path is %.1f%% of `%s`'s modelled "
			"receive work at the fewest clients and %.1f%% at the most; upstream's "
			"%+.1f%% needs at least %.0f%%.\n",
			s->share_first * 100, BASELINE_VARIANT, s->share_last * 100,
			s->upstream_max * 100, s->upstream_max / (1 + s->upstream_max) * 100);
	if (!isnan(s->queue_busy_max)) {
		fprintf(f, "- **Contention at upstream's scale** (a queueing projection, not a "
			"measurement): `%s`'s busiest line is at most %.0f%% busy at upstream's "
			"%g CPUs", BASELINE_VARIANT, s->queue_busy_max * 100, c->cpus);
		if (!isnan(s->queue_saturated_gain_last))
			fprintf(f, "; were the lines saturated, the gain would tend to %+.1f%%",
				s->queue_saturated_gain_last * 100);
		fputs(". A fixed price per line transfer can never make a total fall as "
		      "upstream's does as clients are added.\n", f);
	}
	fputc('\n', f);
}

void md_upstream_calibration(FILE *f, const struct report *r, const struct chart_list *charts,
			     const char *rel)
{
	struct upstream_calibration cal[4];
	size_t n = upstream_calibrations(r, cal, 4);

	for (size_t i = 0; i < n; i++) {
		const struct upstream_calibration *c = &cal[i];
		struct calibration_shape s;

		calibration_shape(c, &s);
		fprintf(f, "## Calibration against upstream: %s (profile `%s`)\n\n", c->commit,
			c->profile);
		fprintf(f, "`%s`'s modelled receive throughput gain over `%s` against "
			"upstream's measured one, at the same clients per CPU.\n\n", c->variant,
			BASELINE_VARIANT);
		if (shape_line(f, &s))
			short_bullets(f, c, &s);
		calibration_chart(f, c, charts, rel);
		fprintf(f, "Every row with its intervals, the charge path's own cycles, the "
			"per-packet gains, the projection and upstream's table: [the calibration "
			"in full](%s/calibration.md#%s-profile-%s).\n\n", rel, c->commit, c->profile);
	}
}

void md_upstream_calibration_full(FILE *f, const struct report *r,
				  const struct chart_list *charts)
{
	struct upstream_calibration cal[4];
	size_t n = upstream_calibrations(r, cal, 4);

	for (size_t i = 0; i < n; i++) {
		const struct upstream_calibration *c = &cal[i];

		fprintf(f, "## %s (profile `%s`)\n\n", c->commit, c->profile);
		fprintf(f, "%s. The matrix's figure is the modelled receive throughput gain of "
			"`%s` over `%s`: 1 / (the Hodges-Lehmann ratio of `%s`) - 1, in %s timing "
			"(a saturated receive CPU moves MB at the inverse of its cost per MB). "
			"Clients are compared per CPU (a load per CPU, since the guest cannot have "
			"upstream's CPU count): upstream had %g CPUs, the guest has the cell's "
			"`cpus`; upstream's value at a per-CPU load between its rows is "
			"interpolated linearly.\n\n", c->reference ? c->reference : c->commit,
			c->variant, BASELINE_VARIANT, c->metric_path, c->timing ? c->timing : "?",
			c->cpus);
		shape_sentence(f, r, c);
		calibration_chart(f, c, charts, ".");
		rows_table(f, r, c);
	}
	if (!n)
		fputs("No profile's calibration has runs in this store.\n", f);
}

int md_upstream_calibrations(const struct report *r)
{
	struct upstream_calibration cal[4];

	return upstream_calibrations(r, cal, 4) > 0;
}
