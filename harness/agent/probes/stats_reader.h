/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_STATS_READER_H
#define MMX_STATS_READER_H

#include <jansson.h>
#include <stddef.h>

/* matrix.json caps stats_reader_hz at this too */
#define STATS_READER_MAX_HZ 1000

/*
 * The read side of memcg statistics: a process in the root cgroup, pinned
 * to a CPU that is neither RX_CPU nor SENDER_CPU, reads memory.stat of
 * tenants 0..tenants-1 (tenant_cgroups.h paths) hz times a second each and
 * times every read.  A read is one pread() of the whole file at offset 0
 * on a descriptor kept open, so the latency is the kernel generating
 * memory.stat, including the rstat flush it may do, not path lookup.  A
 * tenant cgroup that does not exist yet is opened on a later round.
 */
struct stats_reader;

/* Starts the reader; NULL with err set on bad arguments or fork failure. */
struct stats_reader *stats_reader_start(int hz, int tenants, char *err,
					size_t errlen);
/*
 * Stops and reaps the reader, adds metrics.stats_reader = {hz, reads,
 * read_latency_us: {p50, p90, p99, max}, ...} and frees r.  Call it before
 * rx_load_stop(), which reaps every child of the caller.
 */
void stats_reader_stop(struct stats_reader *r, json_t *metrics);

#endif
