# Helpers for the integration tests: TAP-like "ok"/"not ok" lines that
# tests/run-all.sh counts.  Each test runs from the repo root.
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
MMX=./build/mmx
TEST_STORE=results/test/runs.jsonl
mkdir -p results/test

ok() { echo "ok - $*"; }
not_ok() { echo "not ok - $*"; }
check() {	# check "description" command...
	local what=$1; shift
	if "$@" >/dev/null; then ok "$what"; else not_ok "$what"; fi
}

# jq on the last record of a JSONL store
last_record() { tail -n 1 "$1"; }
field() { jq -r "$2" <<<"$1"; }

# mmx run "$@" --out STORE, printing the record.  A run whose guest kernel
# failed (reason kernel-*) is stored failed as always, shown here with its
# first fault and call trace, and run once more: test 17's rx_nics=2 run
# panicked the unmodified kernel once in 3 CI runs, and once in 186 runs on
# this machine, with "Oops: int3" in __schedule on an idle vCPU: an int3 the
# kernel's text patching (text_poke_bp) had already replaced, executed under
# tcg's multi-threaded TCG (never seen under icount, which runs the vCPUs on
# one thread).  A test of the plumbing should say so, not stop on it.  A
# second kernel failure fails the run.
run_retrying_kernel_fault() {
	local store=$1 out rec; shift
	out=$($MMX run "$@" --out "$store") && { echo "$out"; return 0; }
	rec=$(last_record "$store")
	if ! jq -e '.status == "failed" and (.reason // "" | startswith("kernel-"))' <<<"$rec" >/dev/null; then
		echo "$out"
		return 1
	fi
	{
		jq -r '"# guest kernel fault, retrying once: run \(.run_id) \(.reason): \(.detail)"' <<<"$rec"
		tests/console-fault.sh "$(jq -r .console_log <<<"$rec")" '#   | '
	} >&2
	$MMX run "$@" --out "$store"
}

# A copy of matrix.json with every repo path made absolute, so a test can
# add variants from tests/fixtures without touching the real matrix.
test_matrix() {
	local out=$1 root
	root=$(pwd)
	jq --arg r "$root" '
	  .kconfig.axes |= map_values(map(if startswith("/") then . else $r + "/" + . end))
	  | .gate.selftest_fixes = $r + "/" + .gate.selftest_fixes
	  | .variants |= map_values(if .series == null then . else
	      .series = (if (.series | startswith("/")) then .series else $r + "/" + .series end) end
	      | if .kconfig == null then . else
	      .kconfig |= map(if startswith("/") then . else $r + "/" + . end) end)
	' matrix.json >"$out"
}
