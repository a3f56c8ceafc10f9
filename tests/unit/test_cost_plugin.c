// SPDX-License-Identifier: GPL-2.0
/*
 * The cost plugin's own logic, without QEMU: the function set it reads
 * (func_ranges), its line-owner model of coherence traffic (line_owner),
 * the instruction classes (insn_classify) and the merging of a
 * read-modify-write's two callbacks into one store (access_merge).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "access_merge.h"
#include "check.h"
#include "func_ranges.h"
#include "insn_classify.h"
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
		   "ffffffff814b8dc0 ffffffff814b9100 rx net_rx_action scope\n"
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
	CHECK(i >= 0 && fr.v[i].scope, "a scope function is flagged");
	i = func_ranges_find(&fr, 0xffffffff81230830ULL);
	CHECK(i >= 0 && !fr.v[i].scope, "a function without the flag is not a scope");
	func_ranges_free(&fr);

	write_file(path, "ffffffff81000000 ffffffff81000100 charge a\n"
			 "ffffffff81000080 ffffffff81000200 charge b\n");
	CHECK(func_ranges_load(&fr, path, err, sizeof(err)) < 0 && strstr(err, "overlap"),
	      "overlapping functions are refused");
	write_file(path, "ffffffff81000000 ffffffff81000100 rx a scoped\n");
	CHECK(func_ranges_load(&fr, path, err, sizeof(err)) < 0 && strstr(err, ":1:") &&
	      strstr(err, "[scope]"), "an unknown flag names the line and the format");
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
	CHECK(line_access(t, a, 0, 0, NULL) == 0, "first read of a line: no transfer");
	CHECK(line_access(t, a, 0, 1, NULL) == 0, "a write by the only holder: no transfer");
	CHECK(line_access(t, same_line, 0, 0, NULL) == 0, "same 64-byte line, same vCPU: none");
	CHECK(line_access(t, a, 1, 0, NULL) == 1, "read of a line vCPU 0 wrote: a transfer");
	CHECK(line_access(t, same_line, 1, 0, NULL) == 0,
	      "read again before another write: already fetched");
	CHECK(line_access(t, next_line, 1, 0, NULL) == 0, "the next line is another line");
	CHECK(line_access(t, a, 2, 1, NULL) == 1, "write by a third vCPU: a transfer");
	CHECK(line_access(t, a, 1, 0, NULL) == 1, "the reader's copy was invalidated by that write");
	CHECK(line_access(t, a, 2, 0, NULL) == 0, "the writer reads its own line: none");
	CHECK(line_access(t, a, 0, 1, NULL) == 1, "ping-pong: each write elsewhere moves the line");
	CHECK(line_access(t, a, 2, 1, NULL) == 1, "and back");
	CHECK(line_access(t, a, 99, 1, NULL) == 0, "a vCPU past the model's range is ignored");
	line_table_stats(t, &tracked, &dropped);
	CHECK(tracked == 2 && dropped == 0, "two lines tracked, none dropped");
	line_table_free(t);

	/* a full table drops new lines, counted, and keeps the old ones right */
	t = line_table_new(1);
	for (uint64_t l = 0; l < 100000; l++)
		line_access(t, l << LINE_SHIFT, 0, 1, NULL);
	line_table_stats(t, &tracked, &dropped);
	CHECK(dropped > 0 && tracked + dropped == 100000, "overflow is counted, not hidden");
	CHECK(line_access(t, 0, 1, 0, NULL) == 1, "a line tracked before overflow still counts");
	line_table_free(t);
}

static void test_holders(void)
{
	struct line_table *t = line_table_new(64);
	unsigned int h = 0;

	line_access(t, 0, 0, 1, &h);
	CHECK(line_access(t, 0, 1, 0, &h) == 1 && h == 1, "a read from the writer: one holder");
	line_access(t, 0, 2, 0, &h);
	line_access(t, 0, 3, 0, &h);
	CHECK(line_access(t, 0, 4, 1, &h) == 1 && h == 4,
	      "a store to a line four others hold: four holders");
	CHECK(holder_bucket(1) == 0 && holder_bucket(4) == 3 && holder_bucket(5) == 4 &&
	      holder_bucket(8) == 4 && holder_bucket(9) == 5 && holder_bucket(17) == 6,
	      "holder buckets 1, 2, 3, 4, 5-8, 9-16, 17+");
	line_table_free(t);
}

