/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GUEST_MOUNTS_H
#define MMX_GUEST_MOUNTS_H

/* Mounts proc, sys, devtmpfs, cgroup2, tracefs and a tmpfs /tmp. */
int guest_mount_all(char *err, size_t errlen);

#endif
