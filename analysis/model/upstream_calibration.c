// SPDX-License-Identifier: GPL-2.0
/*
 * The matrix against an upstream table: a profile's "calibration" names
 * the upstream commit, its machine's CPU count and its rows; each cell of
 * the calibrated variant gives its modelled gain over baseline, set beside
 * upstream's gain at the same number of clients per CPU.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aa_noise.h"
#include "closed_queue.h"
#include "upstream_calibration.h"

double calibration_upstream_gain(const struct upstream_calibration *c, size_t i)
{
	return c->points[i].with / c->points[i].without - 1.0;
}

/* Linear in clients per CPU between upstream's rows; NAN outside them. */
static double upstream_gain_at(const struct upstream_calibration *c, double per_cpu)
{
	for (size_t i = 0; i + 1 < c->npoints; i++) {
		double x0 = c->points[i].clients / c->cpus;
		double x1 = c->points[i + 1].clients / c->cpus;
		double g0 = calibration_upstream_gain(c, i);
		double g1 = calibration_upstream_gain(c, i + 1);

		if (per_cpu >= x0 && per_cpu <= x1)
			return g0 + (g1 - g0) * (per_cpu - x0) / (x1 - x0);
	}
	if (c->npoints == 1 && per_cpu == c->points[0].clients / c->cpus)
		return calibration_upstream_gain(c, 0);
	return NAN;
}

/* contention_metric: one metric or a list, each a line of the projection. */
static void contention_lines(struct upstream_calibration *c, json_t *spec)
{
	int n;

	if (!(c->transfer_cycles > 0) || !spec)
		return;
	/* matrix.json was validated: a list naming an unknown metric projects nothing */
	n = metric_list_index(c->workload, spec, CONTENTION_LINES_MAX, c->contention_metrics,
			      c->contention_paths);
	c->ncontention = n > 0 ? (size_t)n : 0;
}

static int read_spec(const char *profile, json_t *spec, struct upstream_calibration *c)
{
	json_t *pt;
	size_t i;

	memset(c, 0, sizeof(*c));
	c->profile = profile;
	c->commit = json_string_value(json_object_get(spec, "commit"));
	c->reference = json_string_value(json_object_get(spec, "reference"));
	c->workload = json_string_value(json_object_get(spec, "workload"));
	c->variant = json_string_value(json_object_get(spec, "variant"));
	c->metric_path = json_string_value(json_object_get(spec, "metric"));
	c->charge_path = json_string_value(json_object_get(spec, "charge_metric"));
	c->ceiling_variant = json_string_value(json_object_get(spec, "ceiling_variant"));
	c->transfer_cycles = json_number_value(json_object_get(spec, "transfer_cycles"));
	c->sockets = json_number_value(json_object_get(spec, "sockets"));
	c->transfer_cycles_remote = json_number_value(json_object_get(spec,
								      "transfer_cycles_remote"));
	c->cpus = json_number_value(json_object_get(spec, "cpus"));
	c->guest_cpus = json_number_value(json_object_get(spec, "guest_cpus"));
	/* matrix.json was validated before the report: only guard the use */
	if (!c->commit || !c->workload || !c->variant || !c->metric_path || c->cpus <= 0)
		return -1;
	c->metric = metric_index(c->workload, c->metric_path);
	/* the share that bounds the metric: the metrics table's link, not a setting */
	c->share_path = c->metric >= 0 ? metric_defs[c->metric].charge_share : NULL;
	c->share_metric = c->share_path ? metric_index(c->workload, c->share_path) : -1;
	c->charge_metric = c->charge_path ? metric_index(c->workload, c->charge_path) : -1;
	c->packet_metric = json_is_string(json_object_get(spec, "packet_metric")) ?
		metric_index(c->workload,
			     json_string_value(json_object_get(spec, "packet_metric"))) : -1;
	if (c->metric < 0)
		return -1;
	contention_lines(c, json_object_get(spec, "contention_metric"));
	c->contention_cost_path = json_string_value(json_object_get(spec,
								    "contention_cost_metric"));
	if (c->contention_cost_path) {
		const char *charge = json_string_value(json_object_get(spec,
								"contention_charge_metric"));

		c->contention_cost = metric_index(c->workload, c->contention_cost_path);
		c->contention_charge = charge ? metric_index(c->workload, charge) : -1;
	} else {
		c->contention_cost_path = c->metric_path;
		c->contention_cost = c->metric;
		c->contention_charge = c->charge_metric;
	}
	if (c->contention_cost < 0)
		c->ncontention = 0;
	json_array_foreach(json_object_get(spec, "points"), i, pt) {
		if (c->npoints == CALIBRATION_POINTS)
			break;
		c->points[c->npoints++] = (struct calibration_point){
			json_number_value(json_array_get(pt, 0)),
			json_number_value(json_array_get(pt, 1)),
			json_number_value(json_array_get(pt, 2)),
		};
	}
	return c->npoints ? 0 : -1;
}

