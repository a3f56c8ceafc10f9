#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# A guest that panics and a guest that hangs each end as "failed" with the
# right reason and a console log that shows it; both are recorded.
. "$(dirname "$0")/../lib.sh"

out=$($MMX run baseline selftest-panic --out "$TEST_STORE" 2>/dev/null)
rc=$?
check "panic: mmx run exits 1" test "$rc" -eq 1
check "panic: status failed" test "$(field "$out" .status)" = failed
check "panic: reason kernel-panic" test "$(field "$out" .reason)" = kernel-panic
log=$(field "$out" .console_log)
check "panic: console log holds the panic" grep -q "Kernel panic - not syncing" "$log"
check "panic: recorded in the store" test "$(field "$(last_record "$TEST_STORE")" .reason)" = kernel-panic

# QEMU's text-patching race under multi-threaded TCG (a stale int3: the
# trapping byte no longer cc), planted: mmx runs the cell once more, keeps
# both records and marks them; the planted fault repeats, so the run fails.
# A real breakpoint (cc still there), another fault, or the same signature
# under icount (one thread: the race cannot happen) is not re-run.
n0=$(wc -l <"$TEST_STORE")
err=$($MMX run baseline selftest-kernel-report kind=int3-stale accel=tcg --out "$TEST_STORE" 2>&1 >/dev/null)
check "tcg race: a stale int3 that repeats still fails the run" test $? -ne 0
new=$(tail -n +$((n0 + 1)) "$TEST_STORE")
check "tcg race: two records, the first marked as re-run, the second naming it ($(jq -c '[.run_id, .status, .rerun, .rerun_of]' <<<"$new" | tr '\n' ' '))" \
	jq -s -e 'length == 2 and all(.status == "failed" and .reason == "kernel-oops") and .[0].rerun == "tcg-stale-int3" and .[1].rerun_of == .[0].run_id and .[1].rerun_reason == "tcg-stale-int3"' <<<"$new"
check "tcg race: the re-run is said, with the RIP" \
	grep -q "hit QEMU's text-patching race under multi-threaded TCG (a stale int3, RIP: 0010:__schedule+0x495/0x5c0): running it once more" <<<"$err"
for plant in "kind=int3-real accel=tcg" "kind=oops accel=tcg" "kind=int3-stale accel=icount"; do
	n0=$(wc -l <"$TEST_STORE")
	$MMX run baseline selftest-kernel-report $plant --out "$TEST_STORE" >/dev/null 2>&1
	check "tcg race: $plant fails once, not re-run" \
		bash -c "test \$(tail -n +$((n0 + 1)) '$TEST_STORE' | jq -s 'map(select(has(\"rerun\") or has(\"rerun_of\"))) | length') -eq 0 && test \$(tail -n +$((n0 + 1)) '$TEST_STORE' | wc -l) -eq 1"
done

t0=$(date +%s)
out=$($MMX run baseline selftest-hang timeout_s=25 --out "$TEST_STORE" 2>/dev/null)
rc=$?
t1=$(date +%s)
check "hang: mmx run exits 1" test "$rc" -eq 1
check "hang: reason timeout" test "$(field "$out" .reason)" = timeout
# QEMU's own wall time is the deadline's measure, whatever else the host runs;
# the whole command only has to end well before the default deadline
check "hang: killed at the deadline (QEMU ran $(field "$out" .wall_s) s of 25)" \
	jq -n -e --argjson run "$out" '$run.wall_s >= 25 and $run.wall_s < 30'
check "hang: the command ended soon after (took $((t1 - t0)) s)" test $((t1 - t0)) -lt 120
check "hang: console log kept" test -s "$(field "$out" .console_log)"
hang_log=$(field "$out" .console_log)
check "hang: no QEMU of that run left behind" bash -c "! pgrep -a qemu-system | grep -qF '$hang_log'"
check "hang: recorded in the store" test "$(field "$(last_record "$TEST_STORE")" .reason)" = timeout
