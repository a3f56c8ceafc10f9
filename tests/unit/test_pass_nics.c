// SPDX-License-Identifier: GPL-2.0
/* NICs polled per NET_RX pass, from ftrace text lines (pass_nics.h). */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "metric_num.h"
#include "pass_nics.h"

#define ENTRY "  <idle>-0  [001] ..s1.  10.000001: softirq_entry: vec=3 [action=NET_RX]\n"
#define EXIT  "  <idle>-0  [001] ..s1.  10.000009: softirq_exit: vec=3 [action=NET_RX]\n"

static void poll_of(struct pass_nics *n, const char *dev, int work)
{
	char line[300];

	snprintf(line, sizeof(line), "  <idle>-0  [001] ..s1.  10.000004: napi_poll: "
		 "napi poll on napi struct 00000000a1b2c3d4 for device %s work %d "
		 "budget 64\n", dev, work);
	pass_nics_line(n, line);
}

int main(void)
{
	struct pass_nics n;
	json_t *m = json_object(), *polls;

	pass_nics_init(&n);
	poll_of(&n, "eth0", 5);		/* before any pass: not counted */
	pass_nics_line(&n, ENTRY);	/* pass 1: eth0 twice, eth2 -> 2 NICs */
	poll_of(&n, "eth0", 64);
	poll_of(&n, "eth2", 12);
	poll_of(&n, "eth0", 3);
	pass_nics_line(&n, EXIT);
	pass_nics_line(&n, ENTRY);	/* pass 2: only empty polls -> no NIC */
	poll_of(&n, "eth2", 0);
	pass_nics_line(&n, EXIT);
	pass_nics_line(&n, ENTRY);	/* pass 3: eth2 -> 1 NIC */
	poll_of(&n, "eth2", 7);
	pass_nics_line(&n, EXIT);
	pass_nics_line(&n, ENTRY);	/* pass 4: never closed */
	poll_of(&n, "eth0", 7);
	poll_of(&n, "eth2", 7);
	pass_nics_next_cpu(&n);
	pass_nics_line(&n, EXIT);
	pass_nics_report(&n, m);

	CHECK(metric_num(m, "pass_count_with_nic_polls") == 2, "passes with a poll that did work");
	CHECK(metric_num(m, "pass_nics_mean") == 1.5, "(2 + 1) / 2 NICs a pass");
	CHECK(metric_num(m, "pass_nics_max") == 2, "at most 2 NICs in a pass");
	CHECK(metric_num(m, "pass_count_multi_nic") == 1, "one pass polled both NICs");
	polls = json_object_get(m, "pass_nic_polls");
	CHECK(metric_num(polls, "eth0") == 3 && metric_num(polls, "eth2") == 3,
	      "polls with work inside passes, per device (an unclosed pass's too)");
	json_decref(m);

	m = json_object();
	pass_nics_init(&n);
	pass_nics_report(&n, m);
	CHECK(json_is_null(json_object_get(m, "pass_nics_mean")) &&
	      metric_num(m, "pass_count_with_nic_polls") == 0, "no poll seen: null mean, not 0");
	json_decref(m);
	return check_summary();
}
