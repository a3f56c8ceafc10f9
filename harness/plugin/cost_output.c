// SPDX-License-Identifier: GPL-2.0
/* The cost plugin's counts as JSON, read by mmx (cost_metrics.c). */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cost_state.h"

static const char *const class_names[IC_COUNT] = { INSN_CLASS_NAMES };

static void write_u64s(FILE *f, const uint64_t *a, size_t n)
{
	fprintf(f, "[");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%" PRIu64, i ? ", " : "", a[i]);
	fprintf(f, "]");
}

static void write_doubles(FILE *f, const double *a, size_t n)
{
	fprintf(f, "[");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%.15g", i ? ", " : "", a[i]);
	fprintf(f, "]");
}

/* "name": [vCPU 0's value, vCPU 1's, ...] of one per-vCPU counter */
static void write_vcpu_array(FILE *f, struct cost_state *st, const char *name, size_t field)
{
	fprintf(f, "\"%s\": [", name);
	for (int v = 0; v < st->max_vcpus; v++)
		fprintf(f, "%s%" PRIu64, v ? ", " : "",
			*(const uint64_t *)((const char *)&st->vcpus[v] + field));
	fprintf(f, "]");
}

static void write_func_vcpu_array(FILE *f, struct cost_state *st, const char *name,
				  size_t field, size_t i)
{
	fprintf(f, "\"%s\": [", name);
	for (int v = 0; v < st->max_vcpus; v++) {
		const uint64_t *a = *(uint64_t *const *)((const char *)&st->vcpus[v] + field);

		fprintf(f, "%s%" PRIu64, v ? ", " : "", a[i]);
	}
	fprintf(f, "]");
}

static void write_summed(FILE *f, struct cost_state *st, size_t field, size_t first,
			 size_t n)
{
	uint64_t sum[IC_COUNT + 2 * HOLDER_BUCKETS] = { 0 };

	for (int v = 0; v < st->max_vcpus; v++) {
		const uint64_t *a = *(uint64_t *const *)((const char *)&st->vcpus[v] + field);

		for (size_t k = 0; k < n; k++)
			sum[k] += a[first + k];
	}
	write_u64s(f, sum, n);
}

/*
 * the estimate's share of one function, for each window length: with
 * scope_only, of its accesses inside the receive scope (index i + n in the
 * tables), else of all of them (i and i + n)
 */
static void write_func_mix(FILE *f, struct cost_state *st, size_t i, int scope_only)
{
	unsigned int in = (unsigned int)(i + st->funcs.n), out = (unsigned int)i;
	double a[LINE_MAX_VCPUS];

	fprintf(f, ", \"mix\": [");
	for (int m = 0; m < st->nmix; m++) {
		fprintf(f, "%s{\"per_vcpu\": ", m ? ", " : "");
		for (int v = 0; v < st->max_vcpus; v++)
			a[v] = mix_expected(st->mix[m], (unsigned int)v, in) +
			       (scope_only ? 0 : mix_expected(st->mix[m], (unsigned int)v, out));
		write_doubles(f, a, (size_t)st->max_vcpus);
		for (int s = 0; s < 2; s++) {
			for (int b = 0; b < HOLDER_BUCKETS; b++)
				a[b] = mix_expected_by_holders(st->mix[m], in, s, b) +
				       (scope_only ? 0 :
					mix_expected_by_holders(st->mix[m], out, s, b));
			fprintf(f, ", \"%s\": ", s ? "store" : "load");
			write_doubles(f, a, HOLDER_BUCKETS);
		}
		fprintf(f, "}");
	}
	fprintf(f, "]");
}

/* one function's counts inside the receive scope */
static void write_func_scope(FILE *f, struct cost_state *st, size_t i)
{
	enum func_class cls = st->funcs.v[i].cls;

	fprintf(f, ", \"scope\": {");
	write_func_vcpu_array(f, st, "calls", offsetof(struct vcpu_counts, scope_calls), i);
	fprintf(f, ", ");
	write_func_vcpu_array(f, st, "insns", offsetof(struct vcpu_counts, scope_func_insns), i);
	fprintf(f, ", \"classes\": ");
	write_summed(f, st, offsetof(struct vcpu_counts, scope_func_classes), i * IC_COUNT,
		     IC_COUNT);
	if (cls == FC_CHARGE || cls == FC_PROBE) {
		fprintf(f, ", ");
		write_func_vcpu_array(f, st, "transfers",
				      offsetof(struct vcpu_counts, scope_transfers), i);
		write_func_mix(f, st, i, 1);
	}
	fprintf(f, "}");
}

