// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "netlink_link.h"

int netlink_route_open(char *err, size_t errlen)
{
	int nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);

	if (nl < 0)
		snprintf(err, errlen, "rtnetlink socket: %s", strerror(errno));
	return nl;
}

int netlink_link_to_netns(int nl, int ifindex, pid_t pid, char *err,
			  size_t errlen)
{
	struct {
		struct nlmsghdr nh;
		struct ifinfomsg ifi;
		struct rtattr attr;
		uint32_t pid;
	} req;
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	union {
		struct nlmsghdr nh;
		char raw[1024];
	} reply;
	ssize_t n;

	memset(&req, 0, sizeof(req));
	req.nh.nlmsg_len = sizeof(req);
	req.nh.nlmsg_type = RTM_NEWLINK;
	req.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	req.nh.nlmsg_seq = 1;
	req.ifi.ifi_family = AF_UNSPEC;
	req.ifi.ifi_index = ifindex;
	req.attr.rta_type = IFLA_NET_NS_PID;
	req.attr.rta_len = RTA_LENGTH(sizeof(req.pid));
	req.pid = (uint32_t)pid;
	if (sendto(nl, &req, sizeof(req), 0, (struct sockaddr *)&kernel,
		   sizeof(kernel)) < 0) {
		snprintf(err, errlen, "rtnetlink send: %s", strerror(errno));
		return -1;
	}
	n = recv(nl, &reply, sizeof(reply), 0);
	if (n < (ssize_t)NLMSG_LENGTH(sizeof(struct nlmsgerr)) ||
	    reply.nh.nlmsg_type != NLMSG_ERROR) {
		snprintf(err, errlen, "rtnetlink: no acknowledgement (%s)",
			 n < 0 ? strerror(errno) : "short or unexpected reply");
		return -1;
	}
	{
		const struct nlmsgerr *e = NLMSG_DATA(&reply.nh);

		if (e->error) {
			snprintf(err, errlen, "move interface %d to the netns of pid %d: %s",
				 ifindex, (int)pid, strerror(-e->error));
			return -1;
		}
	}
	return 0;
}
