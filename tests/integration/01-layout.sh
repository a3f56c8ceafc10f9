#!/bin/bash
# waits on: host (scripts/timings-from-log.sh: host, kernels or guests)
# The layout's rules (docs/architecture.md): every folder includes only its
# own headers and those of the folders below it, and no files call each
# other round a circle, in mmx and in the agent. Needs `make harness`.
source "$(dirname "$0")/../lib.sh"
CHECK=tests/layout/layout_check.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check "no include reaches up a folder (lib < stages < cli; numerics < model < format < charts, summaries < pages)" \
	python3 $CHECK includes .

# the objects make builds for mmx, from today's sources (not a stale file)
objs=()
for c in lib/*.c harness/host/*/*.c harness/common/*.c analysis/*/*.c cli/*.c; do
	objs+=("build/obj/${c%.c}.o")
done
check "every object of mmx is built" ls "${objs[@]}"
check "no call circle between the files of mmx" python3 $CHECK circles "${objs[@]}"

# the agent's objects, from today's sources
aobjs=()
for c in harness/agent/*/*.c; do
	aobjs+=("build/agent-obj/${c%.c}.o")
done
check "every object of the agent is built" ls "${aobjs[@]}"
check "no call circle between the files of the agent" \
	python3 $CHECK circles "${aobjs[@]}"

# the checks can fail: a planted upward include and a planted circle
mkdir -p "$tmp/tree/lib" "$tmp/tree/harness/host/matrix" "$tmp/tree/harness/host/boot"
echo '#include "matrix_file.h"' >"$tmp/tree/lib/log.c"
echo '#include "qemu_vm.h"' >"$tmp/tree/harness/host/matrix/matrix_file.c"
touch "$tmp/tree/harness/host/matrix/matrix_file.h" "$tmp/tree/harness/host/boot/qemu_vm.h"
mkdir -p "$tmp/tree/harness/agent/probes" "$tmp/tree/harness/agent/window"
echo '#include "measure_window.h"' >"$tmp/tree/harness/agent/probes/perf_probes.c"
touch "$tmp/tree/harness/agent/window/measure_window.h"
# analysis/: the model never includes a writer, format never a page
mkdir -p "$tmp/tree/analysis/model" "$tmp/tree/analysis/format" "$tmp/tree/analysis/pages" \
	"$tmp/tree/analysis/charts"
echo '#include "report_format.h"' >"$tmp/tree/analysis/model/families.c"
echo '#include "report_md.h"' >"$tmp/tree/analysis/charts/chart_forest.c"
touch "$tmp/tree/analysis/format/report_format.h" "$tmp/tree/analysis/pages/report_md.h"
echo '#include "model.h"' >"$tmp/tree/analysis/stray.c"
out=$(python3 $CHECK includes "$tmp/tree")
check "a planted include from lib/ into a stage is found" grep -q 'lib/log.c:1: "matrix_file.h" reaches up into harness/host/matrix/' <<<"$out"
check "a planted include from matrix into a later stage is found" grep -q 'matrix_file.c:1: "qemu_vm.h" reaches up into harness/host/boot/' <<<"$out"
check "a planted include from the agent's probes into its window is found" grep -q 'harness/agent/probes/perf_probes.c:1: "measure_window.h" reaches up into harness/agent/window/' <<<"$out"
check "a planted include from analysis's model into its format layer is found" grep -q 'analysis/model/families.c:1: "report_format.h" reaches up into analysis/format/' <<<"$out"
check "a planted include from a chart into a page is found" grep -q 'analysis/charts/chart_forest.c:1: "report_md.h" reaches up into analysis/pages/' <<<"$out"
check "a file of analysis/ outside its layers is found" grep -q 'analysis/stray.c: in no layer of analysis/' <<<"$out"
printf 'int b(void);\nint a(void) { return b(); }\n' >"$tmp/a.c"
printf 'int a(void);\nint b(void) { return a(); }\n' >"$tmp/b.c"
${CC:-cc} -c "$tmp/a.c" -o "$tmp/a.o" && ${CC:-cc} -c "$tmp/b.c" -o "$tmp/b.o"
out=$(python3 $CHECK circles "$tmp/a.o" "$tmp/b.o")
check "a planted call circle is found" grep -q '^circle: a.o b.o' <<<"$out"
