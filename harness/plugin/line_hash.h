/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_LINE_HASH_H
#define MMX_LINE_HASH_H

/*
 * The open addressing the plugin's two per-line tables share (line_owner.c,
 * mix_estimate.c): LINE_STRIPES stripes, each with its own lock and slots,
 * probed linearly from a splitmix64 hash of the line; a stripe is kept at
 * most half full, for short probe chains.
 */
#include <stddef.h>
#include <stdint.h>

#define LINE_STRIPES 64
#define LINE_NO_OWNER 0xffffffffu

/* splitmix64's finaliser: neighbouring lines land far apart */
static inline uint64_t line_mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* Slots per stripe for capacity lines in all: a power of two, twice the share. */
static inline uint64_t line_stripe_slots(uint64_t capacity)
{
	uint64_t per = 16;

	while (per * LINE_STRIPES < 2 * capacity)
		per *= 2;
	return per;
}

/*
 * The slot of key (not 0) among a stripe's slots, entries of size bytes
 * that each begin with their uint64_t key (0: empty), probed from h. A new
 * key takes the first empty slot while the stripe stays at most half full
 * (*used counts the taken ones; *fresh says the key is new); NULL when full.
 */
static inline void *line_slot(void *slots, size_t size, uint64_t mask, uint64_t *used,
			      uint64_t key, uint64_t h, int *fresh)
{
	*fresh = 0;
	for (uint64_t i = 0, j = h; i <= mask; i++, j = (j + 1) & mask) {
		uint64_t *k = (uint64_t *)((char *)slots + j * size);

		if (*k == key)
			return k;
		if (*k == 0) {
			if (2 * (*used + 1) > mask + 1)
				return NULL;
			(*used)++;
			*k = key;
			*fresh = 1;
			return k;
		}
	}
	return NULL;
}

#endif
