/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_REPORT_LOOKUP_H
#define MMX_REPORT_LOOKUP_H

#include <stddef.h>

#include "report.h"

const char *gate_word(enum gate_state g);
/* The tenant-count parameter of a workload ("tenants", "kmem_tenants"). */
const char *tenant_param_of(const char *workload);
/* Distinct values of a record field over runs (of variant, or all): "a, b". */
void distinct_field(const struct report *r, const char *variant, const char *field,
		    char *buf, size_t cap);
/* Ordered distinct timing modes that have comparisons. */
size_t timing_modes(const struct report *r, const char **out, size_t cap);

#endif
