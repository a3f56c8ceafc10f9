/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_CPIO_NEWC_H
#define MMX_CPIO_NEWC_H

#include <stdio.h>
#include <sys/types.h>

/*
 * Writes the "newc" cpio format the kernel unpacks as an initramfs.  Done
 * here rather than with cpio(1) so device nodes need no mknod (and no root)
 * and archives can be appended to one another in memory.
 */
struct cpio_writer {
	FILE *out;
	unsigned int ino;
	int error;
};

void cpio_begin(struct cpio_writer *w, FILE *out);
void cpio_dir(struct cpio_writer *w, const char *name, mode_t mode);
void cpio_chardev(struct cpio_writer *w, const char *name, mode_t mode,
		  unsigned int major, unsigned int minor);
void cpio_data(struct cpio_writer *w, const char *name, mode_t mode,
	       const void *data, size_t len);
/* Adds a host file's contents; -1 when it cannot be read. */
int cpio_file(struct cpio_writer *w, const char *name, mode_t mode,
	      const char *host_path);
/* Writes the trailer; returns 0 when every write succeeded. */
int cpio_end(struct cpio_writer *w);

#endif
