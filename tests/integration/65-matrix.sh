#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# mmx matrix: validation errors name their JSON path (one check per class),
# --dry-run plans without running, a matrix killed with SIGKILL resumes and
# ends with every (cell, repetition) done exactly once, and a failing cell
# is retried up to the limit, recorded failed, and the matrix goes on.
. "$(dirname "$0")/../lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
base="$work/matrix.json"
test_matrix "$base"

# a profile of three probe cells on the baseline kernel (boot and answer)
jq '.profiles.tiny = {repetitions: 2, timing_modes: ["tcg"],
      cells: [{variants: ["baseline", "nosocket", "baseline-aa"], workload: "probe"}]}
    | .profiles.failing = {repetitions: 1, timing_modes: ["tcg"],
      cells: [{variants: ["baseline"], workload: "selftest-panic"},
              {variants: ["baseline"], workload: "probe"}]}' "$base" >"$work/ok.json"

# each class of error: (jq edit, text the error must contain)
bad() {	# bad "what" 'jq filter' 'expected text'
	local what=$1 filter=$2 want=$3 out
	jq "$filter" "$work/ok.json" >"$work/bad.json"
	out=$(MMX_MATRIX="$work/bad.json" $MMX matrix --profile tiny --dry-run 2>&1)
	local rc=$?
	check "$what: refused (exit 2)" test "$rc" -eq 2
	if grep -qF -- "$want" <<<"$out"; then ok "$what: error names '$want'"
	else not_ok "$what: error names '$want' (got: $(head -c 300 <<<"$out"))"; fi
}
bad "unknown variant" '.profiles.tiny.cells[0].variants[0] = "nope"' \
	'$.profiles.tiny.cells[0].variants[0]: unknown variant'
bad "unknown workload" '.profiles.tiny.cells[0].workload = "nope"' \
	'$.profiles.tiny.cells[0].workload: unknown workload'
bad "unknown parameter" '.profiles.tiny.cells[0].workload = "rx-mixed" | .profiles.tiny.cells[0].grid = {tenantz: [1]}' \
	'$.profiles.tiny.cells[0].grid.tenantz: workload rx-mixed has no parameter'
bad "wrong type" '.profiles.tiny.cells[0].workload = "rx-mixed" | .profiles.tiny.cells[0].grid = {tenants: ["many"]}' \
	'$.profiles.tiny.cells[0].grid.tenants[0]: workload rx-mixed: tenants=many is not a number'
bad "out of range" '.profiles.tiny.cells[0].workload = "rx-mixed" | .profiles.tiny.cells[0].grid = {tenants: [0]}' \
	'tenants=0 is out of range'
bad "empty grid" '.profiles.tiny.cells[0].workload = "rx-mixed" | .profiles.tiny.cells[0].grid = {tenants: []}' \
	'$.profiles.tiny.cells[0].grid.tenants: empty grid'
bad "missing series directory" '.variants.baseline.series = "variants/does-not-exist"' \
	"\$.variants.baseline: 'variants/does-not-exist' does not exist"
bad "base cycle" '.variants.baseline.base = "baseline-aa"' \
	'$.variants.baseline.base: the chain of bases is a cycle'
bad "repetitions" '.profiles.tiny.repetitions = 0' \
	'$.profiles.tiny.repetitions: expected an integer >= 1'
bad "a cell group's own repetitions" '.profiles.tiny.cells[0].repetitions = 0' \
	'$.profiles.tiny.cells[0].repetitions: expected an integer >= 1'
bad "timing mode" '.profiles.tiny.timing_modes = ["fast"]' \
	'$.profiles.tiny.timing_modes[0]: expected tcg, icount or kvm'
bad "a cell group's own timing mode" '.profiles.tiny.cells[0].timing_modes = ["fast"]' \
	'$.profiles.tiny.cells[0].timing_modes[0]: expected tcg, icount or kvm'
bad "a family's timing mode" '.profiles.quick.families[0].timing_mode = "fast"' \
	'$.profiles.quick.families[0].timing_mode: expected tcg, icount or kvm'
bad "knob out of its schema" '.variants["multi-slot-32-s4"].knobs.slots = 99' \
	'$.variants.multi-slot-32-s4.knobs.slots'
