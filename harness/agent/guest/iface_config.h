/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_IFACE_CONFIG_H
#define MMX_IFACE_CONFIG_H

#include <netinet/in.h>
#include <stddef.h>

/*
 * Configures a network interface of the calling process's namespace with
 * ioctls (the guest has no ip(8)): IPv4 address and prefix, MTU, IPv6 off
 * (no router solicitations mixed into the measured traffic), the given
 * offloads off, then up.
 */
struct iface_settings {
	struct in_addr addr;
	int prefix_len;
	int mtu;
	int gro_off;		/* receive side: one skb per wire packet */
	int tso_gso_off;	/* send side: MTU-sized packets, as on lo */
};

int iface_configure(const char *ifname, const struct iface_settings *s,
		    char *err, size_t errlen);

/* The interface whose MAC is mac ("52:54:00:..."), into name; -1 if none. */
int iface_by_mac(const char *mac, char *name, size_t cap);

#endif
