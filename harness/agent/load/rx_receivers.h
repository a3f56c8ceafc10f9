/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RX_RECEIVERS_H
#define MMX_RX_RECEIVERS_H

#include <stddef.h>

#include "rx_load.h"

/*
 * Forks one receiver per tenant on the CPUs that neither receive nor send
 * (one of them each with pin_receivers); returns once all are listening.
 */
int start_receivers(struct rx_load *l, char *err, size_t errlen);

#endif
