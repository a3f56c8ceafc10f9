#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# The correctness gate passes the unmodified kernel on the base kconfig:
# the memcg selftests, accounting integrity, limits and hot-unplug.
. "$(dirname "$0")/../lib.sh"

# The selftests item belongs to `make check`: under TCG on a loaded 2-core
# host several memcg selftests fail on the unmodified kernel too (see the
# README), so CI gates on the accounting items only.
items=integrity,limits,hotplug
[ "${MMX_TIER:-test}" = check ] && items=selftests,integrity,limits,hotplug
out=$($MMX check baseline kconfig=base items=$items --out results/test/check-runs.jsonl)
rc=$?
check "mmx check baseline exits 0" test "$rc" -eq 0
check "it says the gate passes" grep -q "baseline passes the gate" <<<"$out"
sum=results/test/baseline.json
for item in ${items//,/ }; do
	check "item $item passes" jq -e --arg i "$item" \
		'[.items[] | select(.item == $i and .kconfig == "base")][0].verdict == "pass"' "$sum"
done
if [ "${MMX_TIER:-test}" = check ]; then
	check "selftests ran test_memcontrol and test_kmem" \
		grep -q "test_kmem" results/test/check-runs.jsonl
fi
