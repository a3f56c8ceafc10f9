/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CLOSED_QUEUE_H
#define MMX_CLOSED_QUEUE_H

#include <stddef.h>

/*
 * n CPUs that each do think units of private work, then demand[i] units
 * at each of k shared resources (the cache lines the charge path updates),
 * each served one at a time: a closed network of a delay station and k
 * FCFS queues, solved exactly by mean value analysis (Reiser and
 * Lavenberg, 1980).  Returns the throughput, in jobs per unit (MB per
 * cycle when think and demand are cycles per MB); NAN for n == 0, k == 0
 * or negative inputs.  One CPU moves 1 / (think + the demands' sum); many
 * never more than 1 / the largest demand.
 */
double closed_queue_throughput(unsigned int n, double think, const double *demand, size_t k);

#endif