bad "more vCPUs than the axis's kernel brings up" \
	'.profiles.tiny.cells[0].workload = "sendfile-clients" | .profiles.tiny.cells[0].grid = {cpus: [4, 16]}' \
	'$.profiles.tiny.cells[0].grid.cpus[1]: 16 vCPUs, but kconfig axis base builds CONFIG_NR_CPUS=8'
jq '.profiles.tiny.cells[0].workload = "sendfile-clients" | .profiles.tiny.cells[0].kconfig = ["cpus16"]
    | .profiles.tiny.cells[0].grid = {cpus: [16]}' "$work/ok.json" >"$work/cpus16.json"
check "16 vCPUs on the cpus16 axis (its fragment overrides base's CONFIG_NR_CPUS) are accepted" \
	env MMX_MATRIX="$work/cpus16.json" $MMX matrix --profile tiny --dry-run
bad "unknown knob: named as the variant's, with the known ones" \
	'.variants["multi-slot"].knob_schema |= del(.overflow)' \
	"variant multi-slot has no parameter 'overflow' (known: slots policy sizing)"
bad "family: unknown question" '.profiles.quick.families[0].questions = ["rfc9"]' \
	'$.profiles.quick.families[0].questions[0]: unknown question'
bad "family: unknown metric" '.profiles.quick.families[0].tests[0].metric = ["thruput"]' \
	"\$.profiles.quick.families[0].tests[0].metric[0]: rx-mixed has no metric 'thruput'"
bad "family: a variant the profile does not measure there" \
	'.profiles.quick.families[0].variants = ["net-batch", "nope"]' \
	'$.profiles.quick.families[0].variants[1]: unknown variant'
bad "family: a test no cell of the profile answers" \
	'.profiles.quick.families[2].tests[0].tenants = [1]' \
	"\$.profiles.quick.families[2].tests[0]: no cell of this profile has variant 'split-stock' there"
bad "family: one comparison in two families" \
	'.profiles.quick.families += [.profiles.quick.families[0] | .id = "again"]' \
	'a comparison belongs to one family'
bad "margin out of range" '.profiles.quick.margins["cost.*"] = 2' \
	'$.profiles.quick.margins.cost.*: expected a fraction between 0 and 1'
bad "calibration: unknown variant" '.profiles.pathology.calibration.variant = "nope"' \
	"\$.profiles.pathology.calibration.variant: unknown variant 'nope'"
bad "calibration: a metric the workload lacks" \
	'.profiles.pathology.calibration.metric = "cost.nope"' \
	"\$.profiles.pathology.calibration.metric: sendfile-clients has no metric 'cost.nope'"
bad "calibration: the share is the metrics table's link, not a setting" \
	'.profiles.pathology.calibration.share_metric = "cost.rx_charge_share_skylake"' \
	"\$.profiles.pathology.calibration.share_metric: no longer a setting: the share that bounds the calibrated metric is the metrics table's charge_share link"
bad "calibration: a charge metric the workload lacks" \
	'.profiles.pathology.calibration.charge_metric = "cost.rx_nope_per_mb"' \
	"\$.profiles.pathology.calibration.charge_metric: sendfile-clients has no metric 'cost.rx_nope_per_mb'"
bad "calibration: guest_cpus not a CPU count" '.profiles.pathology.calibration.guest_cpus = 0' \
	'$.profiles.pathology.calibration.guest_cpus: expected the guest'"'"'s vCPUs'
bad "calibration: upstream's rows out of order" \
	'.profiles.pathology.calibration.points[1][0] = 3' \
	'$.profiles.pathology.calibration.points[1]: expected [clients, without, with], all > 0, clients rising'
bad "calibration: unknown ceiling variant" '.profiles.pathology.calibration.ceiling_variant = "nope"' \
	'$.profiles.pathology.calibration.ceiling_variant: unknown variant'
bad "calibration: a contention metric without its transfer price" \
	'del(.profiles.pathology.calibration.transfer_cycles)' \
	'$.profiles.pathology.calibration: contention_metric and transfer_cycles go together'
