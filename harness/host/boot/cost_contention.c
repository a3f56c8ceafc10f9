// SPDX-License-Identifier: GPL-2.0
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "cost_contention.h"
#include "cycle_model.h"
#include "json_numbers.h"

void contention_begin(struct contention_sums *cs, json_t *out, int vcpus)
{
	json_t *mix = json_object_get(out, "mix"), *w;
	size_t i;

	memset(cs, 0, sizeof(*cs));
	cs->primary = -1;
	json_array_foreach(mix, i, w) {
		if (i >= sizeof(cs->window_insns) / sizeof(cs->window_insns[0]))
			break;
		cs->window_insns[i] = json_number_value(json_object_get(w, "window_insns"));
		if (cs->window_insns[i] == (double)COST_MIX_PRIMARY_WINDOW)
			cs->primary = (int)i;
		cs->nwindows = (int)i + 1;
	}
	if (cs->primary < 0 && cs->nwindows)
		cs->primary = cs->nwindows / 2;
	cs->stale = sum(json_object_get(out, "stale_mem_callbacks"));
	cs->cpu_est = json_array();
	for (int v = 0; v < vcpus; v++)
		json_array_append_new(cs->cpu_est, json_real(0));
}

/* "16000000", or "run" for the plugin's whole-run window (2^62 instructions) */
static const char *window_label(char *buf, size_t cap, double insns)
{
	if (insns >= 1e15)
		snprintf(buf, cap, "run");
	else
		snprintf(buf, cap, "%.0f", insns);
	return buf;
}

static void add_holders(double h[2][HOLDER_BUCKETS], json_t *obj)
{
	for (int s = 0; s < 2; s++) {
		json_t *a = json_object_get(obj, s ? "store" : "load");

		for (int b = 0; b < HOLDER_BUCKETS; b++)
			h[s][b] += num(a, (size_t)b);
	}
}

void contention_add_function(struct contention_sums *cs, json_t *fo, const char *name,
			     const char *cls, json_t *fentry, int vcpus)
{
	json_t *classes = json_object_get(fo, "classes"), *mix = json_object_get(fo, "mix");
	int charge = !strcmp(cls, "charge"), probe = !strcmp(cls, "probe");
	double *into = !strcmp(cls, "instr") ? cs->instr_classes :
		       charge ? cs->charge_classes : NULL;
	json_t *by_window = json_object();
	double est = 0;
	char key[32];

	for (int k = 0; k < IC_COUNT && into; k++)
		into[k] += num(classes, (size_t)k);
	if (!charge && !probe) {
		json_decref(by_window);
		return;
	}
	for (int m = 0; m < cs->nwindows; m++) {
		json_t *wm = json_array_get(mix, (size_t)m);
		double t = sum(json_object_get(wm, "per_vcpu"));

		if (m == cs->primary)
			est = t;
		json_object_set_new(by_window, window_label(key, sizeof(key), cs->window_insns[m]),
				    json_real(t));
		if (!charge)
			continue;
		cs->est[m] += t;
		if (!fnmatch("page_counter_*", name, 0))
			cs->page_counter_est[m] += t;
		if (m != cs->primary)
			continue;
		add_holders(cs->hold_est, wm);
		for (int v = 0; v < vcpus; v++)
			json_array_set_new(cs->cpu_est, (size_t)v, json_real(
				num(cs->cpu_est, (size_t)v) +
				num(json_object_get(wm, "per_vcpu"), (size_t)v)));
	}
	if (probe) {
		cs->probe += sum(json_object_get(fo, "transfers"));
		cs->probe_est += est;
	} else {
		add_holders(cs->hold_ser, json_object_get(fo, "by_holders"));
		cs->ret_transfers += num(json_object_get(fo, "ret_transfers"), 0);
	}
	if (fentry) {
		json_object_set_new(fentry, "transfers_est", json_real(est));
		json_object_set_new(fentry, "transfers_est_by_window", by_window);
	} else {
		json_decref(by_window);
	}
}

static json_t *classes_object(const double *c)
{
	static const char *const names[IC_COUNT] = { INSN_CLASS_NAMES };
	json_t *o = json_object();

	for (int k = 0; k < IC_COUNT; k++)
		json_object_set_new(o, names[k], json_real(c[k]));
	return o;
}

/* the kernel's instructions by class, summed over vCPUs, less the instrumentation's */
static void kernel_classes(json_t *out, const struct contention_sums *cs, double *k)
{
	json_t *per = json_object_get(out, "kernel_classes"), *v;
	size_t i;

	memset(k, 0, sizeof(double) * IC_COUNT);
	json_array_foreach(per, i, v)
		for (int c = 0; c < IC_COUNT; c++)
			k[c] += num(v, (size_t)c);
	for (int c = 0; c < IC_COUNT; c++)
		k[c] -= cs->instr_classes[c];
}

