#!/bin/bash
# Runs the unit tests (build/tests/test_*) and the integration tests
# (tests/integration/*.sh), and ends with one "N passed, N failed" line.
# --unit-only skips the integration tests (no kernel build, no QEMU).
set -u
cd "$(dirname "$0")/.."

passed=0
failed=0
failed_names=()

# A failed test's guest faults, so a CI log shows the oops and its call
# trace, not only "Fatal exception": the first 40 lines from the first
# finding of each console log the test wrote (at most 3 logs).
kernel_fault_excerpts() {
	local since=$1 shown=0 c excerpt
	while read -r c; do
		excerpt=$(tests/console-fault.sh "$c" '    | ') || continue
		echo "    kernel fault in $c:"
		echo "$excerpt"
		shown=$((shown + 1))
		[ "$shown" -lt 3 ] || break
	done < <(find results -name console.log -newer "$since" 2>/dev/null | sort)
}

run_one() {
	local name=$1 stream=$2; shift 2
	local log t0 rc stamp
	log=$(mktemp)
	stamp=$(mktemp)
	t0=$(date +%s)
	if [ "$stream" = stream ]; then
		# long tests show their progress as they go
		echo "---- $name"
		"$@" 2>&1 | tee "$log" | sed -u 's/^/    /'
		rc=${PIPESTATUS[0]}
	else
		"$@" >"$log" 2>&1
		rc=$?
	fi
	local p f
	p=$(grep -c '^ok - ' "$log")
	f=$(grep -c '^not ok - ' "$log")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1	# a crash or an error outside any check still fails
		echo "not ok - $name exited $rc" >>"$log"
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	if [ "$f" -gt 0 ]; then
		failed_names+=("$name")
		echo "FAIL $name ($p passed, $f failed, $(( $(date +%s) - t0 ))s)"
		grep -E '^(not ok|#)' "$log" | sed 's/^/    /'
		[ "$stream" = stream ] || { echo "    full output:"; sed 's/^/    | /' "$log" | tail -n 40; }
		kernel_fault_excerpts "$stamp"
	else
		echo "PASS $name ($p checks, $(( $(date +%s) - t0 ))s)"
	fi
	rm -f "$log" "$stamp"
}

for t in build/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "unit/$(basename "$t")" quiet "$t"
done

if [ "${1:-}" != --unit-only ]; then
	for t in tests/integration/*.sh; do
		[ -f "$t" ] || continue
		run_one "integration/$(basename "$t" .sh)" stream bash "$t"
	done
fi

if [ ${#failed_names[@]} -gt 0 ]; then
	echo "failed: ${failed_names[*]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
