#!/bin/bash
# The test suite's critical path, from the log of a real `make test` (what
# .ci/run prints): each test file's seconds, the part of them its kernel
# compiles took (the "kernel built in Ns" lines: both cores, nothing else
# runs), the guest boots the log shows, and what the file waits on as its
# header declares ("# waits on: host|kernels|guests"); then the totals by
# what they wait on, and what could run while a kernel compiles.
#
#   scripts/timings-from-log.sh LOG [TOTAL_S] [LABEL]
#
# TOTAL_S: the whole command's seconds (the log does not time the package
# and harness steps before the tests); LABEL names the run in the heading.
# Prints Markdown on stdout (docs/timings.md holds one, between markers).
set -u
log=${1:?usage: scripts/timings-from-log.sh LOG [TOTAL_S] [LABEL]}
total=${2:-}
label=${3:-}
[ -r "$log" ] || { echo "timings-from-log: cannot read $log" >&2; exit 2; }
tests=$(cd "$(dirname "$0")/../tests/integration" && pwd)
# each test file's declared wait, "NAME KIND" a line
waits=$(for t in "$tests"/*.sh; do
	w=$(sed -n 's/^# waits on: \([a-z]*\).*/\1/p' "$t" | head -n1)
	echo "$(basename "$t" .sh) ${w:-undeclared}"
done)
awk -v total="$total" -v label="$label" -v waits="$waits" '
BEGIN { nw = split(waits, wl, "\n"); for (i = 1; i <= nw; i++) { split(wl[i], p, " "); declared[p[1]] = p[2] } }
/^---- integration\// { name = substr($2, 13); compile = 0; boots = 0; next }
/^---- kernels built ahead/ { ahead = 1; next }
/^MOVED integration\// { m = $2; sub(/^integration\//, "", m); sub(/:$/, "", m); moved = moved (moved ? ", " : "") m; next }
/^PASS unit\/|^FAIL unit\// {
	match($0, /, [0-9]+s\)/); unit_s += substr($0, RSTART + 2, RLENGTH - 4) + 0
	units++; match($0, /\([0-9]+ checks/); checks += substr($0, RSTART + 1, RLENGTH - 8) + 0; next }
/holds .*\(building this kernel\); waiting for it/ { if (!(name in waited)) { waited[name] = 1; waiters = waiters (waiters ? ", " : "") name }; next }
/kernel built in [0-9]+s/ {
	match($0, /in [0-9]+s/); c = substr($0, RSTART + 3, RLENGTH - 4) + 0
	if (ahead) { ahead_s += c; ahead_n++ } else compile += c
	next }
/\[mmx\] run [0-9]/ && !/ ok: / && !/ ok;/ { boots++; next }
/\[mmx\] gate [^ ]+ (selftests|integrity|limits|hotplug) / { boots++; next }
/^(PASS|FAIL) integration\// {
	t = $0; sub(/.*, /, "", t); sub(/s\)$/, "", t); s = t + 0
	match($0, /\([0-9]+ checks/); checks += substr($0, RSTART + 1, RLENGTH - 8) + 0
	n++; file[n] = name; secs[n] = s; comp[n] = compile; boot[n] = boots
	sum += s; csum += compile
	kind[n] = (name in declared) ? declared[name] : "undeclared"
	if (kind[n] == "host") host += s
	else if (kind[n] == "kernels") kernels += s - compile
	else guests += s - compile
	next }
function hms(x) { x = int(x + 0.5); return sprintf("%d min %02d s", int(x / 60), x % 60) }
END {
	if (!n) { print "timings-from-log: no integration test in the log" > "/dev/stderr"; exit 2 }
	printf "The critical path of %s: %d test files and %d unit tests, %d checks, run one after another.\n\n", label ? label : "this make test", n, units, checks
	print "| test | seconds | of it compiling kernels | guest boots the log shows | waits on (declared) |"
	print "|---|---|---|---|---|"
	printf "| unit tests (%d) | %d | 0 | 0 | host |\n", units, unit_s
	for (i = 1; i <= n; i++)
		printf "| %s | %d | %d | %d | %s |\n", file[i], secs[i], comp[i], boot[i], kind[i]
	print ""
	printf "- kernel compiles: %s (%.0f%% of the tests)\n", hms(csum), 100 * csum / (sum + unit_s)
	printf "- the rest of the tests that wait on guests: %s\n", hms(guests)
	printf "- the rest of the tests that wait on kernels (patches, builds of their own): %s\n", hms(kernels)
	printf "- host-only tests: %s%s\n", hms(host + unit_s), ahead_n ? " (run first, while the baseline compiles)" : ": what could run while a kernel compiles"
	if (ahead_n)
		printf "- kernels built ahead in the background (tests/kernels-ahead.sh), beside the tests: %d, %s of compiling; a test waits only for the kernel it needs\n", ahead_n, hms(ahead_s)
	if (waiters != "")
		printf "- tests that waited on a kernel another process was building (the seconds above include the wait): %s\n", waiters
	if (moved != "")
		printf "- moved out of make test (`make check`, `make gate-variants`): %s\n", moved
	if (total != "" && total >= sum + unit_s)
		printf "- before the tests (packages, the harness build): %s; in all %s\n", hms(total - sum - unit_s), hms(total)
}' "$log"
