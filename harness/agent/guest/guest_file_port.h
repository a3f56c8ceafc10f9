/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GUEST_FILE_PORT_H
#define MMX_GUEST_FILE_PORT_H

#include <stddef.h>

/*
 * Files for the run's log directory on the host (perf.data, kallsyms), sent
 * on the virtio-serial port the host adds for runs that make them
 * (GUEST_FILE_PORT_NAME, /sys/class/virtio-ports/<port>/name), framed as
 * file_frame.h says.  A write returns once the host has taken the bytes.
 */
#define GUEST_FILE_PORT_NAME "mmx.files"

/* Sends the file at path under name; -1 with err (no port, unreadable). */
int guest_file_port_send(const char *name, const char *path, char *err,
			 size_t errlen);

#endif