bad "calibration: sockets without the price of a transfer from another socket" \
	'del(.profiles.pathology.calibration.transfer_cycles_remote)' \
	'$.profiles.pathology.calibration: sockets (an integer >= 2) and transfer_cycles_remote (a transfer'"'"'s price from another socket, above transfer_cycles) go together, with transfer_cycles'
bad "calibration: a transfer from another socket no dearer than on one" \
	'.profiles.pathology.calibration.transfer_cycles_remote = 85.2' \
	'$.profiles.pathology.calibration: sockets (an integer >= 2) and transfer_cycles_remote'
bad "calibration: one socket is not a split" \
	'.profiles.pathology.calibration.sockets = 1' \
	'$.profiles.pathology.calibration: sockets (an integer >= 2) and transfer_cycles_remote'
bad "calibration: a per-packet metric the workload lacks" \
	'.profiles.pathology.calibration.packet_metric = "cost.nope_per_packet"' \
	"\$.profiles.pathology.calibration.packet_metric: sendfile-clients has no metric 'cost.nope_per_packet'"
bad "calibration: a contention line the workload lacks" \
	'.profiles.pathology.calibration.contention_metric[1] = "cost.hot_lines.9.nope"' \
	"\$.profiles.pathology.calibration.contention_metric: sendfile-clients has no metric 'cost.hot_lines.9.nope'"
bad "calibration: more contention lines than the projection holds" \
	'.profiles.pathology.calibration.contention_metric = [range(9) | "cost.hot_line_transfers_est_per_mb"]' \
	'$.profiles.pathology.calibration.contention_metric: expected a metric, or a list of 1 to 8'
bad "calibration: the projection's charge cycles without its work per MB" \
	'del(.profiles.pathology.calibration.contention_cost_metric)' \
	'$.profiles.pathology.calibration: contention_cost_metric (and contention_charge_metric, which needs it) only with contention_metric'
bad "calibration: the projection's work per MB, a metric the workload lacks" \
	'.profiles.pathology.calibration.contention_cost_metric = "cost.nope"' \
	"\$.profiles.pathology.calibration.contention_cost_metric: sendfile-clients has no metric 'cost.nope'"
bad "calibration: a misspelt key" '.profiles.pathology.calibration.cpu = 72' \
	'$.profiles.pathology.calibration.cpu: unknown key'
out=$(MMX_MATRIX="$work/ok.json" $MMX matrix --profile nope --dry-run 2>&1)
check "unknown profile: refused" test $? -eq 2
check "unknown profile: named" grep -q "unknown profile 'nope'" <<<"$out"

# --dry-run: the plan, the kernels and an estimate, nothing run
res="$work/res"
out=$(MMX_MATRIX="$work/ok.json" $MMX matrix --profile tiny --dry-run --results "$res" 2>&1)
check "dry run exits 0" test $? -eq 0
check "dry run lists 3 cells" test "$(grep -c '/probe/tcg' <<<"$out")" -eq 3
check "dry run lists the kernel" grep -qE 'baseline +base +[0-9a-f]{16} (built|missing)' <<<"$out"
check "dry run estimates 6 runs" grep -q '6 of 6 runs to do' <<<"$out"
check "dry run ran nothing" test ! -e "$res/runs.jsonl"

# every profile the repo ships plans: a renamed variant or a dropped
# parameter breaks the profile here, not in a user's hour-long run
for p in $(jq -r '.profiles | keys[]' matrix.json); do
	check "shipped profile $p plans" \
		$MMX matrix --profile "$p" --dry-run --results "$work/empty-$p"
done

# the hardware profile (issue 41): the machine every "cannot decide on this
# machine" names. Its dry run shows the plan anywhere; a real run needs KVM
# and a CPU per vCPU, and is refused before anything is built or booted
out=$($MMX matrix --profile hardware --dry-run --results "$work/hw-dry" 2>&1)
check "hardware: the dry run shows the plan (72 vCPUs under kvm, upstream's 6..36 clients)" \
	bash -c 'grep -q "^  multi-slot/cpus128/sendfile-clients/kvm .*\"cpus\":72.*\"tenants\":36" <<<"$1" &&
		grep -q "^  hardware-multi-slot: 6 comparisons" <<<"$1"' _ "$out"
