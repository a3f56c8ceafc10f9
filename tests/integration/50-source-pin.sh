#!/bin/bash
# waits on: host (scripts/timings-from-log.sh: host, kernels or guests)
# A linux-source version other than the pinned one is refused with both
# versions and the override named; the override lets the build proceed.
. "$(dirname "$0")/../lib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
have=$(dpkg-query -W -f='${Version}' linux-source-6.12)
test_matrix "$tmp/matrix.json"
jq --arg s "$(pwd)/tests/fixtures/broken-patch" \
	'.source.version = "6.12.1-1~mmxtest" | .variants["broken-patch"] = {"series": $s}' \
	"$tmp/matrix.json" >"$tmp/m2.json"

err=$(MMX_MATRIX="$tmp/m2.json" $MMX kernels baseline 2>&1 >/dev/null)
check "pin mismatch: exit 1" test $? -eq 1
check "pin mismatch: names the installed version" grep -qF "$have is installed" <<<"$err"
check "pin mismatch: names the pinned version" grep -qF "pins 6.12.1-1~mmxtest" <<<"$err"
check "pin mismatch: names the override" grep -qF "MMX_SOURCE_VERSION=$have" <<<"$err"

# with the override the version check passes and the (broken) series is tried
err=$(MMX_SOURCE_VERSION="$have" MMX_MATRIX="$tmp/m2.json" $MMX kernels broken-patch 2>&1 >/dev/null)
check "override: says it overrides" grep -q "overrides the pinned" <<<"$err"
check "override: gets past the version check" grep -q "does not apply" <<<"$err"
