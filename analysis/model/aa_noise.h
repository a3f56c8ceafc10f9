/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_AA_NOISE_H
#define MMX_AA_NOISE_H

#include <stddef.h>

#include "model.h"

/*
 * The A/A pair's noise on one metric in one timing mode: every difference
 * between baseline-aa and baseline is noise, so the largest is the floor
 * below which a design's change is not evidence.
 */
struct aa_noise {
	size_t cells;		/* A/A comparisons with a ratio */
	double median, floor;	/* median and largest |ratio - 1|; NAN: no cell */
	double widest;		/* the widest interval end, |bound - 1| */
	size_t raw;		/* raw p < alpha */
	size_t significant;	/* after the correction: false positives */
	size_t testable;	/* cells whose n can reach p < alpha */
};

/* profile: only its cells, NULL: every profile's. */
void aa_noise(const struct report *r, const char *timing, size_t m, const char *profile,
	      struct aa_noise *out);

#endif