static void write_function(FILE *f, struct cost_state *st, size_t i)
{
	const struct func_range *r = &st->funcs.v[i];

	fprintf(f, "{\"name\": \"%s\", \"class\": \"%s\", \"start\": \"0x%" PRIx64 "\", ",
		r->name, func_class_name(r->cls), r->start);
	write_func_vcpu_array(f, st, "calls", offsetof(struct vcpu_counts, calls), i);
	fprintf(f, ", ");
	write_func_vcpu_array(f, st, "insns", offsetof(struct vcpu_counts, insns), i);
	fprintf(f, ", ");
	write_func_vcpu_array(f, st, "transfers", offsetof(struct vcpu_counts, transfers), i);
	fprintf(f, ", \"classes\": ");
	write_summed(f, st, offsetof(struct vcpu_counts, classes), i * IC_COUNT, IC_COUNT);
	if (r->cls == FC_CHARGE || r->cls == FC_PROBE) {
		fprintf(f, ", \"ret_transfers\": ");
		write_summed(f, st, offsetof(struct vcpu_counts, ret_transfers), i, 1);
		fprintf(f, ", \"by_holders\": {\"load\": ");
		write_summed(f, st, offsetof(struct vcpu_counts, by_holders),
			     i * 2 * HOLDER_BUCKETS, HOLDER_BUCKETS);
		fprintf(f, ", \"store\": ");
		write_summed(f, st, offsetof(struct vcpu_counts, by_holders),
			     (i * 2 + 1) * HOLDER_BUCKETS, HOLDER_BUCKETS);
		fprintf(f, "}");
		write_func_mix(f, st, i, 0);
	}
	if (st->have_scope)
		write_func_scope(f, st, i);
	fprintf(f, "}");
}

static void write_header(FILE *f, struct cost_state *st)
{
	uint64_t tracked, dropped, guest = 0;

	line_table_stats(st->lines, &tracked, &dropped);
	for (int v = 0; v < st->max_vcpus; v++)
		guest += st->vcpus[v].all_insns;
	fprintf(f, "{\"plugin\": \"mmx-cost\", \"version\": 2, \"vcpus\": %d,\n",
		st->max_vcpus);
	fprintf(f, "\"lines_tracked\": %" PRIu64 ", \"lines_dropped\": %" PRIu64
		", \"guest_insns\": %" PRIu64 ",\n", tracked, dropped, guest);
	write_vcpu_array(f, st, "window_begins", offsetof(struct vcpu_counts, begins));
	fprintf(f, ",\n");
	write_vcpu_array(f, st, "window_ends", offsetof(struct vcpu_counts, ends));
	fprintf(f, ",\n");
	write_vcpu_array(f, st, "kernel_insns", offsetof(struct vcpu_counts, kernel_insns));
	fprintf(f, ",\n");
	write_vcpu_array(f, st, "user_insns", offsetof(struct vcpu_counts, user_insns));
	fprintf(f, ",\n");
	write_vcpu_array(f, st, "stale_mem_callbacks", offsetof(struct vcpu_counts, stale_mem));
	fprintf(f, ",\n\"scope\": {\"counted\": %s, ", st->have_scope ? "true" : "false");
	write_vcpu_array(f, st, "entries", offsetof(struct vcpu_counts, scope_entries));
	fprintf(f, ", ");
	write_vcpu_array(f, st, "exits", offsetof(struct vcpu_counts, scope_exits));
	fprintf(f, ", ");
	write_vcpu_array(f, st, "unbalanced", offsetof(struct vcpu_counts, scope_unbalanced));
	fprintf(f, ", ");
	write_vcpu_array(f, st, "insns", offsetof(struct vcpu_counts, scope_insns));
	fprintf(f, ", \"depth_at_exit\": [");
	for (int v = 0; v < st->max_vcpus; v++)
		fprintf(f, "%s%d", v ? ", " : "", st->vcpus[v].scope_depth);
	fprintf(f, "], \"kernel_classes\": [");
	for (int v = 0; v < st->max_vcpus; v++) {
		fprintf(f, "%s", v ? ", " : "");
		write_u64s(f, st->vcpus[v].scope_classes, IC_COUNT);
	}
	fprintf(f, "]},\n\"class_names\": [");
	for (int k = 0; k < IC_COUNT; k++)
		fprintf(f, "%s\"%s\"", k ? ", " : "", class_names[k]);
	fprintf(f, "],\n\"kernel_classes\": [");
	for (int v = 0; v < st->max_vcpus; v++) {
		fprintf(f, "%s", v ? ", " : "");
		write_u64s(f, st->vcpus[v].kernel_classes, IC_COUNT);
	}
	fprintf(f, "],\n");
}

