/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_IPERF3_RESULT_H
#define MMX_IPERF3_RESULT_H

#include <stddef.h>

/* What one iperf3 client's -J report says its server received. */
struct iperf3_received {
	double bits_per_second;	/* end.sum_received.bits_per_second */
	double bytes;		/* end.sum_received.bytes */
	double seconds;		/* end.sum_received.seconds (omitted time excluded) */
};

/*
 * Reads a client's JSON report; -1 with err set when it is unreadable,
 * carries iperf3's own "error", or lacks end.sum_received.
 */
int iperf3_result_load(const char *path, struct iperf3_received *r, char *err,
		       size_t errlen);

#endif
