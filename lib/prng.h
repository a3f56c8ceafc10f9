/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PRNG_H
#define MMX_PRNG_H

#include <stddef.h>
#include <stdint.h>

/*
 * splitmix64 (Steele, Lea, Flood 2014): a tiny PRNG whose whole state is one
 * 64-bit word, so a stated seed reproduces the matrix's run order.
 */
struct prng {
	uint64_t state;
};

void prng_seed(struct prng *r, uint64_t seed);
uint64_t prng_next(struct prng *r);
/* Uniform in [0, n) without modulo bias; n > 0. */
size_t prng_below(struct prng *r, size_t n);

#endif
