// SPDX-License-Identifier: GPL-2.0
#include "check.h"
#include "patch_series.h"

int main(void)
{
	char out[1024];

	patch_failure_summary("patching file mm/memcontrol.c\n"
			      "Hunk #1 succeeded at 1790 (offset 3 lines).\n"
			      "Hunk #2 FAILED at 1834.\n"
			      "patching file net/core/dev.c\n"
			      "Hunk #1 FAILED at 6900.\n"
			      "2 out of 3 hunks FAILED -- saving rejects\n", out, sizeof(out));
	CHECK(strstr(out, "mm/memcontrol.c: hunk #2 FAILED at line 1834") != NULL,
	      "names the file, hunk and line");
	CHECK(strstr(out, "net/core/dev.c: hunk #1 FAILED at line 6900") != NULL,
	      "names every failed hunk");
	CHECK(strstr(out, "hunk #1 FAILED at line 1790") == NULL,
	      "succeeded hunks are not listed");
	patch_failure_summary("can't find file to patch at input line 5\n", out,
			      sizeof(out));
	CHECK(strstr(out, "can't find file") != NULL, "a missing file is reported");
	patch_failure_summary("", out, sizeof(out));
	CHECK(out[0] != '\0', "never an empty summary");
	return check_summary();
}
