// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cpio_newc.h"

static void pad4(struct cpio_writer *w)
{
	static const char zeros[4];
	long pos = ftell(w->out);

	if (pos < 0) {
		w->error = 1;
		return;
	}
	if (pos % 4 && fwrite(zeros, 1, (size_t)(4 - pos % 4), w->out) == 0)
		w->error = 1;
}

static void header(struct cpio_writer *w, const char *name, mode_t mode,
		   size_t size, unsigned int rmajor, unsigned int rminor)
{
	size_t namesize = strlen(name) + 1;

	if (fprintf(w->out, "070701%08X%08X%08X%08X%08X%08X%08zX%08X%08X%08X%08X%08zX%08X",
		    ++w->ino, (unsigned int)mode, 0u, 0u, 1u, 0u, size, 0u, 0u,
		    rmajor, rminor, namesize, 0u) < 0 ||
	    fwrite(name, 1, namesize, w->out) != namesize)
		w->error = 1;
	pad4(w);
}

void cpio_begin(struct cpio_writer *w, FILE *out)
{
	w->out = out;
	w->ino = 0;
	w->error = 0;
}

void cpio_dir(struct cpio_writer *w, const char *name, mode_t mode)
{
	header(w, name, S_IFDIR | mode, 0, 0, 0);
}

void cpio_chardev(struct cpio_writer *w, const char *name, mode_t mode,
		  unsigned int major, unsigned int minor)
{
	header(w, name, S_IFCHR | mode, 0, major, minor);
}

void cpio_data(struct cpio_writer *w, const char *name, mode_t mode,
	       const void *data, size_t len)
{
	header(w, name, S_IFREG | mode, len, 0, 0);
	if (len && fwrite(data, 1, len, w->out) != len)
		w->error = 1;
	pad4(w);
}

int cpio_file(struct cpio_writer *w, const char *name, mode_t mode,
	      const char *host_path)
{
	FILE *f = fopen(host_path, "rb");
	char *buf;
	long len;

	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = malloc(len > 0 ? (size_t)len : 1);
	if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) {
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	cpio_data(w, name, mode, buf, (size_t)len);
	free(buf);
	return 0;
}

int cpio_end(struct cpio_writer *w)
{
	header(w, "TRAILER!!!", 0, 0, 0, 0);
	return w->error || ferror(w->out) ? -1 : 0;
}
