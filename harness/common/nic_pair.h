/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_COMMON_NIC_PAIR_H
#define MMX_COMMON_NIC_PAIR_H

/*
 * The virtio topology: two virtio-net NICs of one guest whose QEMU
 * backends are joined to each other (and to nothing else).  The host sets
 * these MACs; the agent tells the NICs apart by them, not by probe order.
 */
#define NIC_PAIR_RX_MAC "52:54:00:4d:58:01"
#define NIC_PAIR_TX_MAC "52:54:00:4d:58:02"

#endif
