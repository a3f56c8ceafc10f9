#!/bin/bash
# Runs the unit tests (build/tests/test_*) and the integration tests
# (tests/integration/*.sh), and ends with one "N passed, N failed" line.
# --unit-only skips the integration tests (no kernel build, no QEMU);
# --only NAME[,NAME] runs those integration files alone, whatever their
# tier (`make gate-variants` is --only 75-gate-variants).
set -u
cd "$(dirname "$0")/.."
only=
if [ "${1:-}" = --only ]; then
	only=",${2:?--only needs test names, e.g. 75-gate-variants},"
	for n in ${2//,/ }; do
		[ -f "tests/integration/$n.sh" ] || {
			echo "run-all: --only $n: no tests/integration/$n.sh (the files: $(cd tests/integration && ls *.sh | sed 's/\.sh$//' | tr '\n' ' '))" >&2
			exit 2
		}
	done
	set -- --only
fi

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

# what a test file's header says it waits on: host, kernels or guests
waits_on() { sed -n 's/^# waits on: \([a-z]*\).*/\1/p' "$1" | head -n 1; }
# "# tier: check" in a header: the file runs under `make check` only
tier_of() { sed -n 's/^# tier: \([a-z]*\).*/\1/p' "$1" | head -n 1; }

# The kernels the integration tests need build in the background from the
# start (tests/kernels-ahead.sh), while the unit and host-only tests run and
# then beside the guest tests; each test still asks mmx for its kernel and
# waits on that kernel's build lock only.  MMX_KERNELS_AHEAD=0 turns it off.
ahead_pid=
ahead_log=results/test/kernels-ahead.log
if [ -z "${1:-}" ] && [ "${MMX_KERNELS_AHEAD:-1}" != 0 ]; then
	mkdir -p results/test
	tests/kernels-ahead.sh >"$ahead_log" 2>&1 &
	ahead_pid=$!
	echo "kernels for the tests build in the background, baseline first:" \
	     "$(tests/kernels-ahead.sh --list | tr '\n' ' ')(log: $ahead_log)"
fi

for t in build/tests/test_*; do
	[ -x "$t" ] && [ -z "$only" ] || continue
	run_one "unit/$(basename "$t")" quiet "$t"
done

if [ "${1:-}" != --unit-only ]; then
	tier=${MMX_TIER:-test}
	moved=()
	# host-only files first, while the baseline compiles; then the rest
	# in number order
	for pass in host rest; do
		for t in tests/integration/*.sh; do
			[ -f "$t" ] || continue
			if [ -n "$only" ]; then
				[ "$pass" = rest ] && [[ $only == *",$(basename "$t" .sh),"* ]] || continue
				run_one "integration/$(basename "$t" .sh)" stream bash "$t"
				continue
			fi
			w=$(waits_on "$t")
			if [ "$pass" = host ]; then [ "$w" = host ] || continue
			else [ "$w" != host ] || continue; fi
			if [ "$(tier_of "$t")" = check ] && [ "$tier" != check ]; then
				moved+=("$(basename "$t" .sh)")
				continue
			fi
			run_one "integration/$(basename "$t" .sh)" stream bash "$t"
		done
	done
	for n in "${moved[@]}"; do
		# the header's own words say why and where it runs instead
		echo "MOVED integration/$n: not in make test: $(sed -n 's/^# tier: check: //p' "tests/integration/$n.sh" | head -n 1)"
	done
fi

if [ -n "$ahead_pid" ]; then
	wait "$ahead_pid"
	rc=$?
	# the compiles beside the tests, for scripts/timings-from-log.sh; a
	# failure here already failed the test that needed that kernel
	echo "---- kernels built ahead (exit $rc)"
	sed 's/^/    /' "$ahead_log"
fi

if [ ${#failed_names[@]} -gt 0 ]; then
	echo "failed: ${failed_names[*]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
