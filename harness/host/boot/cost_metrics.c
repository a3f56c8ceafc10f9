// SPDX-License-Identifier: GPL-2.0
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cost_contention.h"
#include "cost_metrics.h"
#include "cost_rx_scope.h"
#include "json_numbers.h"

const char *const cost_crosscheck_functions[] = {
	"page_counter_try_charge", "try_charge_memcg",
	/* the receive scope's entries (cost_rx_scope.h) */
	"net_rx_action", "__napi_poll",
};
const size_t cost_crosscheck_functions_count =
	sizeof(cost_crosscheck_functions) / sizeof(cost_crosscheck_functions[0]);

static int check_window(json_t *out, int vcpus, char *err, size_t errlen)
{
	json_t *b = json_object_get(out, "window_begins");
	json_t *e = json_object_get(out, "window_ends");

	for (int v = 0; v < vcpus; v++)
		if (num(b, (size_t)v) != 1 || num(e, (size_t)v) != 1) {
			snprintf(err, errlen, "cost plugin: the measured window was marked "
				 "%g time(s) open and %g closed on vCPU %d (expected once each)",
				 num(b, (size_t)v), num(e, (size_t)v), v);
			return -1;
		}
	return 0;
}

struct class_sums {
	double insns[4];	/* charge, rx, instr, probe */
	double transfers;
	/*
	 * the shared page counters' own: the contention the stock designs
	 * are about, apart from the memcg statistics' lines every design
	 * shares alike (mem_cgroup_charge_skmem's rstat updates)
	 */
	double page_counter_transfers;
	json_t *cpu_charge, *cpu_transfers;
	struct contention_sums contention;
};

static int class_index(const char *cls)
{
	static const char *const names[] = { "charge", "rx", "instr", "probe" };

	for (int i = 0; i < 4; i++)
		if (strcmp(cls, names[i]) == 0)
			return i;
	return -1;
}

/* a function's calls and instructions inside the receive scope, when counted */
static void add_scope_counts(json_t *entry, json_t *scope)
{
	static const char *const keys[][2] = {
		{ "calls", "scope_calls" }, { "insns", "scope_insns" },
	};

	if (!scope)
		return;
	for (size_t i = 0; i < 2; i++)
		json_object_set_new(entry, keys[i][1], json_real(
			json_number_value(json_object_get(entry, keys[i][1])) +
			sum(json_object_get(scope, keys[i][0]))));
}

/* Adds one function's per-vCPU counts into the functions object by name. */
static void add_function(json_t *fo, json_t *functions, struct class_sums *cs, int vcpus)
{
	const char *name = json_string_value(json_object_get(fo, "name"));
	const char *cls_name = json_string_value(json_object_get(fo, "class")) ?: "";
	int ci = class_index(cls_name);
	json_t *calls = json_object_get(fo, "calls"), *insns = json_object_get(fo, "insns");
	json_t *tr = json_object_get(fo, "transfers"), *entry;
	double c = sum(calls), n = sum(insns), t = sum(tr);

	if (!name || ci < 0)
		return;
	cs->insns[ci] += n;
	if (ci == 3) {
		/* the agent's micro-case: its transfers are not the kernel's */
		entry = json_pack("{s:s, s:f, s:f, s:f}", "class", "probe", "calls", c,
				  "insns", n, "transfers", t);
		json_object_set_new(functions, name, entry);
		add_scope_counts(entry, json_object_get(fo, "scope"));
		contention_add_function(&cs->contention, fo, name, "probe", entry, vcpus);
		return;
	}
	cs->transfers += t;
	if (!fnmatch("page_counter_*", name, 0))
		cs->page_counter_transfers += t;
	for (int v = 0; v < vcpus && ci == 0; v++) {
		json_array_set_new(cs->cpu_charge, (size_t)v, json_real(
			num(cs->cpu_charge, (size_t)v) + num(insns, (size_t)v)));
		json_array_set_new(cs->cpu_transfers, (size_t)v, json_real(
			num(cs->cpu_transfers, (size_t)v) + num(tr, (size_t)v)));
	}
	if (c == 0 && n == 0 && t == 0) {
		contention_add_function(&cs->contention, fo, name, cls_name, NULL, vcpus);
		return;
	}
	entry = json_object_get(functions, name);
	if (!entry) {
		entry = json_pack("{s:s, s:f, s:f, s:f}", "class",
				  json_string_value(json_object_get(fo, "class")),
				  "calls", 0.0, "insns", 0.0, "transfers", 0.0);
		json_object_set_new(functions, name, entry);
	}
	json_object_set_new(entry, "calls", json_real(json_number_value(
		json_object_get(entry, "calls")) + c));
	json_object_set_new(entry, "insns", json_real(json_number_value(
		json_object_get(entry, "insns")) + n));
	json_object_set_new(entry, "transfers", json_real(json_number_value(
		json_object_get(entry, "transfers")) + t));
	add_scope_counts(entry, json_object_get(fo, "scope"));
	contention_add_function(&cs->contention, fo, name, cls_name, entry, vcpus);
}