out=$(MMX_KVM_DEVICE=$work/no-kvm $MMX matrix --profile hardware --results "$work/hw" 2>&1)
rc=$?
check "hardware: refused without KVM (exit 2), naming the device" \
	bash -c 'test "$1" -eq 2 && grep -qF "KVM is not available here ($2/no-kvm: No such file or directory)" <<<"$3"' _ "$rc" "$work" "$out"
out=$(MMX_KVM_DEVICE=/dev/null $MMX matrix --profile hardware --results "$work/hw" 2>&1)
rc=$?
check "hardware: refused on a host with fewer CPUs than its 72 vCPUs (exit 2)" \
	bash -c 'test "$1" -eq 2 && grep -q "its guests have 72 vCPUs and this host has [0-9]* CPUs" <<<"$2"' _ "$rc" "$out"
check "hardware: refused before any build or boot: no store, no kernel built" \
	bash -c 'test ! -e "$1/hw" && ! grep -q "compiling\|booting" <<<"$2"' _ "$work" "$out"

# the confirmatory families: the dry run says how large each is and what
# the profile's repetitions can decide in it, and warns where they cannot
out=$($MMX matrix --profile quick --dry-run --results "$work/empty" 2>&1)
check "dry run: quick's families and their sizes" \
	grep -q '^  multi-memcg: 2 comparisons; smallest p x 2 = 0.0159: a complete separation passes Holm$' <<<"$out"
# atomics-only also has a tcg rx-mixed cell (the realism check): the family
# is judged in the profile's primary mode, icount, so it holds 1, not 2
check "dry run: a family counts its own timing mode's cells only" \
	grep -q '^  no-cache: 1 comparisons;' <<<"$out"
check "dry run: quick's margins and the CV each needs at 5 runs" \
	grep -q '^    rx-mixed cost.modelled_cycles_skylake_per_mb: equivalence within ±2% is reachable if its CV is at most 1.1%' <<<"$out"
check "dry run: quick's 5 runs can reach significance in every family: no warning" \
	bash -c "! grep -q '^warning:' <<<'$out'"
out=$($MMX matrix --profile cost --dry-run --results "$work/empty-cost" 2>&1)
check "dry run: cost's 3 runs cannot pass Holm in its largest family: warned, with the n that can" \
	grep -q '^warning: profile cost: with 3 repetitions the smallest possible Mann-Whitney p is 2/C(6,3) = 0.1, times the 14 comparisons of family multi-memcg = 1.4, not below 0.05: no comparison of that family can be significant; 6 repetitions would' <<<"$out"
jq '.profiles.pair = {repetitions: 2, timing_modes: ["tcg"], margins: {throughput_bytes_per_sec: 0.05},
      cells: [{variants: ["baseline", "net-batch"], workload: "rx-mixed", grid: {tenants: [4]}}],
      families: [{id: "two", questions: ["rfc2"], variants: ["net-batch"],
                  tests: [{workload: "rx-mixed", metric: "throughput_bytes_per_sec", tenants: [4]}]}]}
    | .profiles.noisy = (.profiles.pair | .repetitions = 7)
    | .profiles.five = (.profiles.pair | .repetitions = 5)' "$work/ok.json" >"$work/fam.json"
out=$(MMX_MATRIX="$work/fam.json" $MMX matrix --profile pair --dry-run --results "$work/empty-pair" 2>&1)
check "dry run: 2 runs a cell give no equivalence interval: warned" \
	grep -q '^warning: profile pair, family two, rx-mixed throughput_bytes_per_sec: 2 runs a cell give no equivalence interval' <<<"$out"
check "dry run: 2 runs a cell cannot pass even a family of 1: warned" \
	grep -q '^warning: profile pair: with 2 repetitions the smallest possible Mann-Whitney p is 2/C(4,2) = 0.333' <<<"$out"
