// SPDX-License-Identifier: GPL-2.0
/* ldd output to the files a program needs in the guest. */
#include "check.h"
#include "program_files.h"

int main(void)
{
	struct program_files pf = { 0 };
	char err[512];
	int rc;

	rc = program_files_parse_ldd(
		"\tlinux-vdso.so.1 (0x00007ffd)\n"
		"\tlibiperf.so.0 => /lib/x86_64-linux-gnu/libiperf.so.0 (0x00007f8b)\n"
		"\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f8a)\n"
		"\t/lib64/ld-linux-x86-64.so.2 (0x00007f8c)\n", &pf, err, sizeof(err));
	CHECK(rc == 0 && pf.count == 3, "the vdso is skipped, libraries and loader kept");
	CHECK_STR(pf.paths[0], "/lib/x86_64-linux-gnu/libiperf.so.0",
		  "a library is named by its resolved path");
	CHECK_STR(pf.paths[2], "/lib64/ld-linux-x86-64.so.2",
		  "the loader is named by the path programs ask for");

	pf.count = 0;
	rc = program_files_parse_ldd("\tlibsctp.so.1 => not found\n", &pf, err,
				     sizeof(err));
	CHECK(rc < 0 && strstr(err, "libsctp"), "a missing library is an error naming it");

	rc = program_files_find("/nonexistent/iperf3", &pf, err, sizeof(err));
	CHECK(rc == 1 && pf.count == 0, "an absent program is reported as absent");

	rc = program_files_find("/bin/sh", &pf, err, sizeof(err));
	CHECK(rc == 0 && pf.count >= 2 && strcmp(pf.paths[0], "/bin/sh") == 0,
	      "a real program comes with its libraries");
	return check_summary();
}
