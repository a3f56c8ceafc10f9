#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# tier: check: it boots every variant through the gate (7 kernels; 16 of a cold make test's 49 minutes when it was there), so it runs under make gate-variants and make check; make test still applies and builds every series (80), and make gates each variant it measures
# The correctness gate for every variant of matrix.json (nosocket is the
# baseline kernel and is covered by 70).  `make gate-variants` runs it on
# the base kconfig; `make check` (MMX_GATE_KCONFIG=base,debug) adds the
# lockdep/DEBUG_VM axis, which needs a second cold kernel build.  `make
# test` leaves it out (tests/run-all.sh says so): the gate itself is tested
# there by 70 and 71, every series is built by 80.
#
# Every item must pass, except an open failure a variant declares in
# $.variants.V.gate_open_failures (item -> the one test allowed to fail and
# why): such a variant is reported invalid, and any other failure, or a
# failure of another item, fails this test.
. "$(dirname "$0")/../lib.sh"

axes=${MMX_GATE_KCONFIG:-base}
# selftests only in `make check` (see 70-gate-baseline.sh for why)
items=integrity,limits,hotplug
[ "${MMX_TIER:-test}" = check ] && items=selftests,integrity,limits,hotplug
store=results/test/check-runs.jsonl
# variants marked "tier": "check" (knob sweeps that each cost a full
# re-preprocess of the kernel) run only under `make check`
tier=${MMX_TIER:-test}
# a variant with no series of its own (baseline-aa, the slot sweep's
# cmdline variants) shares its kernel with a gated one
for v in $(jq -r --arg t "$tier" '.variants | to_entries[] | select(.value.series != null)
	   | select($t == "check" or (.value.tier // "test") == "test") | .key' matrix.json); do
	case "$v" in baseline|nosocket) [ "$axes" = base ] && continue ;; esac
	t0=$(date +%s)
	out=$($MMX check "$v" kconfig="$axes" items=$items --out "$store" 2>&1)
	rc=$?
	grep -E '^\[mmx\] (gate |[^ ]+: kernel built in )' <<<"$out" | sed 's/^/# /'
	sum=results/test/$v.json
	check "$v: the gate ran every item ($(( $(date +%s) - t0 )) s)" \
		jq -e '.items | length > 0 and all(.verdict != null)' "$sum"
	open=$(jq -c --arg v "$v" '.variants[$v].gate_open_failures // {}' matrix.json)
	while IFS=$'\t' read -r axis item verdict why; do
		allowed=$(jq -r --arg i "$item" '.[$i].test // empty' <<<"$open")
		if [ "$verdict" != fail ]; then
			ok "$v/$axis: $item $verdict"
		elif [ -n "$allowed" ] && grep -qF "$allowed" <<<"$why" &&
		     [ "$(grep -o 'not ok' <<<"$why" | wc -l)" -le 1 ]; then
			ok "$v/$axis: $item fails only on its declared open failure ($allowed): variant invalid"
		else
			not_ok "$v/$axis: $item fails: $why"
		fi
	done < <(jq -r '.items[] | [.kconfig, .item, .verdict, .why] | @tsv' "$sum")
	[ "$rc" -eq 0 ] || echo "# $v does not pass the gate: it is invalid until fixed"
done
