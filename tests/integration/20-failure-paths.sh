#!/bin/bash
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

# the tests' one retry of a guest kernel fault (lib.sh) runs once more, shows
# the fault, and still fails when the kernel fails again
n0=$(wc -l <"$TEST_STORE")
err=$( { run_retrying_kernel_fault "$TEST_STORE" baseline selftest-panic >/dev/null; } 2>&1)
check "retry: a second kernel fault fails the run" test $? -ne 0
check "retry: both attempts recorded failed" \
	test "$(tail -n +$((n0 + 1)) "$TEST_STORE" | jq -s 'map(select(.reason == "kernel-panic")) | length')" -eq 2
check "retry: the first fault shown with its console lines" \
	bash -c 'grep -q "^# guest kernel fault, retrying once: run .* kernel-panic" <<<"$1" && grep -q "^#   | .*Kernel panic - not syncing" <<<"$1"' _ "$err"

t0=$(date +%s)
out=$($MMX run baseline selftest-hang timeout_s=25 --out "$TEST_STORE" 2>/dev/null)
rc=$?
t1=$(date +%s)
check "hang: mmx run exits 1" test "$rc" -eq 1
check "hang: reason timeout" test "$(field "$out" .reason)" = timeout
check "hang: killed near the deadline (took $((t1 - t0)) s)" test $((t1 - t0)) -lt 60
check "hang: console log kept" test -s "$(field "$out" .console_log)"
hang_log=$(field "$out" .console_log)
check "hang: no QEMU of that run left behind" bash -c "! pgrep -a qemu-system | grep -qF '$hang_log'"
check "hang: recorded in the store" test "$(field "$(last_record "$TEST_STORE")" .reason)" = timeout
