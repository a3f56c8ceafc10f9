#!/bin/bash
# waits on: kernels (scripts/timings-from-log.sh: host, kernels or guests)
# Every variant's series applies to the pinned tree, is checkpatch clean,
# builds, and adds no W=1 warning to the files it touches.
. "$(dirname "$0")/../lib.sh"

cache=${MMX_CACHE:-$HOME/.cache/memcg-matrix}
pristine=$(ls -d "$cache"/src/*/linux-source-6.12 | head -n 1)
base_key=$($MMX kernels baseline --dry-run | awk '{print $3}')

# W=1 warnings of one object in one kernel's build directory.  The object
# is removed so it is compiled even when an earlier run left a W=1 build of
# it; touching the source instead would bump the mtime that every
# hard-linked tree shares.
w1_warnings() {	# key object
	local dir="$cache/kernels/$1"
	rm -f "$dir/build/$2"
	make -s -C "$dir/src" O="$dir/build" W=1 CC="ccache gcc" "$2" 2>&1 |
		grep -c 'warning:'
}

# variants marked "tier": "check" (knob sweeps that each cost a full
# re-preprocess of the kernel) run only under `make check`; a variant that
# only stacks on a base (a cmdline, a fragment) has no series of its own
tier=${MMX_TIER:-test}
for v in $(jq -r --arg t "$tier" '.variants | to_entries[] | select(.value.series != null)
	   | select($t == "check" or (.value.tier // "test") == "test") | .key' matrix.json); do
	series=$(jq -r --arg v "$v" '.variants[$v].series' matrix.json)
	line=$($MMX kernels "$v" </dev/null) || true
	key=$(awk '{print $3}' <<<"$line")
	check "$v: series applies and the kernel builds" test -n "$line"
	[ -n "$line" ] || continue
	for p in $(grep -v '^#' "$series/series"); do
		out=$(cd "$pristine" && perl scripts/checkpatch.pl -q "$OLDPWD/$series/$p" 2>&1)
		check "$v: $p is checkpatch clean" test -z "$out"
		[ -z "$out" ] || echo "# $out" | head -n 20
	done
	[ "$key" = "$base_key" ] && continue
	for f in $(grep -h '^+++ b/.*\.c$' $(sed "s|^|$series/|" <(grep -v '^#' "$series/series")) |
		   sed 's|^+++ b/||' | sort -u); do
		obj=${f%.c}.o
		new=$(w1_warnings "$key" "$obj")
		old=$(w1_warnings "$base_key" "$obj")
		check "$v: $obj has no new W=1 warnings ($new, baseline $old)" test "$new" -le "$old"
	done
done
