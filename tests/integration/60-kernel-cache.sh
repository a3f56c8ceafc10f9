#!/bin/bash
# waits on: kernels (scripts/timings-from-log.sh: host, kernels or guests)
# A built kernel is found again by its key and not rebuilt; the key moves
# when a kconfig fragment or the series changes.
. "$(dirname "$0")/../lib.sh"

t0=$(date +%s)
line=$($MMX kernels baseline)
rc=$?
t1=$(date +%s)
check "second 'mmx kernels baseline' succeeds" test "$rc" -eq 0
check "and does not rebuild (took $((t1 - t0)) s)" test $((t1 - t0)) -lt 10
key=$(awk '{print $3}' <<<"$line")
check "prints a 16-hex key" grep -Eq '^[0-9a-f]{16}$' <<<"$key"
dir="${MMX_CACHE:-$HOME/.cache/memcg-matrix}/kernels/$key"
for f in bzImage System.map config kernel.json build.log; do
	check "kernel keeps $f" test -s "$dir/$f"
done
check "nosocket shares baseline's kernel" test "$($MMX kernels nosocket --dry-run | awk '{print $3}')" = "$key"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
test_matrix "$tmp/matrix.json"
echo "CONFIG_MMX_TEST_ONLY=y" >"$tmp/extra.config"
jq --arg f "$tmp/extra.config" '.kconfig.axes.base += [$f]' "$tmp/matrix.json" >"$tmp/m2.json"
k2=$(MMX_MATRIX="$tmp/m2.json" $MMX kernels baseline --dry-run | awk '{print $3}')
check "a changed fragment changes the key" test -n "$k2" -a "$k2" != "$key"
jq --arg s "$(pwd)/tests/fixtures/broken-patch" '.variants.baseline.series = $s' \
	"$tmp/matrix.json" >"$tmp/m3.json"
k3=$(MMX_MATRIX="$tmp/m3.json" $MMX kernels baseline --dry-run | awk '{print $3}')
check "a changed series changes the key" test -n "$k3" -a "$k3" != "$key"
check "dry run reports 'missing' for an unbuilt kernel" bash -c "MMX_MATRIX='$tmp/m3.json' $MMX kernels baseline --dry-run | grep -q missing"

# the kernels the suite builds ahead (tests/kernels-ahead.sh, started by
# run-all.sh): the baseline first, then exactly the variants test 80 builds
ahead=$(tests/kernels-ahead.sh --list | tr '\n' ' ')
want="baseline $(jq -r '.variants | to_entries[] | select(.value.series != null)
	| select((.value.tier // "test") == "test") | .key
	| select(. != "baseline" and . != "nosocket")' matrix.json | tr '\n' ' ')"
check "kernels built ahead: the baseline first, then the series variants test 80 builds ($ahead)" \
	test "$ahead" = "$want"
# and, with the background builds on, run-all says it started them and
# prints their lines at the end (a unit-only run starts none)
check "a unit-only run builds nothing ahead" \
	bash -c '! tests/run-all.sh --unit-only | grep -q "build in the background"'