void contention_totals(struct contention_sums *cs, json_t *cost, json_t *out, int vcpus)
{
	json_t *by_window = json_object(), *pc_by_window = json_object();
	double k[IC_COUNT], ser = 0;
	char key[32];

	(void)vcpus;
	for (int m = 0; m < cs->nwindows; m++) {
		window_label(key, sizeof(key), cs->window_insns[m]);
		json_object_set_new(by_window, key, json_real(cs->est[m]));
		json_object_set_new(pc_by_window, key, json_real(cs->page_counter_est[m]));
	}
	for (int s = 0; s < 2; s++)
		for (int b = 0; b < HOLDER_BUCKETS; b++)
			ser += cs->hold_ser[s][b];
	kernel_classes(out, cs, k);
	json_object_set_new(cost, "transfers_est", cs->primary >= 0 ?
			    json_real(cs->est[cs->primary]) : json_null());
	json_object_set_new(cost, "page_counter_transfers_est", cs->primary >= 0 ?
			    json_real(cs->page_counter_est[cs->primary]) : json_null());
	json_object_set_new(cost, "transfers_est_window", cs->primary >= 0 ?
			    json_real(cs->window_insns[cs->primary]) : json_null());
	json_object_set_new(cost, "transfers_est_by_window", by_window);
	json_object_set_new(cost, "page_counter_transfers_est_by_window", pc_by_window);
	json_object_set_new(cost, "probe_transfers", json_real(cs->probe));
	json_object_set_new(cost, "probe_transfers_est", json_real(cs->probe_est));
	json_object_set_new(cost, "stale_mem_callbacks", json_real(cs->stale));
	json_object_set_new(cost, "ret_transfers", json_real(cs->ret_transfers));
	json_object_set_new(cost, "ret_transfer_share", ser > 0 ?
			    json_real(cs->ret_transfers / ser) : json_null());
	json_object_set_new(cost, "kernel_classes", classes_object(k));
	json_object_set_new(cost, "charge_classes", classes_object(cs->charge_classes));
	json_object_set_new(cost, "turns", json_deep_copy(json_object_get(out, "turns")) ?:
			    json_null());
	json_object_set_new(cost, "mix_windows", json_deep_copy(json_object_get(out, "mix")) ?:
			    json_null());
	/* the primary window's hottest lines: which counters the transfers are on */
	json_object_set_new(cost, "hot_lines", cs->primary >= 0 ?
			    json_deep_copy(json_object_get(json_array_get(json_object_get(out, "mix"),
								      (size_t)cs->primary),
						       "hot_lines")) ?: json_null() :
			    json_null());
}

static void set_per_unit(json_t *cost, const char *name, double v, double units,
			 const char *unit)
{
	char key[160];

	snprintf(key, sizeof(key), "%s_per_%s", name, unit);
	json_object_set_new(cost, key, units > 0 ? json_real(v / units) : json_null());
}

void contention_per_unit(const struct contention_sums *cs, json_t *cost, json_t *out,
			 int vcpus, double units, const char *unit)
{
	double k[IC_COUNT];
	char name[96];
	json_t *line;
	size_t i;

	(void)vcpus;
	kernel_classes(out, cs, k);
	if (cs->primary >= 0) {
		set_per_unit(cost, "transfers_est", cs->est[cs->primary], units, unit);
		set_per_unit(cost, "page_counter_transfers_est",
			     cs->page_counter_est[cs->primary], units, unit);
	}
	json_array_foreach(json_object_get(cost, "hot_lines"), i, line)
		set_per_unit(line, "transfers_est",
			     json_number_value(json_object_get(line, "transfers_est")), units, unit);
	/* the hottest line alone: the one a queue of charging CPUs would form on */
	line = json_array_get(json_object_get(cost, "hot_lines"), 0);
	if (line)
		set_per_unit(cost, "hot_line_transfers_est",
			     json_number_value(json_object_get(line, "transfers_est")), units, unit);
	set_per_unit(cost, "probe_transfers", cs->probe, units, unit);
	set_per_unit(cost, "probe_transfers_est", cs->probe_est, units, unit);
	for (size_t a = 0; a < cycle_archs_count; a++) {
		const struct cycle_arch *arch = &cycle_archs[a];

		snprintf(name, sizeof(name), "modelled_cycles_%s", arch->name);
		set_per_unit(cost, name, cycle_model_price(arch, k, cs->hold_est), units, unit);
		snprintf(name, sizeof(name), "modelled_cycles_%s_lb", arch->name);
		set_per_unit(cost, name, cycle_model_price(arch, k, cs->hold_ser), units, unit);
		snprintf(name, sizeof(name), "charge_cycles_%s", arch->name);
		set_per_unit(cost, name, cycle_model_price(arch, cs->charge_classes, cs->hold_est),
			     units, unit);
	}
}

void contention_free(struct contention_sums *cs)
{
	json_decref(cs->cpu_est);
	cs->cpu_est = NULL;
}
