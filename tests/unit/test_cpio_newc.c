// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "cpio_newc.h"
#include "subprocess.h"

int main(void)
{
	char path[] = "/tmp/mmx-cpio-XXXXXX", listing[4096];
	struct cpio_writer w;
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "wb");

	cpio_begin(&w, f);
	cpio_dir(&w, "mmx", 0755);
	cpio_chardev(&w, "dev/console", 0600, 5, 1);
	cpio_data(&w, "mmx/spec.json", 0644, "{\"a\":1}", 7);
	CHECK(cpio_end(&w) == 0, "archive written");
	fclose(f);
	{
		char *argv[] = { "cpio", "-itv", "--quiet", "-F", path, NULL };

		CHECK(run_capture(argv, listing, sizeof(listing)) == 0,
		      "cpio(1) reads the archive");
	}
	CHECK(strstr(listing, "mmx/spec.json") != NULL, "file listed");
	CHECK(strstr(listing, "crw-------") && strstr(listing, "dev/console"),
	      "device node listed as a char device");
	CHECK(strstr(listing, "drwxr-xr-x") != NULL, "directory listed");
	unlink(path);
	return check_summary();
}
