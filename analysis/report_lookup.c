// SPDX-License-Identifier: GPL-2.0
/*
 * What the REPORT.md sections look up in a report the same way. Apart from
 * report_md.c, which calls the sections, so the sections depend on this
 * file and not on the document that holds them.
 */
#include <string.h>

#include "family_spec.h"
#include "report_lookup.h"
#include "run_store.h"

const char *gate_word(enum gate_state g)
{
	return g == GATE_PASS ? "pass" : g == GATE_INVALID ? "INVALID" : "not gated";
}

const char *tenant_param_of(const char *workload)
{
	return workload_tenant_param(workload);
}

void distinct_field(const struct report *r, const char *variant, const char *field,
		    char *buf, size_t cap)
{
	size_t i, len = 0;
	json_t *rec;

	buf[0] = '\0';
	json_array_foreach(r->runs, i, rec) {
		const char *v = run_str(rec, field, NULL);
		char quoted[600];

		if (!v || (variant && strcmp(run_str(rec, "variant", ""), variant)))
			continue;
		snprintf(quoted, sizeof(quoted), "`%s`", v);
		if (strstr(buf, quoted))
			continue;
		len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%s",
				len ? ", " : "", quoted);
	}
	if (!buf[0])
		snprintf(buf, cap, "not recorded");
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
