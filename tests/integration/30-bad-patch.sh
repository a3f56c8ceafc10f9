#!/bin/bash
# waits on: kernels (scripts/timings-from-log.sh: host, kernels or guests)
# A variant whose patch does not apply fails with the patch and the hunk
# named, and nothing is built for it.
. "$(dirname "$0")/../lib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
test_matrix "$tmp/matrix.json"
jq --arg s "$(pwd)/tests/fixtures/broken-patch" \
	'.variants["broken-patch"] = {"series": $s}' "$tmp/matrix.json" >"$tmp/m2.json"

err=$(MMX_MATRIX="$tmp/m2.json" $MMX kernels broken-patch 2>&1 >/dev/null)
rc=$?
check "mmx kernels exits 1" test "$rc" -eq 1
check "error names the variant" grep -q "variant broken-patch" <<<"$err"
check "error names the patch file" grep -q "0002-mm-memcontrol-context-that-does-not-exist.patch" <<<"$err"
check "error names file and failing hunk" grep -q "mm/memcontrol.c: hunk #1 FAILED at line" <<<"$err"
check "error points to the full log" grep -q "build.log" <<<"$err"

# the same through mmx run: no boot, failure reported
err=$(MMX_MATRIX="$tmp/m2.json" $MMX run broken-patch probe --out "$tmp/runs.jsonl" 2>&1 >/dev/null)
check "mmx run on it fails before booting" grep -q "does not apply" <<<"$err"
# 0001 applied before 0002 failed: the pristine tree must not have it
pristine=$(ls -d "${MMX_CACHE:-$HOME/.cache/memcg-matrix}"/src/*/linux-source-6.12 | head -n 1)
check "the patch that applied did not reach the pristine tree" bash -c "! grep -q mmx-fixture '$pristine/mm/memcontrol.c'"
check "error names 0002, not 0001" bash -c "! grep -q 'patch .*0001-.*does not apply' <<<'$err'"