struct coded {
	const char *what;
	uint8_t bytes[8];
	size_t len;
	enum insn_class cls;
	int is_ret;
};

static void test_classes(void)
{
	static const struct coded cases[] = {
		{ "lock xadd %rax,(%rdi)", { 0xf0, 0x48, 0x0f, 0xc1, 0x07 }, 5, IC_LOCKED, 0 },
		{ "lock addq $1,(%rdi)", { 0xf0, 0x48, 0x83, 0x07, 0x01 }, 5, IC_LOCKED, 0 },
		{ "lock cmpxchg %rsi,(%rdi)", { 0xf0, 0x48, 0x0f, 0xb1, 0x37 }, 5, IC_LOCKED, 0 },
		{ "xchg %rax,(%rdi)", { 0x48, 0x87, 0x07 }, 3, IC_XCHG, 0 },
		{ "xchg %rbx,%rax (registers)", { 0x48, 0x87, 0xd8 }, 3, IC_PLAIN, 0 },
		{ "add %rax,(%rdi) (no lock)", { 0x48, 0x01, 0x07 }, 3, IC_PLAIN, 0 },
		{ "pushfq", { 0x9c }, 1, IC_PUSHF, 0 },
		{ "popfq", { 0x9d }, 1, IC_POPF, 0 },
		{ "cli", { 0xfa }, 1, IC_CLI, 0 },
		{ "sti", { 0xfb }, 1, IC_STI, 0 },
		{ "mfence", { 0x0f, 0xae, 0xf0 }, 3, IC_FENCE, 0 },
		{ "lfence", { 0x0f, 0xae, 0xe8 }, 3, IC_FENCE, 0 },
		{ "cpuid", { 0x0f, 0xa2 }, 2, IC_SERIALIZING, 0 },
		{ "iretq", { 0x48, 0xcf }, 2, IC_SERIALIZING, 0 },
		{ "ret", { 0xc3 }, 1, IC_PLAIN, 1 },
		{ "call rel32", { 0xe8, 0, 0, 0, 0 }, 5, IC_PLAIN, 0 },
		{ "undecodable", { 0x0f, 0x0b, 0xff }, 1, IC_PLAIN, 0 },
	};
	char name[96];

	CHECK(insn_classify_init() == 0, "Capstone opens for x86-64");
	for (size_t i = 0; i < N_OF(cases); i++) {
		struct insn_kind k = insn_classify(cases[i].bytes, cases[i].len);

		snprintf(name, sizeof(name), "%s: class %d, ret %d", cases[i].what,
			 (int)cases[i].cls, cases[i].is_ret);
		CHECK(k.cls == cases[i].cls && k.is_ret == cases[i].is_ret, name);
	}
	insn_classify_fini();
}

static void test_merge(void)
{
	struct access_stash s = { 0 };
	int site_a, site_b;
	const void *rel;
	uint64_t addr;

	CHECK(stash_offer(&s, &site_a, 0x1000, 0, &rel, &addr) == STASH_HOLD && !rel,
	      "a load is held");
	CHECK(stash_offer(&s, &site_a, 0x1008, 1, &rel, &addr) == STASH_MERGED && !rel,
	      "its instruction's store to the same line: one store");
	CHECK(stash_offer(&s, &site_a, 0x1000, 0, &rel, &addr) == STASH_HOLD, "a load again");
	CHECK(stash_offer(&s, &site_b, 0x1000, 1, &rel, &addr) == STASH_RECORD &&
	      rel == &site_a && addr == 0x1000,
	      "another instruction's store: the load is released first, then the store");
	stash_offer(&s, &site_a, 0x1000, 0, &rel, &addr);
	CHECK(stash_offer(&s, &site_a, 0x1040, 1, &rel, &addr) == STASH_RECORD && rel == &site_a,
	      "the same instruction storing to another line: two accesses");
	stash_offer(&s, &site_a, 0x2000, 0, &rel, &addr);
	CHECK(stash_offer(&s, &site_b, 0x3000, 0, &rel, &addr) == STASH_HOLD &&
	      rel == &site_a && addr == 0x2000, "a second load releases the first");
	CHECK(stash_release(&s, &addr) == &site_b && addr == 0x3000 && !s.site,
	      "the end of a block releases what is held");
	CHECK(stash_release(&s, &addr) == NULL, "nothing held: nothing released");
}

int main(void)
{
	test_ranges();
	test_lines();
	test_holders();
	test_classes();
	test_merge();
	return check_summary();
}
