// SPDX-License-Identifier: GPL-2.0
/* Passes, tenants and runs from ftrace's text (pass_shape.h). */
#include <stdlib.h>
#include <string.h>

#include "pass_tally.h"

void pass_tally_init(struct pass_tally *t, int base_port, int tenants)
{
	memset(t, 0, sizeof(*t));
	t->base_port = base_port;
	t->tenants = tenants > 64 ? 64 : tenants;
	t->last_tenant = -1;
}

static void open_pass(struct pass_tally *t)
{
	t->in_pass = 1;
	t->last_tenant = -1;
	t->pass_skbs = t->pass_tenants = t->pass_runs = 0;
	memset(t->seen, 0, sizeof(t->seen));
}

static void close_pass(struct pass_tally *t)
{
	t->in_pass = 0;
	t->passes++;
	if (!t->pass_skbs)
		return;
	t->passes_with_skbs++;
	t->skbs += t->pass_skbs;
	t->tenant_sum += t->pass_tenants;
	t->runs += t->pass_runs;
	if (t->pass_skbs > t->max_skbs)
		t->max_skbs = t->pass_skbs;
	if (t->pass_tenants > t->max_tenants)
		t->max_tenants = t->pass_tenants;
}

/* the tenant of "... src=127.0.0.1:20003 dest=..." or -1 */
static int tenant_of(const struct pass_tally *t, const char *line)
{
	const char *src = strstr(line, " src="), *end, *colon = NULL;
	long port;

	if (!src)
		return -1;
	end = strchr(src + 5, ' ');
	for (const char *p = src + 5; *p && p != end; p++)
		if (*p == ':')
			colon = p;
	if (!colon)
		return -1;
	port = strtol(colon + 1, NULL, 10) - t->base_port;
	return port >= 0 && port < t->tenants ? (int)port : -1;
}

void pass_tally_line(struct pass_tally *t, const char *line)
{
	int tenant;

	if (strstr(line, ": softirq_entry: vec=3 ")) {
		open_pass(t);
		return;
	}
	if (strstr(line, ": softirq_exit: vec=3 ")) {
		if (t->in_pass)
			close_pass(t);
		return;
	}
	if (!strstr(line, ": tcp_probe: ") || (tenant = tenant_of(t, line)) < 0)
		return;
	if (!t->in_pass) {
		t->outside++;
		return;
	}
	t->pass_skbs++;
	if (!t->seen[tenant]) {
		t->seen[tenant] = 1;
		t->pass_tenants++;
	}
	if (tenant != t->last_tenant)
		t->pass_runs++;
	t->last_tenant = tenant;
}

void pass_tally_next_cpu(struct pass_tally *t)
{
	t->in_pass = 0;
	t->last_tenant = -1;
}

static json_t *ratio(long long a, long long b)
{
	return b > 0 ? json_real((double)a / (double)b) : json_null();
}

void pass_tally_report(const struct pass_tally *t, long long lost, json_t *metrics)
{
	long long n = t->passes_with_skbs;

	json_object_set_new(metrics, "pass_count", json_integer(t->passes));
	json_object_set_new(metrics, "pass_count_with_skbs", json_integer(n));
	json_object_set_new(metrics, "pass_skbs_mean", ratio(t->skbs, n));
	json_object_set_new(metrics, "pass_tenants_mean", ratio(t->tenant_sum, n));
	json_object_set_new(metrics, "pass_runs_mean", ratio(t->runs, n));
	/* what a per-pass batch can save at most against a one-memcg stock */
	json_object_set_new(metrics, "pass_runs_per_tenant", ratio(t->runs, t->tenant_sum));
	json_object_set_new(metrics, "pass_skbs_max", json_integer(t->max_skbs));
	json_object_set_new(metrics, "pass_tenants_max", json_integer(t->max_tenants));
	json_object_set_new(metrics, "pass_skbs_outside", json_integer(t->outside));
	json_object_set_new(metrics, "pass_events_lost", json_integer(lost));
}
