/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PASS_TALLY_H
#define MMX_PASS_TALLY_H

#include <jansson.h>

/*
 * NET_RX passes, the tenants in each and their runs, from the text of a
 * tracefs per-CPU trace file (pass_shape.h says what is recorded and why).
 */
struct pass_tally {
	int base_port, tenants;
	int in_pass, last_tenant;
	unsigned char seen[64];		/* tenants seen in the open pass */
	long long pass_skbs, pass_tenants, pass_runs;
	long long passes, passes_with_skbs, skbs, tenant_sum, runs;
	long long max_skbs, max_tenants;
	long long outside;		/* tenant segments outside any pass */
};

void pass_tally_init(struct pass_tally *t, int base_port, int tenants);
/* One line of a per-CPU trace file; lines of one CPU in their order. */
void pass_tally_line(struct pass_tally *t, const char *line);
/* A new CPU's file: an open pass of the previous one is not complete. */
void pass_tally_next_cpu(struct pass_tally *t);
/* The metrics above (pass_*), with lost the events the buffer dropped. */
void pass_tally_report(const struct pass_tally *t, long long lost, json_t *metrics);

#endif
