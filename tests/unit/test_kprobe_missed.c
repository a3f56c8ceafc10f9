// SPDX-License-Identifier: GPL-2.0
/* kprobe_profile's text, as 6.12 prints it (kprobe_missed.h). */
#include "check.h"
#include "kprobe_missed.h"

int main(void)
{
	const char *profile =
		"  page_counter_try_charge                             1516            354\n"
		"  try_charge_memcg                                   24704           1745\n"
		"  page_counter_try_charge_x                              7              9\n"
		"  drain_stock                                            0              0\n";

	CHECK(kprobe_profile_misses(profile, "page_counter_try_charge") == 354,
	      "misses: the third column of the event's line");
	CHECK(kprobe_profile_misses(profile, "try_charge_memcg") == 1745,
	      "misses: a later line");
	CHECK(kprobe_profile_misses(profile, "page_counter_try_charge_x") == 9,
	      "misses: a name that extends another is its own event");
	CHECK(kprobe_profile_misses(profile, "drain_stock") == 0, "misses: zero is 0");
	CHECK(kprobe_profile_misses(profile, "consume_stock") == -1,
	      "misses: an event with no line is unknown (-1), not 0");
	CHECK(kprobe_profile_misses("", "drain_stock") == -1, "misses: empty profile");
	CHECK(kprobe_profile_misses("  drain_stock garbage\n", "drain_stock") == -1,
	      "misses: a line without numbers is unknown");
	return check_summary();
}
