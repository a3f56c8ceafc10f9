// SPDX-License-Identifier: GPL-2.0
#include <stdint.h>

#include "check.h"
#include "proc_counters.h"

/* shapes copied from a 6.12 guest with 4 CPUs */
static const char softirqs[] =
	"                    CPU0       CPU1       CPU2       CPU3\n"
	"          HI:          0          0          0          0\n"
	"       TIMER:        771        545        538        467\n"
	"      NET_TX:          1          0          3          0\n"
	"      NET_RX:        191       1915        925        292\n"
	"       BLOCK:          0          0          0          0\n";

static const char softnet[] =
	"0000a1b2 00000000 00000001 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
	"0000ba3c 00000093 00000052 00000000 00000000 00000000 00000000 00000000 00000000 0000ba3c 00000000 00000000 00000001\n"
	/* CPU 2 offline: no row; CPU 3 still says who it is */
	"00000010 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000003\n";

static const char old_softnet[] =	/* before the CPU column existed */
	"00000005 00000001 00000002 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
	"00000006 00000000 0000000a 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n";

static const char stat[] =
	"cpu  100 0 200 3000 0 10 40 0 0 0\n"
	"cpu0 25 0 50 750 0 2 3 0 0 0\n"
	"cpu1 25 0 50 750 0 3 132 0 0 0\n"
	"intr 12345 0 0\n"
	"softirq 999 0 1 2 3\n";

int main(void)
{
	uint64_t v[PROC_MAX_CPUS] = { 0 };
	struct softnet_row rows[PROC_MAX_CPUS];
	uint64_t ticks[PROC_MAX_CPUS] = { 0 };

	CHECK(parse_softirqs_row(softirqs, "NET_RX", v, PROC_MAX_CPUS) == 4,
	      "softirqs: four CPU columns");
	CHECK(v[0] == 191 && v[1] == 1915 && v[2] == 925 && v[3] == 292,
	      "softirqs: NET_RX per CPU");
	CHECK(parse_softirqs_row(softirqs, "NET_TX", v, PROC_MAX_CPUS) == 4 &&
	      v[2] == 3, "softirqs: another row by name");
	CHECK(parse_softirqs_row(softirqs, "RCU", v, PROC_MAX_CPUS) == -1,
	      "softirqs: a missing row is an error");
	CHECK(parse_softirqs_row("NET_RX: 1 2\n", "NET_RX", v, PROC_MAX_CPUS) == -1,
	      "softirqs: no header is an error");

	memset(rows, 0, sizeof(rows));
	CHECK(parse_softnet_stat(softnet, rows, PROC_MAX_CPUS) == 4,
	      "softnet: CPU numbers from the 13th column");
	CHECK(rows[0].processed == 0xa1b2 && rows[0].time_squeeze == 1,
	      "softnet: hex columns of CPU 0");
	CHECK(rows[1].processed == 0xba3c && rows[1].dropped == 0x93 &&
	      rows[1].time_squeeze == 0x52, "softnet: processed, dropped, squeeze of CPU 1");
	CHECK(rows[2].processed == 0 && rows[3].processed == 0x10,
	      "softnet: an offline CPU's row is skipped, not shifted");
	memset(rows, 0, sizeof(rows));
	CHECK(parse_softnet_stat(old_softnet, rows, PROC_MAX_CPUS) == 2 &&
	      rows[1].processed == 6 && rows[1].time_squeeze == 10,
	      "softnet: without the CPU column, rows by position");
	CHECK(parse_softnet_stat("garbage\n", rows, PROC_MAX_CPUS) == -1,
	      "softnet: garbage is an error");

	CHECK(parse_proc_stat_softirq(stat, ticks, PROC_MAX_CPUS) == 2,
	      "stat: two cpuN lines, the aggregate line skipped");
	CHECK(ticks[0] == 3 && ticks[1] == 132, "stat: the softirq column");
	return check_summary();
}
