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