# a store of baseline's throughput alone, made for PROFILE of fam.json in DIR
baseline_store() {	# baseline_store PROFILE DIR VALUE...
	local profile=$1 dir=$2 id x
	shift 2
	mkdir -p "$dir"
	id=$(MMX_MATRIX="$work/fam.json" $MMX matrix --profile "$profile" --dry-run --results "$dir" 2>&1 |
		sed -n 's|^  \(baseline/base/rx-mixed/tcg .*\)$|\1|p')
	for x in "$@"; do
		jq -n -c --arg id "$id" --arg p "$profile" --argjson x "$x" '{status: "ok",
			variant: "baseline", workload: "rx-mixed", matrix: {profile: $p, cell_id: $id,
			repetition: 0}, metrics: {throughput_bytes_per_sec: $x}}'
	done >"$dir/runs.jsonl"
}
# the noise the store already measured: 30% CV is far too much for ±5% at 7 runs
baseline_store noisy "$work/noisy" 14e6 20e6 26e6
out=$(MMX_MATRIX="$work/fam.json" $MMX matrix --profile noisy --dry-run --results "$work/noisy" 2>&1)
check "dry run: the store's noise (CV 30%) out of the margin's reach at 7 runs: warned" \
	grep -q '^warning: profile noisy, family two, rx-mixed throughput_bytes_per_sec: at the CV measured so far (30%) 7 runs a cell cannot decide within ±5% .*; about 646 would$' <<<"$out"
# sized by simulating the test, not by the normal formula: at CV 2.5% and
# ±5% the formula says 5 runs a cell decide; simulated, 5 have less than
# 80% power on a side and 6 are needed
baseline_store five "$work/five" 97.5e6 100e6 102.5e6
out=$(MMX_MATRIX="$work/fam.json" $MMX matrix --profile five --dry-run --results "$work/five" 2>&1)
check "dry run: CV 2.5% at ±5%: 5 runs do not decide by simulation (the formula said they would); 6 would" \
	grep -q '^warning: profile five, family two, rx-mixed throughput_bytes_per_sec: at the CV measured so far (2.5%) 5 runs a cell cannot decide within ±5% (.*Holm in a family of 1); about 6 would$' <<<"$out"

# a derived metric's noise is read as the report derives it: the receive
# work per packet (per MB x MB / packets) is steady where the per-MB cost
# swings with the packets TCP cut each MB into (20, 25, 30: CV 20%)
jq '.profiles.packet = {repetitions: 10, timing_modes: ["icount"], margins: {"cost.*": 0.05},
      cells: [{variants: ["baseline", "multi-slot"], workload: "sendfile-clients",
               grid: {tenants: [8], cost: [1]}}],
      families: [{id: "pkt", questions: ["rfc1"], variants: ["multi-slot"],
                  tests: [{workload: "sendfile-clients", tenants: [8],
                           metric: "cost.rx_modelled_cycles_skylake_per_packet"}]}]}' \
	"$work/ok.json" >"$work/pkt.json"
mkdir -p "$work/pkt"
id=$(MMX_MATRIX="$work/pkt.json" $MMX matrix --profile packet --dry-run --results "$work/pkt" 2>&1 |
	sed -n 's|^  \(baseline/base/sendfile-clients/icount .*\)$|\1|p')
for x in "20 1000" "25 1010" "30 990"; do
	set -- $x
	jq -n -c --arg id "$id" --argjson p "$1" --argjson c "$2" '{status: "ok",
		variant: "baseline", workload: "sendfile-clients", matrix: {profile: "packet",
		cell_id: $id, repetition: 0}, metrics: {units: 2, netif_receive_skbs: (2 * $p),
		cost: {rx_modelled_cycles_skylake_per_mb: ($p * $c)}}}'
done >"$work/pkt/runs.jsonl"
out=$(MMX_MATRIX="$work/pkt.json" $MMX matrix --profile packet --dry-run --results "$work/pkt" 2>&1)
check "dry run: a derived metric's noise, per packet (1%), not the per-MB CV (20%) nor none" \
	grep -q "^    sendfile-clients cost.rx_modelled_cycles_skylake_per_packet: .*; the store's reference and A/A cells show 1%, at which [0-9]* runs a cell decide it$" <<<"$out"

# a group's own repetitions: its cells get that many, the others the
# profile's, and a family is judged at the fewest of its cells
jq '.profiles.own = {repetitions: 3, timing_modes: ["tcg"], margins: {throughput_bytes_per_sec: 0.05},
      cells: [{variants: ["baseline", "net-batch"], workload: "rx-mixed", grid: {tenants: [4]}},
              {variants: ["baseline", "net-batch"], workload: "rx-mixed", grid: {tenants: [8]}, repetitions: 7}],
      families: [{id: "eight", questions: ["rfc2"], variants: ["net-batch"],
                  tests: [{workload: "rx-mixed", metric: "throughput_bytes_per_sec", tenants: [8]}]}]}' \
	"$work/ok.json" >"$work/own.json"
