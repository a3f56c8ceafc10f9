// SPDX-License-Identifier: GPL-2.0
/*
 * The cost plugin's own logic, without QEMU: the function set it reads
 * (func_ranges) and its line-owner model of coherence traffic (line_owner).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "func_ranges.h"
#include "line_owner.h"

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
}

static void test_ranges(void)
{
	char path[] = "/tmp/mmx-funcs-XXXXXX", err[512];
	struct func_ranges fr;
	int fd = mkstemp(path);
	long i;

	close(fd);
	write_file(path,
		   "# START END CLASS NAME\n"
		   "ffffffff81230900 ffffffff81230a40 charge page_counter_uncharge\n"
		   "ffffffff814b8dc0 ffffffff814b9100 rx net_rx_action\n"
		   "ffffffff81230830 ffffffff81230900 charge page_counter_try_charge\n"
		   "ffffffff81100000 ffffffff81100010 instr kprobe_ftrace_handler\n");
	CHECK(func_ranges_load(&fr, path, err, sizeof(err)) == 0, "function set loads");
	CHECK(fr.n == 4, "four functions");
	CHECK(fr.v[0].start == 0xffffffff81100000ULL, "sorted by address");
	i = func_ranges_find(&fr, 0xffffffff81230830ULL);
	CHECK(i >= 0 && fr.v[i].cls == FC_CHARGE, "first instruction is in its function");
	CHECK_STR(i >= 0 ? fr.v[i].name : NULL, "page_counter_try_charge", "found by start");
	i = func_ranges_find(&fr, 0xffffffff812308ffULL);
	CHECK_STR(i >= 0 ? fr.v[i].name : NULL, "page_counter_try_charge", "last byte is inside");
	i = func_ranges_find(&fr, 0xffffffff81230900ULL);
	CHECK_STR(i >= 0 ? fr.v[i].name : NULL, "page_counter_uncharge",
		  "end is exclusive: the next function starts there");
	CHECK(func_ranges_find(&fr, 0xffffffff81230a40ULL) < 0, "gap after a function: none");
	CHECK(func_ranges_find(&fr, 0xffffffff80000000ULL) < 0, "below every function: none");
	CHECK(func_ranges_find(&fr, 0xffffffffffff0000ULL) < 0, "above every function: none");
	i = func_ranges_find(&fr, 0xffffffff814b9000ULL);
	CHECK(i >= 0 && fr.v[i].cls == FC_RX, "receive root's class");
	func_ranges_free(&fr);

	write_file(path, "ffffffff81000000 ffffffff81000100 charge a\n"
			 "ffffffff81000080 ffffffff81000200 charge b\n");
	CHECK(func_ranges_load(&fr, path, err, sizeof(err)) < 0 && strstr(err, "overlap"),
	      "overlapping functions are refused");
	write_file(path, "ffffffff81000000 ffffffff81000100 hot a\n");
	CHECK(func_ranges_load(&fr, path, err, sizeof(err)) < 0 && strstr(err, ":1:"),
	      "an unknown class names the line");
	write_file(path, "# nothing\n");
	CHECK(func_ranges_load(&fr, path, err, sizeof(err)) < 0 && strstr(err, "no function"),
	      "an empty set is refused");
	unlink(path);
	CHECK(func_ranges_load(&fr, path, err, sizeof(err)) < 0 && strstr(err, path),
	      "a missing file is named");
}

static void test_lines(void)
{
	struct line_table *t = line_table_new(1024);
	uint64_t a = 0x1000, same_line = 0x103f, next_line = 0x1040, tracked, dropped;

	CHECK(t != NULL, "line table");
	CHECK(line_access(t, a, 0, 0) == 0, "first read of a line: no transfer");
	CHECK(line_access(t, a, 0, 1) == 0, "a write by the only holder: no transfer");
	CHECK(line_access(t, same_line, 0, 0) == 0, "same 64-byte line, same vCPU: none");
	CHECK(line_access(t, a, 1, 0) == 1, "read of a line vCPU 0 wrote: a transfer");
	CHECK(line_access(t, same_line, 1, 0) == 0,
	      "read again before another write: already fetched");
	CHECK(line_access(t, next_line, 1, 0) == 0, "the next line is another line");
	CHECK(line_access(t, a, 2, 1) == 1, "write by a third vCPU: a transfer");
	CHECK(line_access(t, a, 1, 0) == 1, "the reader's copy was invalidated by that write");
	CHECK(line_access(t, a, 2, 0) == 0, "the writer reads its own line: none");
	CHECK(line_access(t, a, 0, 1) == 1, "ping-pong: each write elsewhere moves the line");
	CHECK(line_access(t, a, 2, 1) == 1, "and back");
	CHECK(line_access(t, a, 99, 1) == 0, "a vCPU past the model's range is ignored");
	line_table_stats(t, &tracked, &dropped);
	CHECK(tracked == 2 && dropped == 0, "two lines tracked, none dropped");
	line_table_free(t);

	/* a full table drops new lines, counted, and keeps the old ones right */
	t = line_table_new(1);
	for (uint64_t l = 0; l < 100000; l++)
		line_access(t, l << LINE_SHIFT, 0, 1);
	line_table_stats(t, &tracked, &dropped);
	CHECK(dropped > 0 && tracked + dropped == 100000, "overflow is counted, not hidden");
	CHECK(line_access(t, 0, 1, 0) == 1, "a line tracked before overflow still counts");
	line_table_free(t);
}

int main(void)
{
	test_ranges();
	test_lines();
	return check_summary();
}
