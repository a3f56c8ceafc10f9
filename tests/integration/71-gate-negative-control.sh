#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# The gate can fail: a deliberately broken variant whose drain_stock drops
# cached pages without uncharging them is rejected by the integrity item.
. "$(dirname "$0")/../lib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
test_matrix "$tmp/matrix.json"
jq --arg s "$(pwd)/tests/fixtures/leaky-stock" \
	'.variants["leaky-stock"] = {"series": $s, "cache_bound_pages_per_cpu": 67}' \
	"$tmp/matrix.json" >"$tmp/m2.json"

out=$(MMX_MATRIX="$tmp/m2.json" $MMX check leaky-stock kconfig=base items=integrity \
	--out "$tmp/runs.jsonl")
rc=$?
check "mmx check exits 1 for the leaky variant" test "$rc" -eq 1
check "it says the variant fails the gate" grep -q "leaky-stock FAILS the gate" <<<"$out"
sum="$tmp/leaky-stock.json"
check "the integrity item is the one that fails" \
	jq -e '[.items[] | select(.item == "integrity")][0].verdict == "fail"' "$sum"
check "the failure names memory.current beyond the bound" \
	jq -e '[.items[] | select(.item == "integrity")][0].why | test("memory.current")' "$sum"
check "the run itself was clean (the gate, not a crash, rejected it)" \
	jq -e 'select(.workload == "integrity") | .status == "ok"' "$tmp/runs.jsonl"