/* Baseline's cell beside c: the comparison's base, else none. */
static double base_share(const struct upstream_calibration *c, const struct comparison *cmp)
{
	const struct cell_metric *cm;

	if (!cmp || c->share_metric < 0)
		return NAN;
	cm = &cmp->base->metrics[c->share_metric];
	return cm->n ? cm->median : NAN;
}

/* The cell's median of metric m, NAN: no such metric or no data. */
static double median_of(const struct cell *cl, int m)
{
	return m >= 0 && cl->metrics[m].n ? cl->metrics[m].median : NAN;
}

/*
 * The cell's charge cycles per MB: the median of charge_metric where it is
 * declared, else the median share times the median cost per MB.
 */
static double charge_per_mb(const struct upstream_calibration *c, const struct cell *cl)
{
	if (c->charge_metric >= 0)
		return median_of(cl, c->charge_metric);
	return median_of(cl, c->share_metric) * median_of(cl, c->metric);
}

/* What removing only the charge work the variant saves would gain. */
static double charge_part(const struct upstream_calibration *c, const struct comparison *cmp)
{
	double base, saved;

	if (!cmp || (c->share_metric < 0 && c->charge_metric < 0) ||
	    !cmp->base->metrics[c->metric].n)
		return NAN;
	base = cmp->base->metrics[c->metric].median;
	saved = charge_per_mb(c, cmp->base) - charge_per_mb(c, cmp->cell);
	return base > saved ? base / (base - saved) - 1.0 : NAN;
}

/*
 * A line transfer's mean price in cycles among n CPUs spread evenly over
 * upstream's sockets: the line's last holder is any of the other n - 1, on
 * another socket for n - n / sockets of them.
 */
static double transfer_price(const struct upstream_calibration *c, unsigned int n)
{
	double remote;

	if (!(c->sockets > 1) || n < 2)
		return c->transfer_cycles;
	remote = (n - n / c->sockets) / (n - 1);
	return c->transfer_cycles + remote * (c->transfer_cycles_remote - c->transfer_cycles);
}

/* One cell's closed network at n CPUs. */
struct queue_point {
	double throughput;	/* MB per cycle, NAN without data */
	double busiest_busy;	/* the busiest line's busy share */
	double extra;		/* each CPU's cycles per MB the dearer transfers add */
	double wait;		/* each CPU's cycles per MB spent queueing */
	double saturation;	/* the CPUs at which the busiest line saturates */
	double busiest;		/* the busiest line's cycles per MB */
};

