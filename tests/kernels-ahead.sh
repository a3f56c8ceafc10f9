#!/bin/bash
# Builds the kernels the integration tests need, before they need them, so
# the compiles overlap the tests that wait on guests and not the other way
# round (docs/timings.md, "The test suite's critical path").  run-all.sh
# starts it in the background; a test that needs a kernel calls mmx as
# before and waits on that kernel's build lock, so it waits for that one
# kernel only.  A failed build here is not a test failure: the test that
# needs the kernel builds it again and fails with the build's own error.
#
#   tests/kernels-ahead.sh [--list]     --list: print the plan, build nothing
#
# The baseline first at the caller's priority (test 10 and every guest test
# after it need it); the variants then at nice 19, so the guests beside
# them keep the cores they ask for.
set -u
cd "$(dirname "$0")/.." || exit 2
MMX=./build/mmx
tier=${MMX_TIER:-test}

# the variants that have a series of their own, in matrix.json's order:
# the set test 80 builds (tier "check" ones only under `make check`)
variants=$(jq -r --arg t "$tier" '.variants | to_entries[] | select(.value.series != null)
	   | select($t == "check" or (.value.tier // "test") == "test") | .key
	   | select(. != "baseline" and . != "nosocket")' "${MMX_MATRIX:-matrix.json}")

if [ "${1:-}" = --list ]; then
	echo baseline
	echo "$variants"
	exit 0
fi

t_start=$(date +%s)
build_one() {	# variant nice
	local v=$1 n=$2 t0 rc
	t0=$(date +%s)
	nice -n "$n" "$MMX" kernels "$v" </dev/null 2>&1 >/dev/null | sed -u 's/^/ahead: /'
	rc=${PIPESTATUS[0]}
	echo "ahead: $v: $([ $rc -eq 0 ] && echo built || echo "failed (exit $rc)") at +$(( t0 - t_start ))..+$(( $(date +%s) - t_start ))s, nice $n"
	return $rc
}

failed=0
build_one baseline 0 || failed=1
for v in $variants; do
	build_one "$v" 19 || failed=1
done
exit $failed
