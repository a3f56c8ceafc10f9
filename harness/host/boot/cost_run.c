// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent_probes.h"
#include "beside_mmx.h"
#include "cache_dir.h"
#include "cost_funcs.h"
#include "cost_metrics.h"
#include "cost_run.h"
#include "file_read.h"
#include "log.h"

int cost_requested(json_t *params)
{
	return json_integer_value(json_object_get(params, "cost")) == 1;
}

/* the agent's micro-case functions join the set (contention-probe) */
static int append_agent_probes(const char *funcs, char *err, size_t errlen)
{
	char agent[4200];
	FILE *f;
	int n;

	beside_mmx("MMX_AGENT", "mmx-agent", agent, sizeof(agent));
	f = fopen(funcs, "a");
	if (!f) {
		snprintf(err, errlen, "cost function set: cannot write %.900s", funcs);
		return -1;
	}
	n = agent_probes_append(agent, f, err, errlen);
	if (fclose(f) != 0 && n >= 0) {
		snprintf(err, errlen, "cost function set: cannot write %.900s", funcs);
		n = -1;
	}
	return n;
}

int cost_run_prepare(struct cost_run *cr, json_t *params, const struct kernel_spec *ks,
		     const char *log_dir, enum accel_mode *accel, int accel_auto)
{
	char plugin[4200], sysmap[4200], err[1024];
	int n;

	memset(cr, 0, sizeof(*cr));
	if (!cost_requested(params))
		return 0;
	if (accel_auto) {
		*accel = ACCEL_TCG;
	} else if (*accel == ACCEL_KVM) {
		fail_msg("cost=1 counts instructions with a TCG plugin, which KVM does "
			 "not run: use accel=tcg or accel=icount (or leave accel=auto)");
		return -1;
	}
	beside_mmx("MMX_COST_PLUGIN", "mmx-cost.so", plugin, sizeof(plugin));
	if (access(plugin, R_OK) != 0) {
		fail_msg("cost=1: the cost plugin %s is missing; run 'make harness' "
			 "(it builds against the installed QEMU's plugin header)", plugin);
		return -1;
	}
	kernel_artifact(ks, "System.map", sysmap, sizeof(sysmap));
	if (access(sysmap, R_OK) != 0) {
		fail_msg("cost=1: the System.map of %s's kernel is missing (%s); rebuild "
			 "it: rm -r %s, then mmx kernels %s", ks->variant, sysmap,
			 ks->dir, ks->variant);
		return -1;
	}
	make_dirs(log_dir);
	pathf(cr->funcs, sizeof(cr->funcs), "%s/cost-funcs.txt", log_dir);
	pathf(cr->out, sizeof(cr->out), "%s/cost.json", log_dir);
	pathf(cr->qemu_log, sizeof(cr->qemu_log), "%s/qemu.log", log_dir);
	n = cost_funcs_write(sysmap, json_string_value(json_object_get(params, "cost_funcs")),
			     cr->funcs, err, sizeof(err));
	if (n < 0 || append_agent_probes(cr->funcs, err, sizeof(err)) < 0) {
		fail_msg("%s (variant %s)", err, ks->variant);
		return -1;
	}
	/* QEMU splits -plugin's argument at commas */
	if (strchr(plugin, ',') || strchr(cr->funcs, ',')) {
		fail_msg("cost=1: QEMU cannot take a comma in %s or %s; move the "
			 "checkout or the results directory", plugin, cr->funcs);
		return -1;
	}
	/* icount runs the vCPUs in turns: the plugin records their lengths */
	pathf(cr->plugin_arg, sizeof(cr->plugin_arg), "%s,funcs=%s,out=%s,turns=%d", plugin,
	      cr->funcs, cr->out, *accel == ACCEL_ICOUNT);
	say("cost plugin: %d functions of %s's kernel, output in %s", n, ks->variant,
	    cr->out);
	cr->on = 1;
	return 0;
}

static void set_failed(json_t *rec, const char *detail)
{
	json_object_set_new(rec, "status", json_string("failed"));
	json_object_set_new(rec, "reason", json_string("cost-plugin"));
	json_object_set_new(rec, "detail", json_string(detail));
}

/*
 * The plugin's or QEMU's own complaint about the plugin, if any: a line of
 * QEMU's output (not the command line mmx logged first, "+ ...").
 */
static int plugin_complaint(const char *qemu_log, char *line, size_t cap)
{
	char *text = read_whole_file(qemu_log, NULL), *save = NULL;
	int found = 0;

	if (!text)
		return 0;
	for (char *l = strtok_r(text, "\n", &save); l && !found;
	     l = strtok_r(NULL, "\n", &save)) {
		if (strncmp(l, "+ ", 2) == 0 ||
		    (!strstr(l, "mmx-cost:") && !strstr(l, "plugin")))
			continue;
		snprintf(line, cap, "%s", l);
		found = 1;
	}
	free(text);
	return found;
}

void cost_run_finish(const struct cost_run *cr, json_t *rec)
{
	json_t *metrics, *cost;
	char err[5000], line[600];

	if (!cr->on)
		return;
	if (plugin_complaint(cr->qemu_log, line, sizeof(line))) {
		snprintf(err, sizeof(err), "%s (QEMU log: %s)", line, cr->qemu_log);
		set_failed(rec, err);
		return;
	}
	if (strcmp(json_string_value(json_object_get(rec, "status")) ?: "", "ok") != 0)
		return;
	/* a copy: the guest's own metrics stay as the agent sent them */
	metrics = json_copy(json_object_get(rec, "metrics"));
	cost = cost_metrics_read(cr->out, metrics, err, sizeof(err));
	if (!cost) {
		json_decref(metrics);
		set_failed(rec, err);
		return;
	}
	json_object_set_new(metrics, "cost", cost);
	json_object_set_new(rec, "metrics", metrics);
}
