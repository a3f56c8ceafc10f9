// SPDX-License-Identifier: GPL-2.0
#include <jansson.h>

#include "check.h"
#include "gate_known.h"

int main(void)
{
	json_t *known = json_loads("{\"test_memcontrol: test_memcg_min\": "
				   "{\"why\": \"fails on baseline rt\", \"kconfig\": [\"rt\"]},"
				   " \"test_kmem: test_kmem_basic\": \"fails everywhere\","
				   " \"odd\": {\"why\": \"no axes named\"}}", 0, NULL);

	CHECK(known != NULL, "the fixture parses");
	CHECK(known_failure(known, "test_memcontrol: test_memcg_min", "rt"),
	      "an rt-only known failure counts on rt");
	CHECK(!known_failure(known, "test_memcontrol: test_memcg_min", "base"),
	      "an rt-only known failure still fails on base");
	CHECK(!known_failure(known, "test_memcontrol: test_memcg_min", "rt-debug"),
	      "an axis is matched whole, not by prefix");
	CHECK(known_failure(known, "test_kmem: test_kmem_basic", "base") &&
	      known_failure(known, "test_kmem: test_kmem_basic", "rt"),
	      "a reason string holds on every axis");
	CHECK(known_failure(known, "odd", "base"), "an object without kconfig holds on every axis");
	CHECK(!known_failure(known, "test_memcontrol: test_memcg_low", "rt"),
	      "an unlisted check is not known");
	CHECK(!known_failure(NULL, "x", "base"), "no list: nothing is known");
	json_decref(known);
	return check_summary();
}