out=$(MMX_MATRIX="$work/own.json" $MMX matrix --profile own --dry-run --results "$work/empty-own" 2>&1)
check "dry run: a group's own repetitions: 2 x 3 + 2 x 7 = 20 runs" \
	grep -q '^cells (4, 20 runs: the profile.s 3 repetitions, a group.s own after its cells. ids' <<<"$out"
marked=$(grep -c '"tenants":8.* x 7$' <<<"$out")
unmarked=$(grep -c '"tenants":4.* x ' <<<"$out")
check "dry run: the group's 2 cells marked x 7 ($marked), the others not ($unmarked)" \
	test "$marked" = 2 -a "$unmarked" = 0
check "dry run: the family is judged at its cells' 7 runs, not the profile's 3" \
	grep -q '^  eight: 1 comparisons at 7 runs a cell; smallest p x 1 = 0.000583: a complete separation passes Holm$' <<<"$out"
check "dry run: the estimate counts the 20 runs" grep -q ' 20 of 20 runs to do' <<<"$out"

# the estimate is calibrated: against the wall time the published quick
# run actually took here (within 25%), for a profile of exactly that run's
# cells (quick has changed since: its cells are rebuilt from the records)
pub=results/published/quick/runs.jsonl.gz
zcat "$pub" | jq -s '{repetitions: (group_by([.variant, .workload, .timing_mode, (.params | tostring)])
	| map(length) | max), timing_modes: ["icount"],
	cells: (group_by([.workload, .timing_mode, (.params | tostring)]) | map({variants: (map(.variant) | unique),
	workload: .[0].workload, timing_modes: [.[0].timing_mode], grid: (.[0].params | map_values([.]))}))}' \
	>"$work/pub-profile.json"
jq --slurpfile p "$work/pub-profile.json" '.profiles["published-quick"] = $p[0]' "$base" >"$work/pub-quick.json"
out=$(MMX_MATRIX="$work/pub-quick.json" $MMX matrix --profile published-quick --dry-run --results "$work/empty" 2>&1)
est=$(sed -n 's/.* runs to do ~\([0-9]*\):\([0-9]*\):\([0-9]*\) .*/\1 \2 \3/p' <<<"$out")
took=$(zcat "$pub" | jq -s '[.[].wall_s] | add | floor')
check "the estimate is of the published run's $(zcat "$pub" | wc -l) runs" \
	grep -q " $(zcat "$pub" | wc -l) of $(zcat "$pub" | wc -l) runs to do" <<<"$out"
check "quick's estimate ($est h m s) within 25% of its measured ${took} s" \
	awk -v e="$est" -v t="$took" 'BEGIN { split(e, x, " "); s = x[1] * 3600 + x[2] * 60 + x[3];
		exit !(t > 0 && s > 0.75 * t && s < 1.25 * t) }'

# -j 2 with a host-timed cell: icount guests run two at once (their time is
# an instruction count), a tcg run has the machine to itself
jq '.profiles.mixed = {repetitions: 2, timing_modes: ["icount"],
      cells: [{variants: ["baseline", "baseline-aa"], workload: "probe"},
              {variants: ["nosocket"], workload: "probe", timing_modes: ["tcg"]}]}' \
	"$work/ok.json" >"$work/mixed.json"
out=$(MMX_MATRIX="$work/mixed.json" $MMX matrix --profile mixed --dry-run --results "$work/mixed" 2>&1)
check "a cell group's own timing mode: its cells in that mode" \
	test "$(grep -c '/probe/icount' <<<"$out")" -eq 2 -a "$(grep -c 'nosocket/base/probe/tcg' <<<"$out")" -eq 1
MMX_MATRIX="$work/mixed.json" $MMX matrix --profile mixed -j 2 --results "$work/mixed" >"$work/mixed.log" 2>&1
check "mixed modes at -j 2: six ok runs" \
	test "$(jq -s '[.[] | select(.status == "ok")] | length' "$work/mixed/runs.jsonl")" -eq 6
