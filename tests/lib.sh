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
