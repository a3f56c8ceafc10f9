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

# integrity, hotplug and limits share one boot (cli/cmd_check.c says why
# the selftests do not): one run in the store for the three, each item
# judged from its own checks
check "the three accounting items came from one shared boot" jq -e '
	[.items[] | select(.kconfig == "base" and (.item == "integrity" or .item == "limits"
	 or .item == "hotplug"))] | length == 3 and all(.shared_boot) and
	(map(.run_id) | unique | length) == 1' "$sum"
run=$(jq -r '[.items[] | select(.item == "hotplug")][0].run_id' "$sum")
rec=$(grep -F "\"$run\"" results/test/check-runs.jsonl | tail -n 1)
check "the shared boot ran integrity, hotplug, limits in that order" \
	jq -e '([.metrics.checks[].name | split(": ")[0]] | unique) == ["hotplug", "integrity", "limits"]
	       and (.params.items | map(.item)) == ["integrity", "hotplug", "limits"]' <<<"$rec"
check "each item's verdict counts only its own checks" bash -c '
	n=$(jq "[.metrics.checks[] | select(.name | startswith(\"limits: \"))] | length" <<<"$1")
	grep -qE "^$n checks passed" <(jq -r "[.items[] | select(.item == \"limits\")][0].why" "$2")' _ "$rec" "$sum"

# a shared boot that fails (here it panics after its items, a test hook)
# is run again item by item, so a failure is named by its item; the
# failed boot stays in the store (two items: three boots, not four)
before=$(wc -l <results/test/check-runs.jsonl)
out=$(MMX_GATE_TEST_PANIC=1 $MMX check baseline kconfig=base items=integrity,limits \
	--out results/test/check-runs.jsonl 2>&1)
check "a failed shared boot: said, with its log, and each item run again alone" \
	grep -q "the shared boot failed (.*log .*); integrity, limits again, each in a boot of its own" <<<"$out"
check "a failed shared boot: the items pass on their own boots" \
	jq -e '[.items[] | select(.kconfig == "base")] | length == 2 and all(.verdict == "pass")
	       and all(.shared_boot | not)' "$sum"
check "a failed shared boot: it and the two single boots are in the store" \
	test "$(( $(wc -l <results/test/check-runs.jsonl) - before ))" -eq 3