check "-j 2: a progress line as runs end, not only at the end" \
	grep -qE 'matrix mixed: [1-5]/6 done' "$work/mixed.log"
# intervals from started_at (1 s resolution) and wall_s: a tcg run overlaps nothing
# (4 icount slots and 2 tcg in 6: two icount slots are always adjacent)
check "mixed modes at -j 2: no guest beside a tcg run" jq -se '
	def t: .started_at | fromdateiso8601;
	[.[] | {id: .run_id, s: t, e: (t + .wall_s), tcg: (.timing_mode == "tcg")}] as $r
	| [$r[] | select(.tcg) as $a | $r[] | select(.id != $a.id)
	   | .s >= $a.e - 1 or .e <= $a.s + 1] | all' "$work/mixed/runs.jsonl"
check "mixed modes at -j 2: icount guests did run side by side" jq -se '
	def t: .started_at | fromdateiso8601;
	[.[] | select(.timing_mode == "icount") | {id: .run_id, s: t, e: (t + .wall_s)}] as $r
	| [$r[] as $a | $r[] | select(.id != $a.id) | .s < $a.e - 1 and .e > $a.s + 1] | any' \
	"$work/mixed/runs.jsonl"

# kill -9 in the middle, then resume: every slot exactly once
MMX_MATRIX="$work/ok.json" $MMX matrix --profile tiny --results "$res" --seed 7 \
	>"$work/first.log" 2>&1 &
