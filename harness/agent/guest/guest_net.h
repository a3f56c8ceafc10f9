/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GUEST_NET_H
#define MMX_GUEST_NET_H

#include <stddef.h>

/*
 * Brings loopback up with the given MTU and segmentation offloads off, so
 * each packet that reaches net_rx_action is NIC-sized rather than one
 * 64 KiB GSO super-segment.
 */
int loopback_setup(int mtu, char *err, size_t errlen);
/* Brings loopback up as the kernel made it: 64 KiB MTU, offloads on. */
int loopback_up(char *err, size_t errlen);

/* Steers every packet received on loopback to one CPU through RPS. */
int loopback_rps_to_cpu(int cpu, char *err, size_t errlen);
/*
 * Steers them to CPUs first..first+n-1: RPS picks one per packet from the
 * flow's hash, so every packet of a flow lands on the same CPU.
 */
int loopback_rps_to_cpus(int first, int n, char *err, size_t errlen);

#endif
