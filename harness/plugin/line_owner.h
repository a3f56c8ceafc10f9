/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_LINE_OWNER_H
#define MMX_LINE_OWNER_H

#include <stdint.h>

/*
 * The cost plugin's cache-coherence model: per 64-byte line of guest
 * (physical) address, the vCPU that last wrote it and the vCPUs that have
 * read it since.  An access by vCPU v to a line last written by another
 * vCPU, when v has not fetched it since that write, is one line transfer;
 * a store makes v the owner and the only holder.  No cache sizes, no
 * eviction, no prefetch, no timing: a proxy for coherence traffic, not a
 * cache simulator.
 *
 * The table is a fixed number of locked stripes with open addressing, so
 * vCPU threads (MTTCG) touching different lines rarely meet on a lock; when
 * a stripe is full, new lines are not tracked and are counted as dropped.
 */
#define LINE_SHIFT 6
#define LINE_MAX_VCPUS 64

struct line_table;

/* A table for at least capacity lines; NULL when out of memory. */
struct line_table *line_table_new(uint64_t capacity);
/*
 * Records one access; 1 when it is a line transfer, else 0.  On a
 * transfer, *holders (when not NULL) is how many other vCPUs held a copy
 * of the line at that moment (at least 1: the owner).
 */
int line_access(struct line_table *t, uint64_t addr, unsigned int vcpu,
		int is_store, unsigned int *holders);
/* Lines tracked so far, and accesses to lines that did not fit. */
void line_table_stats(struct line_table *t, uint64_t *tracked, uint64_t *dropped);
void line_table_free(struct line_table *t);

#endif
