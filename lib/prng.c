// SPDX-License-Identifier: GPL-2.0
#include "prng.h"

void prng_seed(struct prng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t prng_next(struct prng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

size_t prng_below(struct prng *r, size_t n)
{
	/* reject the top partial block so every index is equally likely */
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t v;

	do
		v = prng_next(r);
	while (v >= limit);
	return (size_t)(v % n);
}
