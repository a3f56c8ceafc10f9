/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GUEST_TIME_H
#define MMX_GUEST_TIME_H

/* CLOCK_MONOTONIC seconds. */
double now_s(void);
/* Sleeps s seconds, resuming after signals. */
void sleep_s(double s);

#endif
