// SPDX-License-Identifier: GPL-2.0
/* Groups ok and failed runs into cells and computes each cell's statistics. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family_spec.h"
#include "model.h"
#include "run_store.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "k=v k=v" with keys in order, numbers as the shortest exact text. */
static char *params_text(json_t *params)
{
	const char *keys[64], *k;
	size_t n = 0, len = 0, cap = 1;
	char *out;
	json_t *v;

	json_object_foreach(params, k, v)
		if (n < 64)
			keys[n++] = k;
	qsort(keys, n, sizeof(keys[0]), cmp_str);
	for (size_t i = 0; i < n; i++)
		cap += strlen(keys[i]) + 64;
	out = calloc(1, cap);
	for (size_t i = 0; out && i < n; i++) {
		v = json_object_get(params, keys[i]);
		len += snprintf(out + len, cap - len, "%s%s=", i ? " " : "", keys[i]);
		if (json_is_string(v))
			len += snprintf(out + len, cap - len, "%.40s", json_string_value(v));
		else if (json_is_number(v))
			len += snprintf(out + len, cap - len, "%g", json_number_value(v));
		else
			len += snprintf(out + len, cap - len, "?");
	}
	return out;
}

struct cell *cell_find(struct report *r, const char *variant, const char *workload,
		       const char *params, const char *timing, const char *kconfig)
{
	for (size_t i = 0; i < r->ncells; i++) {
		struct cell *c = &r->cells[i];

		if (!strcmp(c->variant, variant) && !strcmp(c->workload, workload) &&
		    !strcmp(c->params, params) && !strcmp(c->timing, timing) &&
		    !strcmp(c->kconfig, kconfig))
			return c;
	}
	return NULL;
}

int cells_same_settings(const struct cell *a, const struct cell *b)
{
	return !strcmp(a->workload, b->workload) && !strcmp(a->params, b->params) &&
	       !strcmp(a->timing, b->timing) && !strcmp(a->kconfig, b->kconfig);
}

static struct cell *cell_for(struct report *r, json_t *rec)
{
	const char *variant = run_str(rec, "variant", "?");
	const char *workload = run_str(rec, "workload", "?");
	const char *timing = run_timing_mode(rec);
	const char *kconfig = run_str(rec, "kconfig", "base");
	json_t *params = json_object_get(rec, "params");
	char *ptext = params_text(params);
	struct cell *c = cell_find(r, variant, workload, ptext ? ptext : "", timing, kconfig);
	const char *profile;

	if (c) {
		free(ptext);
		return c;
	}
	c = realloc(r->cells, (r->ncells + 1) * sizeof(*c));
	if (!c)
		return NULL;
	r->cells = c;
	c = &r->cells[r->ncells++];
	profile = json_string_value(json_object_get(json_object_get(rec, "matrix"),
						    "profile"));
	*c = (struct cell){
		.variant = strdup(variant), .workload = strdup(workload),
		.timing = strdup(timing), .kconfig = strdup(kconfig),
		.profile = strdup(profile ? profile : "(none)"),
		.params = ptext ? ptext : strdup(""),
		.params_json = json_is_object(params) ? json_incref(params) : json_object(),
		.ok_runs = json_array(), .failed_runs = json_array(),
		.metrics = calloc(metric_defs_count, sizeof(struct cell_metric)),
	};
	return c;
}

double cell_param(const struct cell *c, const char *key)
{
	json_t *v = json_object_get(c->params_json, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

static int order_of(const char *name, const char *const *order, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(order[i], name))
			return (int)i;
	return (int)n;
}

/* Parameters compared key by key: numbers as numbers (tenants=4 before 16). */
static int params_cmp(const struct cell *a, const struct cell *b)
{
	const char *k;
	json_t *va;

	json_object_foreach(a->params_json, k, va) {
		json_t *vb = json_object_get(b->params_json, k);

		if (json_is_number(va) && json_is_number(vb) &&
		    json_number_value(va) != json_number_value(vb))
			return json_number_value(va) < json_number_value(vb) ? -1 : 1;
	}
	return strcmp(a->params, b->params);
}

static const char *const *sort_order;
static size_t sort_order_n;

static int cell_cmp(const void *pa, const void *pb)
{
	const struct cell *a = pa, *b = pb;
	int d;

	if ((d = strcmp(a->workload, b->workload)))
		return d;
	if ((d = strcmp(a->timing, b->timing)))
		return d;
	if ((d = strcmp(a->kconfig, b->kconfig)))
		return d;
	if ((d = params_cmp(a, b)))
		return d;
	d = order_of(a->variant, sort_order, sort_order_n) -
	    order_of(b->variant, sort_order, sort_order_n);
	return d ? d : strcmp(a->variant, b->variant);
}

static void cell_stats(struct cell *c)
{
	for (size_t m = 0; m < metric_defs_count; m++) {
		struct cell_metric *cm = &c->metrics[m];
		size_t i;
		json_t *rec;

		if (strcmp(metric_defs[m].workload, c->workload))
			continue;
		cm->values = calloc(json_array_size(c->ok_runs) + 1, sizeof(double));
		json_array_foreach(c->ok_runs, i, rec)
			if (cm->values && !metric_def_value(&metric_defs[m],
							    json_object_get(rec, "metrics"),
							    &cm->values[cm->n]))
				cm->n++;
		cm->median = stats_median(cm->values, cm->n);
		cm->cv = stats_cv(cm->values, cm->n);
		stats_median_interval(cm->values, cm->n, REPORT_LEVEL, &cm->ci);
	}
}

int cells_build(struct report *r, const char *const *variant_order, size_t norder)
{
	size_t i;
	json_t *rec;

	json_array_foreach(r->runs, i, rec) {
		struct cell *c = cell_for(r, rec);
		const char *status = run_str(rec, "status", "?");

		if (!c)
			return -1;
		json_array_append(strcmp(status, "ok") ? c->failed_runs : c->ok_runs, rec);
	}
	sort_order = variant_order;
	sort_order_n = norder;
	qsort(r->cells, r->ncells, sizeof(*r->cells), cell_cmp);
	for (i = 0; i < r->ncells; i++) {
		cell_stats(&r->cells[i]);
		cell_cost_tally(&r->cells[i]);
	}
	cells_mark_dead(r);
	return 0;
}

void cells_free(struct report *r)
{
	for (size_t i = 0; i < r->ncells; i++) {
		struct cell *c = &r->cells[i];

		for (size_t m = 0; m < metric_defs_count; m++)
			free(c->metrics[m].values);
		free(c->metrics);
		free(c->variant);
		free(c->workload);
		free(c->timing);
		free(c->kconfig);
		free(c->profile);
		free(c->params);
		json_decref(c->params_json);
		json_decref(c->ok_runs);
		json_decref(c->failed_runs);
	}
	free(r->cells);
	r->cells = NULL;
	r->ncells = 0;
}

size_t timing_modes(const struct report *r, const char **out, size_t cap)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ncells; i++) {
		size_t k = 0;

		while (k < n && strcmp(out[k], r->cells[i].timing))
			k++;
		if (k == n && n < cap)
			out[n++] = r->cells[i].timing;
	}
	return n;
}

int cell_in_test(const struct cell *c, json_t *family, json_t *test, const char *mode)
{
	return family_test_matches(family, test, mode, c->variant, c->workload, c->kconfig,
				   c->timing, c->params_json);
}

int kconfig_is_rt(const char *kconfig)
{
	return strstr(kconfig, "rt") != NULL;
}
