// SPDX-License-Identifier: GPL-2.0
/*
 * gate-items: several of the gate's items in one boot (mmx check), so a
 * variant's integrity, hotplug and limits cost one boot, not three.
 *
 * params.items is the list to run, in order: {"item": NAME, "workload":
 * WORKLOAD, "params": {...}}, each item's params validated by the host
 * against its own workload.  The host orders them so they stay apart:
 * integrity and hotplug each remove their tenants before the next item
 * starts, and limits, which leaves its limited tenant, goes last.  Each
 * item's checks are copied into metrics.checks with "ITEM: " before their
 * names; its other metrics go under metrics.items.ITEM.  An item that
 * cannot run is a failing check of its own, and the next item still runs.
 */
#include <stdio.h>
#include <string.h>

#include "gate_checks.h"
#include "workloads.h"

/* what may share a gate boot; the panic is the failure path's (test 70) */
static const struct workload gate_workloads[] = {
	{ "integrity", workload_integrity },
	{ "limits", workload_limits },
	{ "selftest-panic", workload_panic },
};

static const struct workload *gate_workload(const char *name)
{
	for (size_t i = 0; name && i < sizeof(gate_workloads) / sizeof(gate_workloads[0]); i++)
		if (!strcmp(gate_workloads[i].name, name))
			return &gate_workloads[i];
	return NULL;
}

static void copy_checks(json_t *into, json_t *from, const char *item)
{
	size_t i;
	json_t *c;

	json_array_foreach(from, i, c) {
		json_t *copy = json_deep_copy(c);
		char name[256];

		snprintf(name, sizeof(name), "%s: %s", item,
			 json_string_value(json_object_get(c, "name")) ?: "");
		json_object_set_new(copy, "name", json_string(name));
		json_array_append_new(into, copy);
	}
}

int workload_gate_items(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	json_t *list = json_object_get(params, "items"), *checks = json_array();
	json_t *per_item = json_object(), *it;
	size_t i;

	json_object_set_new(metrics, "checks", checks);
	json_object_set_new(metrics, "items", per_item);
	if (!json_is_array(list) || !json_array_size(list)) {
		snprintf(err, errlen, "gate-items: params.items is not a list of items");
		return -1;
	}
	json_array_foreach(list, i, it) {
		const char *item = json_string_value(json_object_get(it, "item"));
		const char *wname = json_string_value(json_object_get(it, "workload"));
		const struct workload *w = gate_workload(wname);
		json_t *sub = json_object();
		char item_err[512] = "";

		if (!item || !w) {
			snprintf(err, errlen, "gate-items: item %zu names no gate workload", i);
			json_decref(sub);
			return -1;
		}
		json_object_set_new(per_item, item, sub);
		if (w->run(json_object_get(it, "params"), sub, item_err, sizeof(item_err)) < 0) {
			json_t *own = json_object_get(sub, "checks");

			if (!json_is_array(own)) {
				own = json_array();
				json_object_set_new(sub, "checks", own);
			}
			check_add(own, "could not run", "fail", "%s", item_err);
		}
		copy_checks(checks, json_object_get(sub, "checks"), item);
		json_object_del(sub, "checks");
	}
	return 0;
}
