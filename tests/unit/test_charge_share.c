// SPDX-License-Identifier: GPL-2.0
/*
 * The charge share's bound on a receive-scope cost change (model/tally.c):
 * a saving is at most baseline's charge cycles, a loss at most the
 * variant's; a change past its bound is other receive work, no evidence for
 * or against the charge path. Cells built by hand, answers known by
 * construction.
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "model.h"
#include "tally.h"

static struct cell base, var;

/* baseline's and the variant's charge share of the receive scope */
static void shares(int share, double base_share, double var_share)
{
	static double b, v;

	b = base_share;
	v = var_share;
	base.metrics[share] = (struct cell_metric){ .values = &b, .n = 1, .median = b };
	var.metrics[share] = (struct cell_metric){ .values = &v, .n = 1, .median = v };
}

/* a comparison whose 90% interval is hl's +-0.2% (tight: the point decides) */
static double bound(int m, double hl, const struct cell **whose)
{
	struct comparison c = { .cell = &var, .base = &base, .metric = (size_t)m,
				.ratio = hl, .ratio_hl = hl,
				.tost = { 1, hl - 0.002, hl + 0.002, 0.9, 1, NULL } };

	*whose = NULL;
	return beyond_charge_share(&c, whose);
}

int main(void)
{
	int m = metric_index("rx-mixed", "cost.rx_modelled_cycles_skylake_per_mb");
	int share = metric_index("rx-mixed", "cost.rx_charge_share_skylake");
	int thr = metric_index("rx-mixed", "throughput_bytes_per_sec");
	const struct cell *whose;

	base.variant = "baseline";
	var.variant = "atomics-only";
	base.workload = var.workload = "rx-mixed";
	base.metrics = calloc(metric_defs_count, sizeof(*base.metrics));
	var.metrics = calloc(metric_defs_count, sizeof(*var.metrics));
	CHECK(m >= 0 && share >= 0 && thr >= 0 && base.metrics && var.metrics,
	      "the receive cost, its charge share and throughput are in the table");
	shares(share, 0.05, 0.08);
	CHECK(isnan(bound(m, 0.97, &whose)) && !whose,
	      "a 3% saving under baseline's 5% share: the charge path can explain it");
	CHECK(bound(m, 0.92, &whose) == 0.05 && whose == &base,
	      "an 8% saving over baseline's 5% share: beyond it, bounded by baseline's");
	shares(share, 0.011, 0.025);
	CHECK(bound(m, 1.029, &whose) == 0.025 && whose == &var,
	      "atomics-only's +2.9% over its own 2.5% share (x 1.029 = 2.57%): beyond, the variant's");
	CHECK(isnan(bound(m, 1.025, &whose)),
	      "+2.5% within 2.5% x 1.025 = 2.56%: the charge path can explain the loss");
	{
		/* atomics-only's +2.9%, its 90% interval from +2.1%: not wholly past 2.5% */
		struct comparison c = { .cell = &var, .base = &base, .metric = (size_t)m,
					.ratio = 1.029, .ratio_hl = 1.029,
					.tost = { 1, 1.021, 1.038, 0.9, 1, NULL } };

		CHECK(isnan(beyond_charge_share(&c, &whose)),
		      "a loss whose interval starts within the share is not past it (sized as verdicts are)");
	}
	CHECK(isnan(bound(m, 1.02, &whose)),
	      "a loss is bounded by the variant's share, not baseline's 1.1%");
	CHECK(isnan(bound(thr, 0.5, &whose)), "a metric without a charge_share link: no bound");
	{
		struct comparison c = { .cell = &var, .base = &base, .metric = (size_t)m,
					.ratio = 0.5, .ratio_hl = 0.5 };

		CHECK(isnan(beyond_charge_share(&c, &whose)), "no interval: no bound");
	}
	base.metrics[share].n = 0;
	CHECK(isnan(bound(m, 0.5, &whose)), "no share measured: no bound");
	free(base.metrics);
	free(var.metrics);
	return check_summary();
}