static struct queue_point queue_at(const struct upstream_calibration *c, const struct cell *cl,
				   unsigned int n)
{
	const struct cell_metric *cost = &cl->metrics[c->contention_cost];
	double demand[CONTENTION_LINES_MAX] = { 0 }, think = cost->median, most = 0;
	double price = transfer_price(c, n), total;
	struct queue_point q = { NAN, NAN, NAN, NAN, NAN, NAN };

	if (!cost->n)
		return q;
	for (size_t i = 0; i < c->ncontention; i++) {
		const struct cell_metric *xfer = &cl->metrics[c->contention_metrics[i]];

		if (!xfer->n)
			return q;
		/* the modelled cost holds the transfers at one socket's price: the rest is private */
		think -= xfer->median * c->transfer_cycles;
		demand[i] = xfer->median * price;
		most = fmax(most, demand[i]);
	}
	total = think;
	for (size_t i = 0; i < c->ncontention; i++)
		total += demand[i];
	q.extra = total - cost->median;
	q.throughput = closed_queue_throughput(n, think, demand, c->ncontention);
	q.busiest_busy = q.throughput * most;
	q.saturation = most > 0 ? total / most : INFINITY;
	q.busiest = most;
	/* each CPU's cycle per MB is n / x: its cost at n CPUs' price, plus the queue */
	q.wait = fmax(0, n / q.throughput - total);
	return q;
}

static void queue_projection(const struct upstream_calibration *c,
			     const struct comparison *cmp, struct calibration_row *row)
{
	struct queue_point base, var;
	double charge;

	row->queue_cpus = row->queue_gain = row->queue_base_busy = row->queue_price = NAN;
	row->queue_base_share = row->queue_base_saturation = row->queue_gain_saturated = NAN;
	if (!c->ncontention || !cmp)
		return;
	row->queue_cpus = fmax(1, round(row->per_cpu * c->cpus));
	row->queue_price = transfer_price(c, (unsigned int)row->queue_cpus);
	base = queue_at(c, cmp->base, (unsigned int)row->queue_cpus);
	var = queue_at(c, cmp->cell, (unsigned int)row->queue_cpus);
	row->queue_base_busy = base.busiest_busy;
	row->queue_base_saturation = base.saturation;
	row->queue_gain = var.throughput / base.throughput - 1.0;
	if (var.busiest > 0)
		row->queue_gain_saturated = base.busiest / var.busiest - 1.0;
	/* the wait is the charge path's: it waits for the lines the charges update */
	charge = median_of(cmp->base, c->contention_charge);
	if (c->contention_charge < 0 && c->contention_cost == c->metric)
		charge = charge_per_mb(c, cmp->base);
	/* (a dearer transfer across sockets is charge work too: it is in the wait's place) */
	if (!isnan(base.throughput) && !isnan(charge))
		row->queue_base_share = (charge + base.extra + base.wait) /
					(cmp->base->metrics[c->contention_cost].median +
					 base.extra + base.wait);
}

/* The cell of variant v at cl's settings, or NULL. */
static const struct cell *twin(const struct report *r, const char *v, const struct cell *cl)
{
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *t = &r->cells[i];

		if (!strcmp(t->variant, v) && !strcmp(t->workload, cl->workload) &&
		    !strcmp(t->params, cl->params) && !strcmp(t->timing, cl->timing) &&
		    !strcmp(t->kconfig, cl->kconfig))
			return t;
	}
	return NULL;
}

/* A cost per MB or per packet: its inverse is the throughput it allows. */
static struct cost_gain cost_gain_of(const struct comparison *cmp)
{
	struct cost_gain g = { .ratio = NAN };

	if (!cmp || cmp->not_tested || !(cmp->ratio_hl > 0))
		return g;
	g.ratio = 1.0 / cmp->ratio_hl;
	if (cmp->ci.valid)
		g.ci = (struct interval){ .valid = 1, .lo = 1.0 / cmp->ci.hi,
					  .hi = 1.0 / cmp->ci.lo, .coverage = cmp->ci.coverage,
					  .exact = cmp->ci.exact };
	return g;
}

