// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "guest_mounts.h"

struct mount_spec {
	const char *source, *target, *fstype;
	int required;
};

static const struct mount_spec mounts[] = {
	{ "proc", "/proc", "proc", 1 },
	{ "sysfs", "/sys", "sysfs", 1 },
	{ "devtmpfs", "/dev", "devtmpfs", 1 },
	{ "cgroup2", "/sys/fs/cgroup", "cgroup2", 1 },
	{ "tracefs", "/sys/kernel/tracing", "tracefs", 1 },
	{ "tmpfs", "/tmp", "tmpfs", 1 },
};

int guest_mount_all(char *err, size_t errlen)
{
	for (size_t i = 0; i < sizeof(mounts) / sizeof(mounts[0]); i++) {
		const struct mount_spec *m = &mounts[i];

		mkdir(m->target, 0755);
		if (mount(m->source, m->target, m->fstype, 0, NULL) == 0 ||
		    errno == EBUSY)
			continue;
		if (m->required) {
			snprintf(err, errlen, "mount %s on %s: %s", m->fstype,
				 m->target, strerror(errno));
			return -1;
		}
	}
	return 0;
}
