// SPDX-License-Identifier: GPL-2.0
/* The tracefs instance behind pass_shape.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "guest_files.h"
#include "pass_nics.h"
#include "pass_shape.h"

#define INSTANCE "/sys/kernel/tracing/instances/mmx_pass"
/*
 * Only the receive CPUs record.  A 2 s window at 16 tenants and dev_weight
 * 300 makes about 190000 events there (about 145 bytes each, 26 MB): 8 MB
 * held the first 0.3 s and dropped the rest.  So the receive CPUs get
 * RX_BUFFER_TOTAL_KB between them (at most RX_BUFFER_MAX_KB each) and the
 * others the minimum; anything still dropped is counted.
 */
#define IDLE_BUFFER_KB "8"
#define RX_BUFFER_TOTAL_KB 98304
#define RX_BUFFER_MAX_KB 49152

static int put(struct pass_shape *ps, const char *file, const char *text)
{
	char path[256];

	snprintf(path, sizeof(path), INSTANCE "/%s", file);
	if (write_file(path, text) == 0)
		return 0;
	snprintf(ps->error, sizeof(ps->error), "%s <- '%s': %s", path, text, strerror(errno));
	return -1;
}

void pass_shape_open(struct pass_shape *ps, int first_cpu, int ncpus,
		     int base_port, int tenants)
{
	char mask[32], filter[128];
	unsigned long long bits = 0;

	memset(ps, 0, sizeof(*ps));
	ps->first_cpu = first_cpu;
	ps->ncpus = ncpus;
	ps->base_port = base_port;
	ps->tenants = tenants;
	for (int c = first_cpu; c < first_cpu + ncpus && c < 64; c++)
		bits |= 1ULL << c;
	snprintf(mask, sizeof(mask), "%llx", bits);
	snprintf(filter, sizeof(filter), "sport >= %d && sport < %d && data_len > 0",
		 base_port, base_port + tenants);
	if (mkdir(INSTANCE, 0755) < 0 && errno != EEXIST) {
		snprintf(ps->error, sizeof(ps->error), "mkdir %s: %s", INSTANCE,
			 strerror(errno));
		return;
	}
	ps->armed = 1;
	if (put(ps, "tracing_on", "0") || put(ps, "buffer_size_kb", IDLE_BUFFER_KB))
		return;
	for (int c = first_cpu; c < first_cpu + ncpus; c++) {
		char file[64], kb[16];
		int each = RX_BUFFER_TOTAL_KB / (ncpus > 0 ? ncpus : 1);

		snprintf(file, sizeof(file), "per_cpu/cpu%d/buffer_size_kb", c);
		snprintf(kb, sizeof(kb), "%d", each < RX_BUFFER_MAX_KB ? each : RX_BUFFER_MAX_KB);
		if (put(ps, file, kb))
			return;
	}
	if (put(ps, "options/overwrite", "0") || put(ps, "tracing_cpumask", mask) ||
	    put(ps, "events/irq/softirq_entry/filter", "vec == 3") ||
	    put(ps, "events/irq/softirq_exit/filter", "vec == 3") ||
	    put(ps, "events/tcp/tcp_probe/filter", filter) ||
	    put(ps, "events/irq/softirq_entry/enable", "1") ||
	    put(ps, "events/irq/softirq_exit/enable", "1") ||
	    put(ps, "events/tcp/tcp_probe/enable", "1"))
		return;
}

void pass_shape_trace_nics(struct pass_shape *ps)
{
	if (!ps->armed || ps->error[0])
		return;
	if (put(ps, "events/napi/napi_poll/filter", "work > 0") == 0 &&
	    put(ps, "events/napi/napi_poll/enable", "1") == 0)
		ps->nics = 1;
}

void pass_shape_begin(struct pass_shape *ps)
{
	char path[] = INSTANCE "/trace";

	if (!ps->armed || ps->error[0])
		return;
	/* opening "trace" truncating clears every CPU's buffer */
	if (create_file(path, "") < 0)
		snprintf(ps->error, sizeof(ps->error), "clear %s: %s", path, strerror(errno));
	else
		put(ps, "tracing_on", "1");
}

void pass_shape_end(struct pass_shape *ps)
{
	if (ps->armed)
		put(ps, "tracing_on", "0");
}

/* "dropped events: N" and "overrun: N" of a CPU's stats: events not kept */
static long long lost_events(int cpu)
{
	char path[128], buf[1024], *p;
	long long lost = 0;

	snprintf(path, sizeof(path), INSTANCE "/per_cpu/cpu%d/stats", cpu);
	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	if ((p = strstr(buf, "dropped events:")))
		lost += atoll(p + 15);
	if ((p = strstr(buf, "overrun:")))
		lost += atoll(p + 8);
	return lost;
}

void pass_shape_report(struct pass_shape *ps, json_t *metrics)
{
	struct pass_tally t;
	struct pass_nics nics;
	long long lost = 0;
	char *line = NULL;
	size_t cap = 0;

	if (ps->error[0] || !ps->armed) {
		json_object_set_new(metrics, "pass_count", json_null());
		json_object_set_new(metrics, "pass_stats_error",
				    json_string(ps->error[0] ? ps->error : "not armed"));
		return;
	}
	pass_tally_init(&t, ps->base_port, ps->tenants);
	pass_nics_init(&nics);
	for (int c = ps->first_cpu; c < ps->first_cpu + ps->ncpus; c++) {
		char path[128];
		long long l = lost_events(c);
		FILE *f;

		snprintf(path, sizeof(path), INSTANCE "/per_cpu/cpu%d/trace", c);
		if (l < 0 || !(f = fopen(path, "re"))) {
			json_object_set_new(metrics, "pass_count", json_null());
			json_object_set_new(metrics, "pass_stats_error", json_pack("s+s", path,
					    ": unreadable"));
			free(line);
			return;
		}
		lost += l;
		pass_tally_next_cpu(&t);
		pass_nics_next_cpu(&nics);
		while (getline(&line, &cap, f) > 0) {
			pass_tally_line(&t, line);
			if (ps->nics)
				pass_nics_line(&nics, line);
		}
		fclose(f);
	}
	free(line);
	pass_tally_report(&t, lost, metrics);
	if (ps->nics)
		pass_nics_report(&nics, metrics);
}

void pass_shape_close(struct pass_shape *ps)
{
	if (!ps->armed)
		return;
	write_file(INSTANCE "/tracing_on", "0");
	write_file(INSTANCE "/events/irq/softirq_entry/enable", "0");
	write_file(INSTANCE "/events/irq/softirq_exit/enable", "0");
	write_file(INSTANCE "/events/tcp/tcp_probe/enable", "0");
	if (ps->nics)
		write_file(INSTANCE "/events/napi/napi_poll/enable", "0");
	rmdir(INSTANCE);
	ps->armed = 0;
}