/* Hottest lines kept per window: enough to name the shared counters. */
#define HOT_LINES 8

/*
 * the window's hottest lines: where the expected transfers concentrate,
 * and which functions (inside the receive scope: "@rx") touch each
 */
static void write_hot_lines(FILE *f, struct cost_state *st, const struct mix_table *t)
{
	struct mix_line hot[HOT_LINES];
	size_t n = mix_hot_lines(t, hot, HOT_LINES);

	fprintf(f, ", \"hot_lines\": [");
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "%s{\"addr\": \"0x%" PRIx64 "\", \"transfers_est\": %.15g"
			", \"accesses\": %" PRIu64 ", \"vcpus\": %d, \"functions\": [",
			i ? ", " : "", hot[i].addr, hot[i].expected, hot[i].accesses,
			__builtin_popcountll(hot[i].vcpus));
		for (uint32_t k = 0; k < hot[i].nfuncs; k++) {
			size_t fn = hot[i].funcs[k] % st->funcs.n;

			fprintf(f, "%s\"%s%s\"", k ? ", " : "", st->funcs.v[fn].name,
				hot[i].funcs[k] >= st->funcs.n ? "@rx" : "");
		}
		fprintf(f, "]}");
	}
	fprintf(f, "]");
}

static void write_runs(FILE *f, struct cost_state *st)
{
	fprintf(f, "\"turns\": {\"counted\": %s, \"count\": %" PRIu64 ", \"insns\": %" PRIu64
		", \"log2_hist\": ", st->turns_on ? "true" : "false", st->turns, st->turn_insns);
	write_u64s(f, st->turn_hist, TURN_BUCKETS);
	fprintf(f, "},\n\"mix\": [");
	for (int m = 0; m < st->nmix; m++) {
		uint64_t tracked, dropped, windows;

		mix_stats(st->mix[m], &tracked, &dropped, &windows);
		fprintf(f, "%s{\"window_insns\": %" PRIu64 ", \"lines_tracked\": %" PRIu64
			", \"accesses_dropped\": %" PRIu64 ", \"line_windows\": %" PRIu64,
			m ? ", " : "", st->mix_window[m], tracked, dropped, windows);
		write_hot_lines(f, st, st->mix[m]);
		fprintf(f, "}");
	}
	fprintf(f, "],\n");
}

/* Written to a temporary name and renamed: a reader never sees half of it. */
void cost_output_write(struct cost_state *st, const char *path)
{
	char tmp[4200];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "mmx-cost: cannot write %s: %s\n", tmp, strerror(errno));
		return;
	}
	write_header(f, st);
	write_runs(f, st);
	fprintf(f, "\"functions\": [\n");
	for (size_t i = 0; i < st->funcs.n; i++) {
		fprintf(f, "%s", i ? ",\n" : "");
		write_function(f, st, i);
	}
	fprintf(f, "\n]}\n");
	if (fclose(f) != 0 || rename(tmp, path) != 0)
		fprintf(stderr, "mmx-cost: cannot write %s: %s\n", path, strerror(errno));
}
