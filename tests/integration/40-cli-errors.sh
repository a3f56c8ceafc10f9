#!/bin/bash
# waits on: host (scripts/timings-from-log.sh: host, kernels or guests)
# Bad input to mmx fails at once, exit 2, with a message naming the value.
. "$(dirname "$0")/../lib.sh"

expect_error() {	# expect_error "what" "pattern" args...
	local what=$1 pattern=$2 err rc; shift 2
	err=$($MMX "$@" 2>&1 >/dev/null)
	rc=$?
	check "$what: exit 2" test "$rc" -eq 2
	if grep -q -- "$pattern" <<<"$err"; then ok "$what: message names it"
	else not_ok "$what: message names it (got: $err)"; fi
}

expect_error "unknown variant" "unknown variant 'nonesuch'" run nonesuch rx-mixed
expect_error "unknown workload" "unknown workload 'rx-nope'" run baseline rx-nope
expect_error "unknown parameter" "no parameter 'tenant'" run baseline rx-mixed tenant=3
expect_error "tenants=0" "tenants=0 is out of range" run baseline rx-mixed tenants=0
expect_error "negative duration" "duration_s=-2" run baseline rx-mixed duration_s=-2
expect_error "non-integer tenants" "must be an integer" run baseline rx-mixed tenants=1.5
expect_error "bad accel" "accel=warp" run baseline rx-mixed accel=warp
expect_error "bad timeout" "timeout_s=soon" run baseline rx-mixed timeout_s=soon
expect_error "unknown command" "unknown command 'frobnicate'" frobnicate
expect_error "missing arguments" "usage: mmx run" run baseline

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo '{"variants": {' >"$tmp/broken.json"
err=$(MMX_MATRIX="$tmp/broken.json" $MMX run baseline probe 2>&1 >/dev/null)
check "malformed matrix.json: exit 2" test $? -eq 2
check "malformed matrix.json: names file, line and column" grep -q "broken.json:[0-9]*:[0-9]*:" <<<"$err"
err=$(MMX_MATRIX="$tmp/none.json" $MMX run baseline probe 2>&1 >/dev/null)
check "missing matrix.json is named" grep -q "none.json" <<<"$err"

# mmx report with no store: the default profile's store, which `make` writes
# (results/matrix/quick), or a message naming it and the stores that exist
rep=$(mktemp -d)
root=$(pwd)
err=$(cd "$rep" && MMX_MATRIX="$root/matrix.json" "$root/$MMX" report 2>&1 >/dev/null)
check "report without a store: fails when there is none" test $? -ne 0
check "  ... naming the default it looked for and saying how to make one" \
	bash -c 'grep -q "results/matrix/quick/runs.jsonl" <<<"$1" && grep -q "run .make." <<<"$1"' _ "$err"
mkdir -p "$rep/results/adhoc"
cp tests/fixtures/report-cost/runs.jsonl "$rep/results/adhoc/runs.jsonl"
err=$(cd "$rep" && MMX_MATRIX="$root/matrix.json" "$root/$MMX" report 2>&1 >/dev/null)
check "  ... and listing the stores that exist" grep -q "^  results/adhoc/runs.jsonl$" <<<"$err"
mkdir -p "$rep/results/matrix/quick"
mv "$rep/results/adhoc/runs.jsonl" "$rep/results/matrix/quick/runs.jsonl"
(cd "$rep" && MMX_MATRIX="$root/matrix.json" "$root/$MMX" report --gate none >/dev/null 2>&1)
check "report without a store: reads results/matrix/quick, as make writes it, and writes beside it" \
	grep -q "results/matrix/quick" "$rep/results/matrix/quick/REPORT.md"
check "report without --out: nothing written at the top" test ! -e "$rep/REPORT.md"
: >"$rep/empty.jsonl"
err=$(cd "$rep" && MMX_MATRIX="$root/matrix.json" "$root/$MMX" report empty.jsonl 2>&1 >/dev/null)
check "report of an empty store: an error (exit 2) saying what to do" \
	bash -c 'test "$1" -eq 2 && grep -q "empty.jsonl holds no run records: nothing to report; make some with" <<<"$2"' _ "$?" "$err"
rm -rf "$rep"

# nothing the project committed is overwritten by default: the README's
# report command without --out on a clone of this checkout writes beside the
# store, a published store's report is refused without --out naming it, and
# git status shows no tracked file changed afterwards
clone=$(mktemp -d)
git clone -q . "$clone/c" 2>/dev/null
mkdir -p "$clone/c/results/adhoc"
cp tests/fixtures/report-verdicts/runs.jsonl "$clone/c/results/adhoc/runs.jsonl"
(cd "$clone/c" && "$root/$MMX" report results/adhoc >/dev/null 2>&1)
check "README's report command on a clone: the report beside its store" test -s "$clone/c/results/adhoc/REPORT.md"
err=$(cd "$clone/c" && "$root/$MMX" report results/published/pathology/runs.jsonl.gz 2>&1 >/dev/null)
check "a published report is not replaced without --out (exit 2, naming the flag)" \
	bash -c 'test "$1" -eq 2 && grep -q "results/published/pathology/REPORT.md is a committed report: .*--out results/published/pathology" <<<"$2"' _ "$?" "$err"
check "README's commands leave no tracked file changed (git status)" \
	test -z "$(cd "$clone/c" && git status --porcelain --untracked-files=no)"
rm -rf "$clone"

# help on every command: -h, --help and mmx help CMD print its usage, exit 0
for c in kernels run check report matrix slurm; do
	for form in "$c --help" "$c -h" "help $c"; do
		out=$($MMX $form 2>&1)
		check "mmx $form: its usage, exit 0" \
			bash -c 'test "$1" -eq 0 && grep -q "^usage: mmx $2 " <<<"$3"' _ "$?" "$c" "$out"
	done
done
out=$($MMX help nope 2>&1)
check "mmx help of an unknown command: named, exit 2" \
	bash -c 'test "$1" -eq 2 && grep -q "unknown command .nope." <<<"$2"' _ "$?" "$out"
err=$($MMX kernels baselin --dry-run 2>&1)
check "an unknown variant: the nearest name suggested, the rest one a line" \
	bash -c 'grep -q "did you mean .baseline.?" <<<"$1" && grep -q "^    net-batch$" <<<"$1"' _ "$err"
check "a dry run never says a kernel failed to build" \
	bash -c '! grep -q "failed to build" <<<"$1" && grep -q "could not be planned" <<<"$1"' _ "$err"

# the suite's runner: --only with a file that does not exist is an error
# naming the files there are, never a run of nothing that passes
err=$(tests/run-all.sh --only 99-nope 2>&1 >/dev/null)
rc=$?
check "run-all --only an unknown file: exit 2, named, with the files there are" \
	bash -c 'test "$1" -eq 2 && grep -q "no tests/integration/99-nope.sh" <<<"$2" &&
		grep -q "75-gate-variants" <<<"$2"' _ "$rc" "$err"
