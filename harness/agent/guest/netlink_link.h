/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_NETLINK_LINK_H
#define MMX_NETLINK_LINK_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Moves interface ifindex, as seen by the rtnetlink socket nl (so nl must
 * have been opened in the namespace that holds the interface), into the
 * network namespace of process pid.  The guest has no ip(8); this is
 * "ip link set dev X netns PID" as one RTM_NEWLINK request.
 */
int netlink_route_open(char *err, size_t errlen);
int netlink_link_to_netns(int nl, int ifindex, pid_t pid, char *err,
			  size_t errlen);

#endif
