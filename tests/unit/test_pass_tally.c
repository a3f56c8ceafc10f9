// SPDX-License-Identifier: GPL-2.0
/* Passes, tenants and runs from ftrace text lines (pass_shape.h). */
#include <string.h>

#include "check.h"
#include "metric_num.h"
#include "pass_tally.h"

#define ENTRY "  <idle>-0  [001] ..s1.  10.000001: softirq_entry: vec=3 [action=NET_RX]\n"
#define EXIT  "  <idle>-0  [001] ..s1.  10.000009: softirq_exit: vec=3 [action=NET_RX]\n"
#define TIMER "  <idle>-0  [001] ..s1.  10.000002: softirq_entry: vec=1 [action=TIMER]\n"

static void seg(struct pass_tally *t, int port)
{
	char line[300];

	snprintf(line, sizeof(line), "  <idle>-0  [001] ..s2.  10.000005: tcp_probe: "
		 "family=AF_INET src=127.0.0.1:%d dest=127.0.0.1:40000 mark=0x0 "
		 "data_len=1448 snd_nxt=0x1 snd_una=0x1 snd_cwnd=10\n", port);
	pass_tally_line(t, line);
}

int main(void)
{
	struct pass_tally t;
	json_t *m = json_object();

	pass_tally_init(&t, 20000, 4);
	seg(&t, 20001);			/* before any pass: outside */
	pass_tally_line(&t, ENTRY);	/* pass 1: 0 0 1 1 0 -> 2 tenants, 3 runs */
	seg(&t, 20000);
	seg(&t, 20000);
	pass_tally_line(&t, TIMER);	/* another softirq: not a pass boundary */
	seg(&t, 20001);
	seg(&t, 20001);
	seg(&t, 20000);
	seg(&t, 30000);			/* the sender's port: not a tenant */
	seg(&t, 20004);			/* past the tenants: not one */
	pass_tally_line(&t, EXIT);
	pass_tally_line(&t, ENTRY);	/* pass 2: empty */
	pass_tally_line(&t, EXIT);
	pass_tally_line(&t, ENTRY);	/* pass 3: 3 2 1 -> 3 tenants, 3 runs */
	seg(&t, 20003);
	seg(&t, 20002);
	seg(&t, 20001);
	pass_tally_line(&t, EXIT);
	pass_tally_line(&t, ENTRY);	/* pass 4: never closed, the buffer filled */
	seg(&t, 20002);
	pass_tally_next_cpu(&t);
	pass_tally_line(&t, EXIT);	/* the next CPU's file starts mid-pass */
	pass_tally_report(&t, 42, m);

	CHECK(metric_num(m, "pass_count") == 3, "three passes closed (the open one not counted)");
	CHECK(metric_num(m, "pass_count_with_skbs") == 2, "an empty pass has no shape");
	CHECK(metric_num(m, "pass_skbs_mean") == 4, "(5 + 3) / 2 segments a pass");
	CHECK(metric_num(m, "pass_tenants_mean") == 2.5, "(2 + 3) / 2 tenants a pass");
	CHECK(metric_num(m, "pass_runs_mean") == 3, "(3 + 3) / 2 runs a pass");
	CHECK(metric_num(m, "pass_runs_per_tenant") == 6.0 / 5.0, "runs over tenants: the batch's bound");
	CHECK(metric_num(m, "pass_skbs_max") == 5 && metric_num(m, "pass_tenants_max") == 3, "maxima");
	CHECK(metric_num(m, "pass_skbs_outside") == 1, "a tenant segment outside a pass is counted apart");
	CHECK(metric_num(m, "pass_events_lost") == 42, "lost events reported as given");
	json_decref(m);

	m = json_object();
	pass_tally_init(&t, 20000, 2);
	pass_tally_report(&t, 0, m);
	CHECK(json_is_null(json_object_get(m, "pass_skbs_mean")) && metric_num(m, "pass_count") == 0,
	      "no pass seen (PREEMPT_RT polls in threads): null means, not 0");
	json_decref(m);
	return check_summary();
}
