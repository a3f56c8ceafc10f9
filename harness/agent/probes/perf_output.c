// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "charge_functions.h"
#include "kernel_symbols.h"
#include "perf_output.h"

static void close_sample(struct perf_script_tally *t)
{
	if (t->in_sample && t->chain_has_charge)
		t->charge_children++;
	t->in_sample = 0;
	t->chain_has_charge = 0;
}

void perf_script_tally_line(struct perf_script_tally *t, const char *line)
{
	unsigned long long addr;
	char sym[256];
	int charge;

	if (line[0] != '\t' && line[0] != ' ') {
		close_sample(t);	/* an empty line, or a sample's header */
		return;
	}
	if (sscanf(line, " %llx %255s", &addr, sym) != 2) {
		close_sample(t);
		return;
	}
	charge = strcmp(sym, "[unknown]") != 0 &&
		 symbol_matches_any(sym, memcg_charge_functions,
				    memcg_charge_functions_count);
	if (!t->in_sample) {
		/* the first line is where the sample landed */
		t->in_sample = 1;
		t->samples++;
		t->unresolved += strcmp(sym, "[unknown]") == 0;
		t->charge_self += (unsigned long long)charge;
	}
	t->chain_has_charge |= charge;
}

void perf_script_tally_end(struct perf_script_tally *t)
{
	close_sample(t);
}

int perf_report_lost_line(const char *line, unsigned long long *lost)
{
	return sscanf(line, "# Total Lost Samples: %llu", lost) == 1;
}

int perf_report_row_line(const char *line, struct perf_report_row *row)
{
	char level[8];

	if (line[0] == '#')
		return 0;
	/* "[k]": the level column perf prints before the symbol */
	return sscanf(line, " %lf%% %llu %7s %255s", &row->percent, &row->samples,
		      level, row->symbol) == 4 && level[0] == '[';
}
