/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CLOSED_QUEUE_H
#define MMX_CLOSED_QUEUE_H

/*
 * n CPUs that each do think units of private work, then demand units at
 * one shared resource (a cache line the charge path updates), served one
 * at a time: a closed network of a delay station and one FCFS queue,
 * solved exactly by mean value analysis (Reiser and Lavenberg, 1980).
 * Returns the throughput, in jobs per unit (MB per cycle when think and
 * demand are cycles per MB); NAN for n == 0 or negative inputs.  One
 * CPU moves 1 / (think + demand); many never more than 1 / demand.
 */
double closed_queue_throughput(unsigned int n, double think, double demand);

#endif