pid=$!
# (other mmx processes on this machine can hold the guest slot for minutes)
for _ in $(seq 1 2400); do
	[ -s "$res/runs.jsonl" ] && [ "$(wc -l <"$res/runs.jsonl")" -ge 2 ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.5
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
before=$(wc -l <"$res/runs.jsonl" 2>/dev/null || echo 0)
check "the killed matrix had finished some runs but not all" test "$before" -ge 1 -a "$before" -lt 6
sleep 2
no_guest_left() { ! pgrep -f -- "[q]emu-system.*$res/logs" >/dev/null; }
check "no guest of the killed matrix keeps running" no_guest_left
out=$(MMX_MATRIX="$work/ok.json" $MMX matrix --profile tiny --results "$res" 2>&1)
check "resumed matrix exits 0" test $? -eq 0
check "resume keeps the recorded seed" grep -q 'seed 7' <<<"$out"
check "six ok records in all" test "$(jq -s '[.[] | select(.status == "ok")] | length' "$res/runs.jsonl")" -eq 6
check "every (cell, repetition) exactly once" \
	jq -se '[.[] | select(.status == "ok") | [.matrix.cell_id, .matrix.repetition]] | (unique | length) == 6 and length == 6' "$res/runs.jsonl"
check "records carry matrix provenance" \
	jq -se 'all(.[]; .matrix.profile == "tiny" and .matrix.seed == 7 and .timing_mode == "tcg")' "$res/runs.jsonl"
check "progress line with ETA" grep -q 'matrix tiny: 6/6 done, 0 failed, .* elapsed, ETA' <<<"$out"
out=$(MMX_MATRIX="$work/ok.json" $MMX matrix --profile tiny --results "$res" 2>&1)
check "a finished matrix runs nothing more" test "$(wc -l <"$res/runs.jsonl")" -eq 6
out=$(MMX_MATRIX="$work/ok.json" $MMX matrix --profile tiny --results "$res" --seed 8 2>&1)
check "another seed on the same results is refused" grep -q 'was started with seed 7' <<<"$out"

# a run of a kernel the variant no longer has (its patches changed since):
# not counted, set aside with nothing lost, its cell run again
old=$(head -n 1 "$res/runs.jsonl" | jq -c '.kernel_hash = ("0" * 64)')
{ echo "$old"; tail -n +2 "$res/runs.jsonl"; } >"$work/edited" && mv "$work/edited" "$res/runs.jsonl"
out=$(MMX_MATRIX="$work/ok.json" $MMX matrix --profile tiny --results "$res" --dry-run 2>&1)
check "superseded kernel: the dry run says what it would set aside" \
	grep -q "1 run of baseline was made with kernel 000000000000, not the [0-9a-f]\{12\} it has now (its patches or kconfig changed): to be moved to superseded.jsonl" <<<"$out"
check "superseded kernel: the dry run moves nothing and plans the run again" \
	bash -c "test ! -e '$res/superseded.jsonl' && grep -q '1 of 6 runs to do' <<<'$out'"
out=$(MMX_MATRIX="$work/ok.json" $MMX matrix --profile tiny --results "$res" 2>&1)
check "superseded kernel: the matrix exits 0" test $? -eq 0
check "superseded kernel: the record is in superseded.jsonl, byte for byte" \
	test "$(cat "$res/superseded.jsonl")" = "$old"
check "superseded kernel: the store holds six ok runs, none of the old kernel" \
	jq -se 'length == 6 and all(.[]; .status == "ok" and .kernel_hash != ("0" * 64))' "$res/runs.jsonl"
# nowhere to set them aside: the matrix stops and names it, the store unchanged
old=$(head -n 1 "$res/runs.jsonl" | jq -c '.kernel_hash = ("1" * 64)')
{ echo "$old"; tail -n +2 "$res/runs.jsonl"; } >"$work/edited" && mv "$work/edited" "$res/runs.jsonl"
cp "$res/runs.jsonl" "$work/store-before"
mv "$res/superseded.jsonl" "$work/aside-before" && mkdir "$res/superseded.jsonl"
out=$(MMX_MATRIX="$work/ok.json" $MMX matrix --profile tiny --results "$res" 2>&1)
check "superseded kernel, aside unwritable: the matrix fails (exit 1)" test $? -eq 1
check "superseded kernel, aside unwritable: the error names the file and says the store is unchanged" \
	grep -q "cannot set superseded runs aside in $res/superseded.jsonl: .*; the store $res/runs.jsonl is unchanged" <<<"$out"
check "superseded kernel, aside unwritable: the store is byte for byte as it was" cmp "$work/store-before" "$res/runs.jsonl"
rmdir "$res/superseded.jsonl" && mv "$work/aside-before" "$res/superseded.jsonl"

# kill (SIGTERM) says at once that it stops after the run in flight, then
# does so: exit 130, that run kept, the rest left for the next command
res3="$work/res3"
MMX_MATRIX="$work/ok.json" $MMX matrix --profile tiny --results "$res3" --seed 7 \
	>"$work/term.log" 2>&1 &
pid=$!
for _ in $(seq 1 2400); do
	pgrep -f -- "[q]emu-system.*$res3/logs" >/dev/null && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.5
done
kill -TERM "$pid"
sleep 1
check "a stop request is acknowledged at once" grep -q 'stop requested' "$work/term.log"
wait "$pid"
check "a stopped matrix exits 130" test $? -eq 130
check "it says how to continue" grep -q 'interrupted; run the same command again' "$work/term.log"
check "the run in flight was finished and kept, no more" \
	test "$(jq -s '[.[] | select(.status == "ok")] | length' "$res3/runs.jsonl")" -eq 1

# a failing cell: retried once (--retries 1), recorded failed, the rest runs
res2="$work/res2"
out=$(MMX_MATRIX="$work/ok.json" $MMX matrix --profile failing --results "$res2" --retries 1 2>&1)
check "a matrix with a failed cell exits 1" test $? -eq 1
check "the failing cell was tried twice" \
	test "$(jq -s '[.[] | select(.workload == "selftest-panic" and .status == "failed")] | length' "$res2/runs.jsonl")" -eq 2
check "its failures carry the reason" \
	jq -se 'all(.[] | select(.workload == "selftest-panic"); .reason == "kernel-panic")' "$res2/runs.jsonl"
check "the other cell still ran" \
	test "$(jq -s '[.[] | select(.workload == "probe" and .status == "ok")] | length' "$res2/runs.jsonl")" -eq 1
check "progress counts the failed cell" grep -q '1/2 done, 1 failed' <<<"$out"

# one matrix per results directory
exec 9>"$res/matrix.lock"
flock 9
out=$(MMX_MATRIX="$work/ok.json" $MMX matrix --profile tiny --results "$res" 2>&1)
check "a second matrix on the same results is refused" test $? -eq 1
check "the refusal says why" grep -q 'another mmx matrix is running' <<<"$out"
exec 9>&-
