/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PERF_OUTPUT_H
#define MMX_PERF_OUTPUT_H

/*
 * Readers of perf's text output, line by line, for profile=1's numbers.
 *
 * `perf script -F ip,sym` prints each sample as a block of callchain lines
 * ("\t<hex address> <symbol>", the sampled instruction first, "[unknown]"
 * where no symbol covers it) between empty lines.  The tally counts the
 * samples, those whose own symbol is a memcg charging function (self:
 * charge_functions.h, compiler clone suffixes ignored), those with one
 * anywhere on the callchain (children), and those perf could not name.
 */
struct perf_script_tally {
	unsigned long long samples, unresolved, charge_self, charge_children;
	int in_sample, chain_has_charge;
};

void perf_script_tally_line(struct perf_script_tally *t, const char *line);
/* Closes the last sample (the output may not end with an empty line). */
void perf_script_tally_end(struct perf_script_tally *t);

/*
 * `perf report --stdio --no-children --sort sym -n -g none`: the header's
 * "# Total Lost Samples: N" and "# Samples: N ..." and one row per symbol,
 * "  47.99%   680  [k] pv_native_safe_halt", busiest first.
 */
struct perf_report_row {
	double percent;
	unsigned long long samples;
	char symbol[256];
};

/* 1 and *lost set when line is the lost-samples header, else 0. */
int perf_report_lost_line(const char *line, unsigned long long *lost);
/* 1 and row set when line is a symbol row, else 0. */
int perf_report_row_line(const char *line, struct perf_report_row *row);

#endif
