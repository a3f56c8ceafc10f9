// SPDX-License-Identifier: GPL-2.0
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cost_rx_scope.h"
#include "cycle_model.h"
#include "json_numbers.h"

struct rx_sums {
	double kernel[IC_COUNT];	/* the kernel's classes inside, less instrumentation */
	double charge[IC_COUNT];
	double hold[2][HOLDER_BUCKETS];	/* charge path, estimate, primary window */
	double transfers_est, page_counter_est, charge_insns, instr_insns;
	double calls_net_rx_action, calls_napi_poll;
};

static void add_classes(double *into, json_t *classes, double sign)
{
	for (int k = 0; k < IC_COUNT; k++)
		into[k] += sign * num(classes, (size_t)k);
}

static void add_function(struct rx_sums *rs, json_t *fo, int primary)
{
	json_t *sc = json_object_get(fo, "scope");
	const char *name = json_string_value(json_object_get(fo, "name")) ?: "";
	const char *cls = json_string_value(json_object_get(fo, "class")) ?: "";
	json_t *wm;

	if (!sc)
		return;
	if (!strcmp(name, "net_rx_action"))
		rs->calls_net_rx_action = sum(json_object_get(sc, "calls"));
	if (!strcmp(name, "__napi_poll"))
		rs->calls_napi_poll = sum(json_object_get(sc, "calls"));
	if (!strcmp(cls, "instr")) {
		add_classes(rs->kernel, json_object_get(sc, "classes"), -1);
		rs->instr_insns += sum(json_object_get(sc, "insns"));
		return;
	}
	if (strcmp(cls, "charge"))
		return;
	add_classes(rs->charge, json_object_get(sc, "classes"), 1);
	rs->charge_insns += sum(json_object_get(sc, "insns"));
	wm = json_array_get(json_object_get(sc, "mix"), (size_t)primary);
	if (!wm)
		return;
	rs->transfers_est += sum(json_object_get(wm, "per_vcpu"));
	if (!fnmatch("page_counter_*", name, 0))
		rs->page_counter_est += sum(json_object_get(wm, "per_vcpu"));
	for (int s = 0; s < 2; s++) {
		json_t *a = json_object_get(wm, s ? "store" : "load");

		for (int b = 0; b < HOLDER_BUCKETS; b++)
			rs->hold[s][b] += num(a, (size_t)b);
	}
}

/*
 * Every scope entry left by its ret: a scope function that left by a tail
 * jump or a missed ret would leave its vCPU's scope open and count what
 * followed as receive work.  At most one scope open per vCPU at each edge
 * of the window.
 */
static int balanced(json_t *scope)
{
	json_t *en = json_object_get(scope, "entries"), *ex = json_object_get(scope, "exits");
	double unbalanced = sum(json_object_get(scope, "unbalanced"));

	for (size_t v = 0; v < json_array_size(en); v++)
		if (fabs(num(en, v) - num(ex, v)) > 1)
			return 0;
	return unbalanced == 0;
}

static void per_unit(json_t *cost, const char *name, double v, double units,
		     const char *unit)
{
	char key[160];

	snprintf(key, sizeof(key), "%s_per_%s", name, unit);
	json_object_set_new(cost, key, units > 0 ? json_real(v / units) : json_null());
}

void cost_rx_scope(json_t *cost, json_t *out, int primary, double units,
		   const char *unit)
{
	json_t *scope = json_object_get(out, "scope"), *fo, *v, *rx;
	struct rx_sums rs;
	const double none[IC_COUNT] = { 0 };
	double insns = 0;
	size_t i;

	if (!json_is_true(json_object_get(scope, "counted")))
		return;
	memset(&rs, 0, sizeof(rs));
	json_array_foreach(json_object_get(scope, "kernel_classes"), i, v)
		add_classes(rs.kernel, v, 1);
	json_array_foreach(json_object_get(out, "functions"), i, fo)
		add_function(&rs, fo, primary);
	for (int k = 0; k < IC_COUNT; k++)
		insns += rs.kernel[k];
	rx = json_pack("{s:O, s:O, s:O, s:O, s:O, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:b}",
		       "entries", json_object_get(scope, "entries"),
		       "exits", json_object_get(scope, "exits"),
		       "unbalanced", json_object_get(scope, "unbalanced"),
		       "depth_at_exit", json_object_get(scope, "depth_at_exit"),
		       "insns_per_cpu", json_object_get(scope, "insns"),
		       "kernel_insns", insns, "charge_insns", rs.charge_insns,
		       "instrumentation_insns", rs.instr_insns,
		       "transfers_est", rs.transfers_est,
		       "page_counter_transfers_est", rs.page_counter_est,
		       "net_rx_action_calls", rs.calls_net_rx_action,
		       "napi_poll_calls", rs.calls_napi_poll,
		       "balanced", balanced(scope));
	json_object_set_new(cost, "rx", rx);
	for (size_t a = 0; a < cycle_archs_count; a++) {
		const struct cycle_arch *arch = &cycle_archs[a];
		double all = cycle_model_price(arch, rs.kernel, rs.hold);
		double charge = cycle_model_price(arch, rs.charge, rs.hold);
		char name[96];

		snprintf(name, sizeof(name), "rx_charge_share_%s", arch->name);
		json_object_set_new(cost, name, all > 0 ? json_real(charge / all) : json_null());
		if (!unit)
			continue;
		snprintf(name, sizeof(name), "rx_modelled_cycles_%s", arch->name);
		per_unit(cost, name, all, units, unit);
		snprintf(name, sizeof(name), "rx_charge_cycles_%s", arch->name);
		per_unit(cost, name, charge, units, unit);
		/*
		 * the line transfers' part of both (the model is linear), so a
		 * report can price them at another machine's transfer cost
		 */
		snprintf(name, sizeof(name), "rx_charge_transfer_cycles_%s", arch->name);
		per_unit(cost, name, cycle_model_price(arch, none, rs.hold), units, unit);
	}
}
