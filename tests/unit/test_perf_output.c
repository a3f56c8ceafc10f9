// SPDX-License-Identifier: GPL-2.0
#include "check.h"
#include "perf_output.h"

/* `perf script -F ip,sym` of three samples, as perf 6.1 prints them */
static const char *const script[] = {
	"",
	"\tffffffff81c0b1d5 pv_native_safe_halt",
	"\tffffffff81c0b6e6 default_idle",
	"",
	"",
	"\tffffffff8146e2a0 page_counter_try_charge",
	"\tffffffff81532b10 try_charge_memcg",
	"\tffffffff81533d42 mem_cgroup_charge_skmem",
	"\tffffffff81a1c3f0 tcp_v4_rcv",
	"",
	"",
	"\tffffffff81aa0000 [unknown]",
	"\tffffffff81533d42 drain_stock.isra.0",
	"\tffffffff81a1c3f0 net_rx_action",
	"",
	"",
	"\tffffffff81a1c3f0 sock_def_readable",
	"\tffffffff81533d42 __mem_cgroup_charge",
};

int main(void)
{
	struct perf_script_tally t = { 0 };
	struct perf_report_row row;
	unsigned long long lost = 7;

	for (size_t i = 0; i < sizeof(script) / sizeof(script[0]); i++)
		perf_script_tally_line(&t, script[i]);
	perf_script_tally_end(&t);
	CHECK(t.samples == 4, "one sample per block of callchain lines");
	CHECK(t.charge_self == 1, "self: the sample landed in page_counter_try_charge");
	CHECK(t.charge_children == 3,
	      "children: a charge function anywhere on the chain (clone suffix ignored, "
	      "last sample without a closing empty line counted)");
	CHECK(t.unresolved == 1, "a sample perf could not name");

	CHECK(perf_report_lost_line("# Total Lost Samples: 12", &lost) && lost == 12,
	      "lost samples from perf report's header");
	CHECK(!perf_report_lost_line("# Samples: 227  of event 'cpu-clock:k'", &lost),
	      "other header lines are not lost samples");
	CHECK(perf_report_row_line("     6.61%            15  [k] exc_page_fault", &row) &&
	      row.samples == 15 && row.percent > 6.6 && row.percent < 6.62 &&
	      strcmp(row.symbol, "exc_page_fault") == 0, "a report row");
	CHECK(!perf_report_row_line("# Overhead       Samples  Symbol", &row) &&
	      !perf_report_row_line("", &row), "headers and blanks are not rows");
	return check_summary();
}
