#!/bin/bash
# waits on: kernels (scripts/timings-from-log.sh: host, kernels or guests)
# The multi-slot stock's code, copied out of the patched mm/memcontrol.c,
# run in userspace by variants/multi-slot/model-test: slot invariants,
# charge conservation, stock_slots= and stock_overflow= (drain, clamp, a
# rejected value) under every eviction policy.
. "$(dirname "$0")/../lib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pristine=$(ls -d "${MMX_CACHE:-$HOME/.cache/memcg-matrix}"/src/*/linux-source-6.12 | head -n 1)
check "the pristine tree is unpacked (make test unpacks it)" test -f "$pristine/mm/memcontrol.c"
for f in mm/memcontrol.c init/Kconfig Documentation/admin-guide/kernel-parameters.txt; do
	mkdir -p "$tmp/tree/$(dirname "$f")"
	cp "$pristine/$f" "$tmp/tree/$f"
done
applied=0
while read -r p; do
	[ -n "$p" ] || continue
	patch -d "$tmp/tree" -p1 -s <"variants/multi-slot/$p" >"$tmp/patch.log" 2>&1 &&
		applied=$((applied + 1))
done <variants/multi-slot/series
check "every multi-slot patch applies to the three files it touches" \
	test "$applied" -eq "$(grep -c . variants/multi-slot/series)"
sh variants/multi-slot/model-test/run.sh "$tmp/tree" >"$tmp/model.log" 2>&1
rc=$?
check "the model test passes (exit $rc; log tail below on failure)" test "$rc" -eq 0
[ "$rc" -eq 0 ] || tail -n 20 "$tmp/model.log"
check "stock_overflow=drain is the default" \
	grep -q "stock_overflow=bogus -> ret -22, drain " "$tmp/model.log"
check "stock_overflow=clamp is taken" grep -q "stock_overflow=clamp -> ret 0, clamp " "$tmp/model.log"
check "a 32-slot build booted with stock_slots=N behaves like an N-slot build" \
	grep -q "RANDOM slots=7 built == 32 booted with stock_slots=7" "$tmp/model.log"

# multi-slot-dynamic (its patch on top of multi-slot's series): the same
# model test on the stock that sizes itself per CPU, then a mutant that
# never grows, which the test must catch
patch -d "$tmp/tree" -p1 -s <variants/multi-slot-dynamic/0006-*.patch >"$tmp/patch.log" 2>&1
check "multi-slot-dynamic's patch applies on top of multi-slot's series" test $? -eq 0
sh variants/multi-slot-dynamic/model-test.sh "$tmp/tree" >"$tmp/dynamic.log" 2>&1
rc=$?
check "the dynamic stock's model test passes (exit $rc)" test "$rc" -eq 0
[ "$rc" -eq 0 ] || tail -n 20 "$tmp/dynamic.log"
check "k memcgs in turn make the dynamic stock grow to k slots and stop missing" \
	grep -q "RANDOM dynamic: 12 memcgs.* cyclic 12: 12 active, 0 misses" "$tmp/dynamic.log"
check "the dynamic stock never grows past memcontrol.stock_slots" \
	grep -q "RANDOM stock_slots=7 .* grew to 7 of 7, .* cyclic 7: 7 active" "$tmp/dynamic.log"
check "one memcg left alone gets every other slot given back" \
	test "$(grep -c "alone: 1 cached" "$tmp/dynamic.log")" -eq 12
sed -i 's/return stock->nr_active++;/return -1;/' "$tmp/tree/mm/memcontrol.c"
check "the mutant that never grows is applied" test "$(grep -c "return stock->nr_active++;" "$tmp/tree/mm/memcontrol.c")" -eq 0
if sh variants/multi-slot-dynamic/model-test.sh "$tmp/tree" >"$tmp/mutant.log" 2>&1; then rc=0; else rc=1; fi
check "the model test fails on a dynamic stock that never grows" test "$rc" -eq 1
