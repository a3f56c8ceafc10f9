// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "kernel_symbols.h"

static const char kallsyms[] =
	"ffffffff81230900 T page_counter_uncharge\n"
	"ffffffff81000000 T _stext\n"
	"ffffffff82000000 D some_data\n"		/* not text: skipped */
	"ffffffff81232fc0 t drain_stock.isra.0\n"
	"ffffffff81230830 T page_counter_try_charge\n"
	"ffffffff814b8dc0 t net_rx_action\n"
	"ffffffffc0001000 t mod_func\t[some_module]\n";

static const char *const patterns[] = { "page_counter_*", "*_stock", "try_charge_memcg" };

static int write_temp(const char *text, char *path, size_t cap)
{
	FILE *f;
	int fd;

	snprintf(path, cap, "/tmp/mmx-kallsyms-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	return 0;
}

int main(void)
{
	struct kernel_symbols ks;
	char path[64], err[256];
	long i;

	CHECK(write_temp(kallsyms, path, sizeof(path)) == 0, "temp file");
	CHECK(kernel_symbols_load(&ks, path, err, sizeof(err)) == 0, "loads");
	CHECK(ks.n == 6, "text symbols only (the D symbol skipped)");
	i = kernel_symbols_lookup(&ks, 0xffffffff81230835ull);
	CHECK_STR(i >= 0 ? ks.sym[i].name : NULL, "page_counter_try_charge",
		  "an address inside a function");
	i = kernel_symbols_lookup(&ks, 0xffffffff81230900ull);
	CHECK_STR(i >= 0 ? ks.sym[i].name : NULL, "page_counter_uncharge",
		  "a function's first byte");
	i = kernel_symbols_lookup(&ks, 0xffffffffc0001010ull);
	CHECK_STR(i >= 0 ? ks.sym[i].name : NULL, "mod_func", "a module symbol, tag dropped");
	CHECK(kernel_symbols_lookup(&ks, 0xffffffff80000000ull) == -1,
	      "below the first symbol: unresolved");
	kernel_symbols_free(&ks);
	unlink(path);

	CHECK(write_temp("0000000000000000 T _stext\n0000000000000000 T foo\n",
			 path, sizeof(path)) == 0, "temp file (hidden)");
	CHECK(kernel_symbols_load(&ks, path, err, sizeof(err)) == -1 &&
	      strstr(err, "hidden") != NULL, "all-zero addresses: refused, said why");
	unlink(path);
	CHECK(kernel_symbols_load(&ks, "/nonexistent/kallsyms", err, sizeof(err)) == -1,
	      "a missing file is an error");

	CHECK(symbol_matches_any("page_counter_try_charge", patterns, 3), "glob prefix");
	CHECK(symbol_matches_any("drain_stock.isra.0", patterns, 3),
	      "a clone suffix is ignored");
	CHECK(symbol_matches_any("try_charge_memcg", patterns, 3), "exact name");
	CHECK(!symbol_matches_any("try_charge_memcg_x", patterns, 3), "exact means exact");
	CHECK(!symbol_matches_any("net_rx_action", patterns, 3), "no match");
	return check_summary();
}
