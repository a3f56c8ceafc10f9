/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RX_SENDER_H
#define MMX_RX_SENDER_H

#include <stddef.h>

#include "rx_load.h"

/* Forks the sender; returns once it has connected every flow, or its error. */
int start_sender(struct rx_load *l, int msg_size, char *err, size_t errlen);

#endif
