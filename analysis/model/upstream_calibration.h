/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_UPSTREAM_CALIBRATION_H
#define MMX_UPSTREAM_CALIBRATION_H

#include "model.h"

/*
 * A profile's "calibration" in matrix.json: an upstream table (clients,
 * throughput without and with a change) that one of the profile's designs
 * should reproduce in shape. The matrix's side is the modelled receive
 * throughput gain of that variant over baseline, 1 / ratio - 1 of the
 * cost per MB (a saturated receive CPU moves MB at the inverse of its cost),
 * compared at the same clients per CPU.
 */

#include "metrics_table.h"

#define CALIBRATION_POINTS 16
#define CALIBRATION_ROWS 32

struct calibration_point {
	double clients, without, with;
};

/*
 * A cost comparison turned into the throughput it allows: the inverse of the
 * Hodges-Lehmann ratio, and its interval inverted (ci.valid 0: none).
 */
struct cost_gain {
	double ratio;			/* NAN: not tested */
	struct interval ci;
};

struct calibration_row {
	double clients, per_cpu;	/* the cell's tenants, and per guest CPU */
	size_t n_variant, n_base;
	double gain, gain_lo, gain_hi;	/* Hodges-Lehmann; lo/hi NAN without interval */
	double coverage;
	double base_share;		/* baseline's median share_metric, NAN: none */
	double upstream_gain;		/* interpolated at per_cpu, NAN: outside */
	/*
	 * the most any design could gain: baseline's median over the
	 * ceiling variant's (nosocket: no socket accounting at all) - 1
	 */
	double ceiling;
	/*
	 * the gain the charge path's own work explains: baseline's cost per
	 * MB over that cost less the charge cycles the variant saves (share
	 * times cost, medians of both cells) - 1; NAN: no share metric
	 */
	double charge_part;
	/*
	 * the charge path's own cycles per MB (charge_metric): both cells'
	 * medians and the variant's change, its comparison with baseline
	 */
	double base_charge, variant_charge;
	const struct comparison *charge_cmp;
	/* the same work per received packet (packet_metric), NULL: none */
	const struct comparison *packet_cmp;
	struct cost_gain packet_gain;
	/*
	 * the contention projection (closed_queue.h), NAN without the
	 * contention metrics: queue_cpus receive CPUs (upstream's machine at
	 * this per-CPU load), each doing the cell's cost per MB, with each
	 * contention metric's transfers per MB priced at transfer_cycles and
	 * served one at a time on its line; the variant's throughput over
	 * baseline's - 1, how busy baseline keeps that line, and baseline's
	 * charge share there: its charge cycles plus its wait at the line
	 * over its cost plus that wait (NAN: no charge cycles)
	 */
	double queue_cpus, queue_gain, queue_base_busy, queue_base_share;
	/* a line transfer's mean price there, in cycles (the CPUs spread over the sockets) */
	double queue_price;
	/* where baseline's busiest line saturates: its work per MB over that line's demand */
	double queue_base_saturation;
	/*
	 * the gain the projection tends to as the CPUs grow without end: each
	 * kernel then moves 1 / its busiest line's demand, so baseline's over
	 * the variant's - 1 (NAN: no demand)
	 */
	double queue_gain_saturated;
	const struct comparison *cmp;
};

struct upstream_calibration {
	const char *profile, *commit, *reference, *workload, *variant, *timing;
	const char *metric_path, *share_path, *charge_path;
	const char *ceiling_variant;	/* NULL: none declared */
	/*
	 * only the cells on this many vCPUs (a profile that varies the guest's
	 * CPUs compares one CPU count's clients with upstream's); 0: every cell
	 */
	double guest_cpus;
	int metric, share_metric;	/* metric_defs indexes; share -1: none */
	int charge_metric;		/* -1: none declared */
	int packet_metric;		/* the gain per received packet, -1: none */
	/* the lines of the contention projection, each its own queue; 0: none */
	const char *contention_paths[CONTENTION_LINES_MAX];
	int contention_metrics[CONTENTION_LINES_MAX];
	size_t ncontention;
	double transfer_cycles;		/* the price of one transfer on a line */
	/*
	 * upstream's machine in sockets (0: one) and a transfer's price from
	 * another socket: the projection's CPUs are spread evenly over them
	 */
	double sockets, transfer_cycles_remote;
	/*
	 * the projection's work per MB and the charge cycles in it, in the
	 * scope the transfers are counted in (contention_cost_metric and
	 * contention_charge_metric; metric and charge_metric where not
	 * declared); -1: none
	 */
	const char *contention_cost_path;
	int contention_cost, contention_charge;
	/*
	 * the A/A pair on charge_metric in the profile's cells: the largest
	 * |change| (the noise floor, NAN: no A/A cell), the cells and those
	 * significant after correction (false positives)
	 */
	double charge_aa_floor;
	size_t charge_aa_cells, charge_aa_significant;
	double cpus;			/* upstream's machine */
	struct calibration_point points[CALIBRATION_POINTS];
	size_t npoints;
	struct calibration_row rows[CALIBRATION_ROWS];
	size_t nrows;
};

/* The profiles' calibrations that have data in the store; how many (at most cap). */
size_t upstream_calibrations(const struct report *r, struct upstream_calibration *out,
			     size_t cap);
/* Upstream's gain at point i: with / without - 1. */
double calibration_upstream_gain(const struct upstream_calibration *c, size_t i);

/* How the two shapes compare, from the rows in clients order. */
struct calibration_shape {
	size_t steps;		/* consecutive row pairs with a gain */
	size_t rises, falls;	/* the gain's direction at each step */
	size_t falls_apart;	/* falls whose intervals do not overlap */
	size_t upstream_rises, upstream_steps;
	double share_first, share_last;	/* baseline's share at fewest, most clients */
	double share_max;		/* baseline's largest share, NAN: none */
	double upstream_max;		/* upstream's largest gain, NAN: no row */
	/* rows whose gain's interval lies beyond the charge path's part of it */
	size_t beyond_charge, with_charge_part;
	/* charge cycles per MB at the fewest and most clients, NAN: none */
	double base_charge_first, base_charge_last;
	double variant_charge_first, variant_charge_last;
	/*
	 * rows where the variant's charge cycles are lower / higher with
	 * p_adj < alpha and a change beyond the A/A floor
	 */
	size_t charge_lower, charge_higher, charge_rows;
	/* the contention projection: its steps, rises, ends and busiest line */
	size_t queue_steps, queue_rises;
	double queue_first, queue_last, queue_busy_max;
	double queue_share_first, queue_share_last;	/* baseline's, NAN: none */
	double queue_saturation_last;	/* baseline's at the most clients, NAN: none */
	double queue_saturated_gain_last;	/* at the most clients, NAN: none */
};
void calibration_shape(const struct upstream_calibration *c, struct calibration_shape *out);

#endif
