// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "guest_files.h"
#include "proc_counters.h"

/* The next line of text after p, or NULL at the end. */
static const char *next_line(const char *p)
{
	const char *nl = strchr(p, '\n');

	return nl && nl[1] ? nl + 1 : NULL;
}

/* Next number on this line (never past its end): 0, or -1 if there is none. */
static int line_number(const char **p, int base, unsigned long long *v)
{
	char *end;

	*p += strspn(*p, " \t");
	if (!isxdigit((unsigned char)**p))
		return -1;
	*v = strtoull(*p, &end, base);
	if (end == *p)
		return -1;
	*p = end;
	return 0;
}

int parse_softirqs_row(const char *text, const char *row, uint64_t *per_cpu,
		       int max_cpus)
{
	int cpu_of_col[PROC_MAX_CPUS], ncols = 0, highest = -1;
	size_t rlen = strlen(row);
	const char *p, *line;
	char *end;

	/* header: "                    CPU0       CPU1 ..." */
	for (p = text; *p && *p != '\n'; p++) {
		if (strncmp(p, "CPU", 3) != 0 || ncols >= PROC_MAX_CPUS)
			continue;
		cpu_of_col[ncols++] = (int)strtol(p + 3, &end, 10);
		p = end - 1;
	}
	if (ncols == 0)
		return -1;
	for (line = next_line(text); line; line = next_line(line)) {
		p = line + strspn(line, " ");
		if (strncmp(p, row, rlen) != 0 || p[rlen] != ':')
			continue;
		p += rlen + 1;
		for (int col = 0; col < ncols; col++) {
			unsigned long long v;
			int cpu = cpu_of_col[col];

			if (line_number(&p, 10, &v) < 0)
				return -1;
			if (cpu < 0 || cpu >= max_cpus)
				continue;
			per_cpu[cpu] = v;
			if (cpu > highest)
				highest = cpu;
		}
		return highest + 1;
	}
	return -1;
}

int parse_softnet_stat(const char *text, struct softnet_row *rows, int max_cpus)
{
	int position = 0, highest = -1;

	for (const char *line = text; line && *line; line = next_line(line), position++) {
		unsigned long long col[13];
		const char *p = line;
		int n, cpu;

		for (n = 0; n < 13; n++)
			if (line_number(&p, 16, &col[n]) < 0)
				break;
		if (n < 3)
			return -1;
		cpu = n == 13 ? (int)col[12] : position;
		if (cpu < 0 || cpu >= max_cpus)
			continue;
		rows[cpu].processed = col[0];
		rows[cpu].dropped = col[1];
		rows[cpu].time_squeeze = col[2];
		if (cpu > highest)
			highest = cpu;
	}
	return highest < 0 ? -1 : highest + 1;
}

int parse_proc_stat_softirq(const char *text, uint64_t *ticks, int max_cpus)
{
	int highest = -1;

	for (const char *line = text; line && *line; line = next_line(line)) {
		const char *p = line + 3;
		unsigned long long v = 0;
		char *end;
		int cpu;

		/* "cpuN user nice system idle iowait irq softirq ..." */
		if (strncmp(line, "cpu", 3) != 0 || *p < '0' || *p > '9')
			continue;
		cpu = (int)strtol(p, &end, 10);
		p = end;
		for (int col = 0; col < 7; col++)
			if (line_number(&p, 10, &v) < 0)
				return -1;
		if (cpu < 0 || cpu >= max_cpus)
			continue;
		ticks[cpu] = v;
		if (cpu > highest)
			highest = cpu;
	}
	return highest < 0 ? -1 : highest + 1;
}

void proc_counters_read(struct proc_counters *pc)
{
	static char buf[65536];

	memset(pc, 0, sizeof(*pc));
	pc->valid_softirqs = read_file("/proc/softirqs", buf, sizeof(buf)) > 0 &&
		parse_softirqs_row(buf, "NET_RX", pc->net_rx_softirqs, PROC_MAX_CPUS) > 0;
	pc->valid_softnet = read_file("/proc/net/softnet_stat", buf, sizeof(buf)) > 0 &&
		parse_softnet_stat(buf, pc->softnet, PROC_MAX_CPUS) > 0;
	pc->valid_stat = read_file("/proc/stat", buf, sizeof(buf)) > 0 &&
		parse_proc_stat_softirq(buf, pc->softirq_ticks, PROC_MAX_CPUS) > 0;
}
