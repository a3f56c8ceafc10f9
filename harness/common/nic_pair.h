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

/*
 * rx-mixed rx_nics=K: K such pairs.  Pair k's MACs end in k1 (receiving)
 * and k2 (sending), so pair 0's are the two above.
 */
#define NIC_PAIR_MAX 4
#define NIC_PAIR_MAC_FMT "52:54:00:4d:58:%d%d"
#define NIC_PAIR_MAC_RX 1
#define NIC_PAIR_MAC_TX 2

#endif
