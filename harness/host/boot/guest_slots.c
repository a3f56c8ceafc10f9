// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "cache_dir.h"
#include "guest_slots.h"
#include "log.h"

#define MAX_SLOTS GUEST_SLOTS_MAX

/* statfs magics of filesystems that nodes of a cluster share */
static const unsigned long shared_fs_magic[] = {
	0x6969,		/* NFS */
	0xff534d42,	/* CIFS */
	0xfe534d42,	/* SMB2 */
	0x0bd00bd0,	/* Lustre */
	0x47504653,	/* GPFS */
	0x19830326,	/* BeeGFS */
	0x00c36400,	/* Ceph */
};

/*
 * The slots limit guests per machine, but a cache on a filesystem that
 * several nodes mount would make them one machine's: there the lock names
 * carry the node's host name.  A local cache keeps the plain names, which
 * mmx builds without this check use too.
 */
static void slot_lock_path(int i, char *buf, size_t cap)
{
	struct statfs fs;
	char rel[400], host[256] = "";
	int shared = 0;

	if (statfs(cache_dir(), &fs) == 0)
		for (size_t k = 0; k < sizeof(shared_fs_magic) / sizeof(*shared_fs_magic); k++)
			shared |= (unsigned long)fs.f_type == shared_fs_magic[k];
	if (shared && gethostname(host, sizeof(host) - 1) == 0 && host[0])
		snprintf(rel, sizeof(rel), "guest-slot-%s-%d.lock", host, i);
	else
		snprintf(rel, sizeof(rel), "guest-slot-%d.lock", i);
	cache_path(rel, buf, cap);
}

static int slot_count(void)
{
	const char *env = getenv("MMX_GUEST_SLOTS");
	int n = env ? atoi(env) : 1;

	return n < 1 ? 1 : n > MAX_SLOTS ? MAX_SLOTS : n;
}

/* How many of the first n slots another guest holds now (a test lock, dropped at once). */
static int busy_slots(int n)
{
	int busy = 0;

	for (int i = 0; i < n; i++) {
		char path[4200];
		int fd;

		slot_lock_path(i, path, sizeof(path));
		fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0)
			continue;
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			flock(fd, LOCK_UN);
		else
			busy++;
		close(fd);
	}
	return busy;
}

int guest_slots_acquire_all(struct guest_slots_all *s)
{
	int busy = busy_slots(MAX_SLOTS);

	for (int i = 0; i < MAX_SLOTS; i++)
		s->fd[i] = -1;
	if (busy)
		say("waiting for the %d other guest%s to finish: this run's times are the "
		    "host's, so it runs alone", busy, busy > 1 ? "s" : "");
	for (int i = 0; i < MAX_SLOTS; i++) {
		char path[4200];

		slot_lock_path(i, path, sizeof(path));
		s->fd[i] = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
		if (s->fd[i] < 0 || flock(s->fd[i], LOCK_EX) != 0) {
			fail_msg("cannot lock %s", path);
			guest_slots_release_all(s);
			return -1;
		}
	}
	return 0;
}

void guest_slots_release_all(struct guest_slots_all *s)
{
	for (int i = 0; i < MAX_SLOTS; i++)
		if (s->fd[i] >= 0) {
			unlock_file(s->fd[i]);
			s->fd[i] = -1;
		}
}

int guest_slot_acquire(void)
{
	int n = slot_count(), said = 0;

	for (;;) {
		for (int i = 0; i < n; i++) {
			char path[4200];
			int fd;

			slot_lock_path(i, path, sizeof(path));
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
			say("waiting for a free guest slot (%d guests running beside this one, "
			    "the most MMX_GUEST_SLOTS=%d lets run)", busy_slots(MAX_SLOTS), n);
		usleep(250000);
	}
}

void guest_slot_release(int fd)
{
	unlock_file(fd);
}