static void per_unit(json_t *cost, const char *name, double v, double units,
		     const char *unit)
{
	char key[128];

	snprintf(key, sizeof(key), "%s_per_%s", name, unit);
	json_object_set_new(cost, key, units > 0 ? json_real(v / units) : json_null());
}

static void all_per_unit(json_t *cost, double kernel, double instr,
			 const struct class_sums *cs, double units, const char *unit)
{
	per_unit(cost, "kernel_insns", kernel, units, unit);
	per_unit(cost, "charge_insns", cs->insns[0], units, unit);
	per_unit(cost, "rx_insns", cs->insns[1], units, unit);
	per_unit(cost, "transfers", cs->transfers, units, unit);
	per_unit(cost, "page_counter_transfers", cs->page_counter_transfers, units, unit);
	per_unit(cost, "modelled_p50", kernel - instr + COST_PENALTY_LOW * cs->transfers,
		 units, unit);
	per_unit(cost, "modelled_p200", kernel - instr + COST_PENALTY_HIGH * cs->transfers,
		 units, unit);
}

static double count_or(json_t *v, double dflt)
{
	return json_is_number(v) ? json_number_value(v) : dflt;
}

/*
 * Plugin calls against the kernel's own count of entries to the same
 * functions in the same window.  The kprobes' hits miss the calls that
 * found a kprobe already running on their CPU (an interrupt on top of a
 * task's probe), which the kernel counts per probe but not per CPU: the
 * misses read while every CPU's window was open (metrics.
 * kprobe_missed_inner) bound the calls from below, those read around the
 * CPU passes (kprobe_missed) from above.  The plugin must fall between
 * hits + inner and hits + outer misses, within the tolerance; with no
 * misses both bounds are the hits.  Otherwise its numbers are not trusted.
 */
static void crosscheck(json_t *cost, json_t *functions, json_t *metrics)
{
	json_t *kc = json_object_get(metrics, "kprobe_counts"), *out = json_object();
	json_t *outer = json_object_get(metrics, "kprobe_missed");
	json_t *inner = json_object_get(metrics, "kprobe_missed_inner");
	int ok = 1, checked = 0;

	for (size_t i = 0; i < cost_crosscheck_functions_count; i++) {
		const char *fn = cost_crosscheck_functions[i];
		json_t *k = json_object_get(kc, fn), *e;
		double p = json_number_value(json_object_get(json_object_get(functions, fn),
							     "calls"));
		double hits, lo, hi, off;

		if (!json_is_number(k))
			continue;	/* no kprobe count to compare with */
		hits = json_number_value(k);
		/* records from before misses were read: the hits alone */
		lo = hits + count_or(json_object_get(inner, fn), 0);
		hi = hits + count_or(json_object_get(outer, fn), 0);
		off = p < lo ? lo - p : p > hi ? p - hi : 0;
		e = json_pack("{s:f, s:f, s:[f, f], s:f}", "plugin", p, "kprobe", hits,
			      "kprobe_bounds", lo, hi, "rel_diff",
			      off == 0 ? 0.0 : p < lo ? off / lo : (hi > 0 ? off / hi : 1.0));
		json_object_set_new(e, "kprobe_missed",
				    json_deep_copy(json_object_get(outer, fn)) ?: json_null());
		json_object_set_new(e, "kprobe_missed_inner",
				    json_deep_copy(json_object_get(inner, fn)) ?: json_null());
		json_object_set_new(out, fn, e);
		checked++;
		if (off > fmax(COST_CROSSCHECK_TOLERANCE * (p < lo ? lo : hi), 2))
			ok = 0;
	}
	json_object_set_new(cost, "crosscheck", out);
	json_object_set_new(cost, "crosscheck_ok", checked ? json_boolean(ok) : json_null());
}

