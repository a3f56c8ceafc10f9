/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_ACCESS_MERGE_H
#define MMX_ACCESS_MERGE_H

#include <stdint.h>

/*
 * One instruction that reads and then writes the same line (lock xadd,
 * incq (mem), xchg) reaches the plugin as two memory callbacks: a load,
 * then a store.  A core fetches the line once, for ownership, so the
 * coherence models take the pair as one store.  A vCPU's load is held
 * back until its next callback shows whether the same instruction stores
 * to the same line; every other event releases it as a load.
 */
struct access_stash {
	const void *site;	/* the instruction's callback data; NULL: empty */
	uint64_t addr;
};

enum stash_verdict {
	STASH_HOLD,		/* a load, held: nothing to record yet */
	STASH_MERGED,		/* the held load and this store: one store */
	STASH_RECORD,		/* record this access as it is */
};

/* Releases the held load, if any: its site (address in *addr), else NULL. */
static inline const void *stash_release(struct access_stash *s, uint64_t *addr)
{
	const void *site = s->site;

	if (site)
		*addr = s->addr;
	s->site = NULL;
	return site;
}

/*
 * Offers one access.  When a held load has to be released first (this
 * access is not its instruction's store to the same line), *released is
 * its site and *released_addr its address: record it before this one.
 */
static inline enum stash_verdict stash_offer(struct access_stash *s, const void *site,
					     uint64_t addr, int is_store,
					     const void **released, uint64_t *released_addr)
{
	*released = NULL;
	if (s->site && is_store && s->site == site && (s->addr >> 6) == (addr >> 6)) {
		s->site = NULL;
		return STASH_MERGED;
	}
	*released = stash_release(s, released_addr);
	if (is_store)
		return STASH_RECORD;
	s->site = site;
	s->addr = addr;
	return STASH_HOLD;
}

#endif
