// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <unistd.h>

#include "cache_dir.h"
#include "guest_slots.h"
#include "log.h"

#define MAX_SLOTS 16

static int slot_count(void)
{
	const char *env = getenv("MMX_GUEST_SLOTS");
	int n = env ? atoi(env) : 1;

	return n < 1 ? 1 : n > MAX_SLOTS ? MAX_SLOTS : n;
}

int guest_slot_acquire(void)
{
	int n = slot_count(), said = 0;

	for (;;) {
		for (int i = 0; i < n; i++) {
			char rel[64], path[4200];
			int fd;

			snprintf(rel, sizeof(rel), "guest-slot-%d.lock", i);
			cache_path(rel, path, sizeof(path));
			fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
			if (fd < 0) {
				fail_msg("cannot open %s", path);
				return -1;
			}
			if (flock(fd, LOCK_EX | LOCK_NB) == 0)
				return fd;
			close(fd);
		}
		if (!said++)
			say("waiting for a free guest slot (%d in use by other mmx "
			    "processes; MMX_GUEST_SLOTS=%d)", n, n);
		usleep(250000);
	}
}

void guest_slot_release(int fd)
{
	unlock_file(fd);
}
