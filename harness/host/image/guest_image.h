/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GUEST_IMAGE_H
#define MMX_GUEST_IMAGE_H

#include <jansson.h>
#include <stddef.h>

/*
 * The base initramfs of a kernel: the static agent as /init plus the
 * directories it mounts on, and the kernel's memcg selftests under
 * /selftests.  Kept in the kernel's cache directory, keyed by
 * the agent binary's hash, so a rebuilt agent gets a new image.
 */
int guest_image_base(const char *kernel_dir, const char *agent_path,
		     const char *selftest_dir, char *out, size_t cap);

/*
 * Writes base, then overlay (another cpio, or NULL), then a small cpio
 * holding /mmx/spec.json to initrd_path.
 */
int guest_image_with_spec(const char *base, const char *overlay, json_t *spec,
			  const char *initrd_path);

struct cpio_writer;
struct program_files;
/* Every directory above a program file, each once, then the files. */
int guest_image_add_programs(struct cpio_writer *w, const struct program_files *pf);

#endif
