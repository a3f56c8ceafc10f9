#!/bin/bash
# The correctness gate passes the unmodified kernel on the base kconfig:
# the memcg selftests, accounting integrity, limits and hot-unplug.
. "$(dirname "$0")/lib.sh"

out=$($MMX check baseline kconfig=base --out results/test/check-runs.jsonl)
rc=$?
check "mmx check baseline exits 0" test "$rc" -eq 0
check "it says the gate passes" grep -q "baseline passes the gate" <<<"$out"
sum=results/test/baseline.json
for item in selftests integrity limits hotplug; do
	check "item $item passes" jq -e --arg i "$item" \
		'[.items[] | select(.item == $i and .kconfig == "base")][0].verdict == "pass"' "$sum"
done
check "selftests ran test_memcontrol and test_kmem" \
	grep -q "test_kmem" results/test/check-runs.jsonl
