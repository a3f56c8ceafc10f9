#!/bin/bash
# gate-plan.sh PROFILE [MATRIX]: what `make gate` checks for a profile, one
# line per variant: "VARIANT AXES", AXES being the kconfig axes (comma
# separated) the profile measures it on, so an rt cell's kernel is gated as
# well as its base one. baseline-aa (and baseline-aa2, ... where a profile
# runs more A/A sets) is baseline's kernel: the report gives it baseline's
# verdict. debug is the long tier's axis (make check), not here.
set -euo pipefail
profile=${1:?usage: gate-plan.sh PROFILE [MATRIX]}
matrix=${2:-${MMX_MATRIX:-matrix.json}}
jq -e --arg p "$profile" '.profiles[$p]' "$matrix" >/dev/null ||
	{ echo "gate-plan.sh: no profile \"$profile\" in $matrix (see .profiles)" >&2; exit 2; }
jq -r --arg p "$profile" '
	[.profiles[$p].cells[] | (.kconfig // ["base"]) as $k
	 | .variants[] | select(test("^baseline-aa[0-9]*$") | not) | {v: ., k: $k}]
	| group_by(.v)[]
	| ([.[].k[] | select(. != "debug")] | unique) as $axes
	| select($axes | length > 0)
	| "\(.[0].v) \($axes | join(","))"' "$matrix"