static void add_row(const struct report *r, struct upstream_calibration *c,
		    const struct cell *cl)
{
	struct cost_gain g;

	const struct comparison *cmp = comparison_find(r, cl, c->metric);
	struct calibration_row *row = &c->rows[c->nrows++];

	row->clients = cell_param(cl, workload_tenant_param(c->workload));
	row->per_cpu = row->clients / cell_param(cl, "cpus");
	row->n_variant = cl->metrics[c->metric].n;
	row->cmp = cmp;
	row->n_base = cmp ? cmp->base->metrics[c->metric].n : 0;
	g = cost_gain_of(cmp);
	row->gain = g.ratio - 1.0;
	row->gain_lo = g.ci.valid ? g.ci.lo - 1.0 : NAN;
	row->gain_hi = g.ci.valid ? g.ci.hi - 1.0 : NAN;
	row->coverage = g.ci.valid ? g.ci.coverage : NAN;
	row->base_share = base_share(c, cmp);
	row->charge_part = charge_part(c, cmp);
	row->base_charge = cmp ? charge_per_mb(c, cmp->base) : NAN;
	row->variant_charge = charge_per_mb(c, cl);
	row->charge_cmp = c->charge_metric >= 0 ?
		comparison_find(r, cl, c->charge_metric) : NULL;
	row->packet_cmp = c->packet_metric >= 0 ?
		comparison_find(r, cl, c->packet_metric) : NULL;
	row->packet_gain = cost_gain_of(row->packet_cmp);
	row->ceiling = NAN;
	if (cmp && c->ceiling_variant) {
		const struct cell *ceil = twin(r, c->ceiling_variant, cl);
		const struct cell_metric *cm = ceil ? &ceil->metrics[c->metric] : NULL;
		const struct cell_metric *bm = &cmp->base->metrics[c->metric];

		if (cm && cm->n && bm->n && cm->median > 0)
			row->ceiling = bm->median / cm->median - 1.0;
	}
	row->upstream_gain = upstream_gain_at(c, row->per_cpu);
	queue_projection(c, cmp, row);
}

/* The A/A pair's noise on the charge metric in the profile's cells. */
static void aa_floor(const struct report *r, struct upstream_calibration *c, const char *profile)
{
	struct aa_noise a = { .floor = NAN };

	if (c->charge_metric >= 0 && c->timing)
		aa_noise(r, c->timing, (size_t)c->charge_metric, profile, &a);
	c->charge_aa_floor = a.floor;
	c->charge_aa_cells = a.cells;
	c->charge_aa_significant = a.significant;
}

static int by_clients(const void *a, const void *b)
{
	const struct calibration_row *x = a, *y = b;

	if (x->per_cpu != y->per_cpu)
		return (x->per_cpu > y->per_cpu) - (x->per_cpu < y->per_cpu);
	return (x->clients > y->clients) - (x->clients < y->clients);
}

size_t upstream_calibrations(const struct report *r, struct upstream_calibration *out,
			     size_t cap)
{
	const char *name;
	json_t *prof;
	size_t n = 0;

	json_object_foreach(r->profiles, name, prof) {
		json_t *spec = json_object_get(prof, "calibration");
		struct upstream_calibration *c = &out[n];

		if (n == cap || !spec || read_spec(name, spec, c))
			continue;
		c->timing = json_string_value(json_array_get(json_object_get(prof,
								"timing_modes"), 0));
		for (size_t i = 0; i < r->ncells && c->nrows < CALIBRATION_ROWS; i++) {
			const struct cell *cl = &r->cells[i];

			if (!strcmp(cl->profile, name) && !strcmp(cl->variant, c->variant) &&
			    !strcmp(cl->workload, c->workload) && c->timing &&
			    !strcmp(cl->timing, c->timing) && cl->metrics[c->metric].n > 0 &&
			    !isnan(cell_param(cl, "cpus")) &&
			    (c->guest_cpus <= 0 || cell_param(cl, "cpus") == c->guest_cpus))
				add_row(r, c, cl);
		}
		aa_floor(r, c, name);
		if (!c->nrows)
			continue;
		qsort(c->rows, c->nrows, sizeof(c->rows[0]), by_clients);
		n++;
	}
	return n;
}

