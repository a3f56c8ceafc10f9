#!/bin/bash
# The correctness gate for every variant of matrix.json (nosocket is the
# baseline kernel and is covered by 70).  `make test` runs the base kconfig;
# `make check` (MMX_GATE_KCONFIG=base,debug) adds the lockdep/DEBUG_VM axis,
# which needs a second cold kernel build and does not fit CI's time.
. "$(dirname "$0")/lib.sh"

axes=${MMX_GATE_KCONFIG:-base}
for v in $(jq -r '.variants | keys[]' matrix.json); do
	case "$v" in baseline|nosocket) [ "$axes" = base ] && continue ;; esac
	t0=$(date +%s)
	out=$($MMX check "$v" kconfig="$axes" --out results/test/check-runs.jsonl 2>&1)
	rc=$?
	grep -E '^\[mmx\] gate ' <<<"$out" | sed 's/^/# /'
	check "$v passes the gate on $axes ($(( $(date +%s) - t0 )) s)" test "$rc" -eq 0
done
