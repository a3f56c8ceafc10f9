/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RESULT_CHANNEL_H
#define MMX_RESULT_CHANNEL_H

#include <jansson.h>

/* The second serial port: the host reads only framed results from it. */
#define RESULT_TTY "/dev/ttyS1"

/* Writes result as one framed JSON document; returns 0 when fully drained. */
int result_channel_send(json_t *result);

/* The framed bytes of result (malloc'd, *len set), or NULL. */
char *result_frame_of(json_t *result, size_t *len);

/* Writes len raw bytes to the result port; 0 when fully drained. */
int result_channel_write(const char *bytes, size_t len);

/*
 * Ends the VM through QEMU's isa-debug-exit device at port 0xf4; QEMU
 * then exits with status (code << 1) | 1.  Falls back to a reboot, which
 * -no-reboot turns into an exit, if the device is missing.
 */
void guest_exit(int code) __attribute__((noreturn));

#endif
