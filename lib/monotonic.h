/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_MONOTONIC_H
#define MMX_MONOTONIC_H

/* Seconds on CLOCK_MONOTONIC: for deadlines and elapsed times. */
double monotonic_s(void);

#endif