void calibration_shape(const struct upstream_calibration *c, struct calibration_shape *s)
{
	const struct calibration_row *prev = NULL;

	memset(s, 0, sizeof(*s));
	s->share_first = s->share_last = s->share_max = s->upstream_max = NAN;
	s->base_charge_first = s->base_charge_last = NAN;
	s->variant_charge_first = s->variant_charge_last = NAN;
	s->queue_first = s->queue_last = s->queue_busy_max = NAN;
	s->queue_share_first = s->queue_share_last = s->queue_saturation_last = NAN;
	s->queue_saturated_gain_last = NAN;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct calibration_row *row = &c->rows[i];

		if (!isnan(row->base_share)) {
			if (isnan(s->share_first))
				s->share_first = row->base_share;
			s->share_last = row->base_share;
			if (isnan(s->share_max) || row->base_share > s->share_max)
				s->share_max = row->base_share;
		}
		if (!isnan(row->base_charge) && !isnan(row->variant_charge)) {
			if (isnan(s->base_charge_first)) {
				s->base_charge_first = row->base_charge;
				s->variant_charge_first = row->variant_charge;
			}
			s->base_charge_last = row->base_charge;
			s->variant_charge_last = row->variant_charge;
		}
		if (row->charge_cmp && !row->charge_cmp->not_tested &&
		    !isnan(row->charge_cmp->p_adj)) {
			s->charge_rows++;
			int beyond = row->charge_cmp->p_adj < REPORT_ALPHA &&
				     !(fabs(row->charge_cmp->ratio - 1) <= c->charge_aa_floor);

			s->charge_lower += beyond && row->charge_cmp->ratio < 1;
			s->charge_higher += beyond && row->charge_cmp->ratio > 1;
		}
		if (!isnan(row->queue_gain)) {
			if (!isnan(s->queue_last)) {
				s->queue_steps++;
				s->queue_rises += row->queue_gain > s->queue_last;
			} else {
				s->queue_first = row->queue_gain;
			}
			s->queue_last = row->queue_gain;
			if (isnan(s->queue_busy_max) || row->queue_base_busy > s->queue_busy_max)
				s->queue_busy_max = row->queue_base_busy;
			s->queue_saturation_last = row->queue_base_saturation;
			s->queue_saturated_gain_last = row->queue_gain_saturated;
			if (!isnan(row->queue_base_share)) {
				if (isnan(s->queue_share_first))
					s->queue_share_first = row->queue_base_share;
				s->queue_share_last = row->queue_base_share;
			}
		}
		if (isnan(row->gain))
			continue;
		if (!isnan(row->charge_part) && !isnan(row->gain_lo)) {
			s->with_charge_part++;
			s->beyond_charge += row->gain_lo > row->charge_part ||
					    row->gain_hi < row->charge_part;
		}
		if (prev) {
			s->steps++;
			s->rises += row->gain > prev->gain;
			s->falls += row->gain < prev->gain;
			/* a fall the intervals show: the later one's top below the earlier's bottom */
			s->falls_apart += row->gain < prev->gain && !isnan(row->gain_hi) &&
					  !isnan(prev->gain_lo) && row->gain_hi < prev->gain_lo;
		}
		prev = row;
	}
	for (size_t i = 0; i < c->npoints; i++)
		if (isnan(s->upstream_max) || calibration_upstream_gain(c, i) > s->upstream_max)
			s->upstream_max = calibration_upstream_gain(c, i);
	for (size_t i = 0; i + 1 < c->npoints; i++) {
		s->upstream_steps++;
		s->upstream_rises += calibration_upstream_gain(c, i + 1) >
				     calibration_upstream_gain(c, i);
	}
}