json_t *cost_metrics_read(const char *path, json_t *metrics, char *err,
			  size_t errlen)
{
	json_error_t jerr;
	json_t *out = json_load_file(path, 0, &jerr), *cost, *functions, *fo;
	struct class_sums cs;
	double units = json_number_value(json_object_get(metrics, "units"));
	const char *unit = json_string_value(json_object_get(metrics, "unit"));
	double kernel, instr;
	int vcpus;
	size_t i;

	if (!out) {
		snprintf(err, errlen, "cost plugin output %s: %s", path, jerr.text);
		return NULL;
	}
	vcpus = (int)json_integer_value(json_object_get(out, "vcpus"));
	if (strcmp(json_string_value(json_object_get(out, "plugin")) ?: "", "mmx-cost") ||
	    vcpus < 1) {
		snprintf(err, errlen, "cost plugin output %s: not mmx-cost's output", path);
		json_decref(out);
		return NULL;
	}
	if (json_integer_value(json_object_get(out, "version")) < 2) {
		snprintf(err, errlen, "cost plugin output %s: version %lld, mmx reads 2: "
			 "rebuild the plugin (make harness)", path,
			 (long long)json_integer_value(json_object_get(out, "version")));
		json_decref(out);
		return NULL;
	}
	if (check_window(out, vcpus, err, errlen) < 0) {
		json_decref(out);
		return NULL;
	}
	memset(&cs, 0, sizeof(cs));
	cs.cpu_charge = json_array();
	cs.cpu_transfers = json_array();
	for (int v = 0; v < vcpus; v++) {
		json_array_append_new(cs.cpu_charge, json_real(0));
		json_array_append_new(cs.cpu_transfers, json_real(0));
	}
	contention_begin(&cs.contention, out, vcpus);
	functions = json_object();
	json_array_foreach(json_object_get(out, "functions"), i, fo)
		add_function(fo, functions, &cs, vcpus);
	kernel = sum(json_object_get(out, "kernel_insns"));
	instr = cs.insns[2];
	cost = json_pack("{s:s, s:i, s:f, s:f, s:f, s:f, s:f, s:f, s:[i,i], s:O, s:O}",
			 "plugin", "mmx-cost", "vcpus", vcpus,
			 "kernel_insns", kernel, "user_insns",
			 sum(json_object_get(out, "user_insns")),
			 "charge_insns", cs.insns[0], "rx_insns", cs.insns[1],
			 "instrumentation_insns", instr, "transfers", cs.transfers,
			 "penalty_p", COST_PENALTY_LOW, COST_PENALTY_HIGH,
			 "lines_tracked", json_object_get(out, "lines_tracked"),
			 "lines_dropped", json_object_get(out, "lines_dropped"));
	contention_totals(&cs.contention, cost, out, vcpus);
	if (unit) {
		all_per_unit(cost, kernel, instr, &cs, units, unit);
		contention_per_unit(&cs.contention, cost, out, vcpus, units, unit);
	}
	/* kmem-mix counts its work in ops beside the MB of its rx load */
	if (json_is_integer(json_object_get(metrics, "ops")) && (!unit || strcmp(unit, "op"))) {
		double ops = (double)json_integer_value(json_object_get(metrics, "ops"));

		all_per_unit(cost, kernel, instr, &cs, ops, "op");
		contention_per_unit(&cs.contention, cost, out, vcpus, ops, "op");
	}
	cost_rx_scope(cost, out, cs.contention.primary, units, unit);
	json_object_set_new(cost, "per_cpu", json_pack("{s:O, s:o, s:o, s:O}", "kernel_insns",
		json_object_get(out, "kernel_insns"), "charge_insns", cs.cpu_charge,
		"transfers", cs.cpu_transfers, "transfers_est", cs.contention.cpu_est));
	contention_free(&cs.contention);
	crosscheck(cost, functions, metrics);
	json_object_set_new(cost, "functions", functions);
	json_decref(out);
	return cost;
}
