#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# cost=1: the TCG plugin counts the guest kernel in the measured window.
# Its call counts must agree with the agent's kprobe counts of the same
# functions in the same run (the built-in cross-check), on baseline and on
# atomics-only (every charge to the page counters); nosocket charges no
# socket memory, so its charge path is near silent; bad input is a named
# error and leaves the store as it was.
. "$(dirname "$0")/../lib.sh"

store=results/test/cost.jsonl
rm -f "$store"
declare -A cpi

# baseline and atomics-only under icount, where the counts repeat (under
# tcg they follow the host's load: baseline's charge path varied twofold
# with builds beside it); nosocket under tcg, so the plugin also runs with
# vCPU threads in parallel (MTTCG)
declare -A mode=([baseline]=icount [atomics-only]=icount [nosocket]=tcg)
declare -A pcc
for v in baseline atomics-only nosocket; do
	out=$($MMX run "$v" rx-mixed tenants=1 duration_s=1 warmup_s=0.5 cost=1 accel=${mode[$v]} --out "$store")
	rc=$?
	check "$v: cost run exits 0" test "$rc" -eq 0
	rec=$(last_record "$store")
	m() { jq -e ".metrics.cost | $1" <<<"$rec"; }
	check "$v: metrics.cost present with kernel and charge-path instructions" \
		m '.kernel_insns > 0 and .charge_insns >= 0 and .kernel_insns > .charge_insns'
	check "$v: the plugin saw the window on every vCPU (per-CPU arrays of 4)" \
		m '(.per_cpu.kernel_insns | length) == 4 and (.per_cpu.kernel_insns | all(. > 0))'
	check "$v: per-MB figures and the modelled cost at P=50 and P=200" \
		m '.kernel_insns_per_mb > 0 and .modelled_p200_per_mb >= .modelled_p50_per_mb and .penalty_p == [50, 200]'
	check "$v: instrumentation counted apart, below the kernel total" \
		m '.instrumentation_insns > 0 and .instrumentation_insns < .kernel_insns'
	check "$v: no line dropped from the transfer model" m '.lines_dropped == 0'
	# the receive scope (net_rx_action, __napi_poll) against the agent's
	# own counts of the same calls, and balanced: every entry left by its ret
	for fn in net_rx_action __napi_poll; do
		check "$v: receive-scope entries of $fn within 2% of its kprobe count ($(jq -c ".metrics.cost.crosscheck.$fn" <<<"$rec"))" \
			m ".crosscheck.$fn | .kprobe > 100 and .rel_diff <= 0.02"
	done
	check "$v: every scope entry left by its ret, none left open" \
		m '.rx.balanced == true and (.rx.unbalanced | add) == 0 and (.rx.depth_at_exit | add) == 0'
	check "$v: the receive scope is a part of the kernel's work, the charge path a part of it" \
		m '.rx.kernel_insns > 0 and .rx.kernel_insns < .kernel_insns and .rx.charge_insns <= .charge_insns and .rx_charge_share_skylake >= 0 and .rx_charge_share_skylake < 1 and .rx_modelled_cycles_skylake_per_mb > 0'
	cpi[$v]=$(jq '.metrics.cost.charge_insns_per_mb' <<<"$rec")
	pcc[$v]=$(jq '(.metrics.cost.functions.page_counter_try_charge.calls // 0) / .metrics.units' <<<"$rec")
	[ "$v" = nosocket ] && continue
	check "$v: the receive roots ran (net_rx_action, process_backlog calls > 0)" \
		m '.functions.net_rx_action.calls > 0 and .functions.process_backlog.calls > 0'
	for fn in page_counter_try_charge try_charge_memcg; do
		check "$v: $fn plugin calls within 2% of its kprobe count ($(jq -c ".metrics.cost.crosscheck.$fn" <<<"$rec"))" \
			m ".crosscheck.$fn.kprobe > 100 and .crosscheck.$fn.rel_diff <= 0.02"
	done
	check "$v: crosscheck_ok" m '.crosscheck_ok == true'
	check "$v: charge-path transfers counted" m '.transfers > 0 and .transfers_per_mb > 0'
	# QEMU 7.2 leaves a block's memory callbacks armed after a ret through a
	# helper: unfiltered, 86% of atomics-only's transfers sat at the ret of
	# charge functions (SLUB's cmpxchg16b elsewhere in the kernel)
	check "$v: stale memory callbacks are dropped, and counted ($(jq -c '.metrics.cost | [.stale_mem_callbacks, .ret_transfers, .transfers]' <<<"$rec"))" \
		m '.stale_mem_callbacks > 0 and .ret_transfer_share < 0.05'
	check "$v: the estimate at every window length, and the turns of the run" \
		m '(.transfers_est_by_window | length) == 4 and .transfers_est_window == 16000000 and ([.mix_windows[].accesses_dropped] | add) == 0'
	check "$v: modelled cycles per MB above the instructions (no class is cheaper than plain)" \
		m '.modelled_cycles_skylake_per_mb > .kernel_insns_per_mb - .instrumentation_insns / .kernel_insns * .kernel_insns_per_mb and .modelled_cycles_zen2_per_mb > 0 and .charge_cycles_skylake_per_mb > .charge_insns_per_mb'
	[ "${mode[$v]}" = icount ] || continue
	check "$v: icount's turns recorded" m '.turns.counted == true and .turns.count > 0'
	check "$v: under icount the estimate is at least the serialized count ($(jq -c '.metrics.cost | [.page_counter_transfers_est, .page_counter_transfers]' <<<"$rec"))" \
		m '.page_counter_transfers_est >= .page_counter_transfers'
done
est_ratio=$(jq '.metrics.cost.page_counter_transfers_est / ([.metrics.cost.page_counter_transfers, 1] | max)' <<<"$(jq -c 'select(.variant == "atomics-only")' "$store" | tail -n1)")
check "atomics-only under icount: the estimate sees over 5x the page-counter transfers the serialized count does ($est_ratio)" \
	awk -v r="$est_ratio" 'BEGIN { exit !(r > 5) }'

# The contention model on a case with a known answer (contention-probe):
# two threads add to one shared line (and to lines of their own) through a
# function the plugin models.  Calls: exactly two per counted iteration.
# Random interleaving of the whole run's adds expects N - sum(n_i^2) / N
# transfers on the shared line (n_i: task i's adds; icount need not give
# the vCPUs equal time), exactly, up to the line carried in; shorter
# windows see less of the mix.  Under icount a turn is millions of
# instructions, so free adds are serialized with almost no transfer;
# alternate makes every shared add follow the other task's: 1 per add.
probe() {
	$MMX run baseline contention-probe "$@" cost=1 --out "$store" >/dev/null
	check "contention-probe $*: exits 0" test $? -eq 0
	rec=$(last_record "$store")
	got=$(jq -c '.metrics as $m | $m.cost | {adds: $m.adds, task_adds: $m.task_adds,
		serialized: (.probe_transfers / $m.adds),
		expected: ($m.adds - ([$m.task_adds[] | . * .] | add) / $m.adds),
		by_window: .functions.contention_probe_add.transfers_est_by_window}' <<<"$rec")
	check "contention-probe $*: the plugin's calls are the agent's adds, twice ($(jq -c '[.metrics.adds, .metrics.cost.functions.contention_probe_add.calls]' <<<"$rec"))" \
		jq -e '.metrics.adds > 20 and .metrics.cost.functions.contention_probe_add.calls == 2 * .metrics.adds' <<<"$rec"
	check "contention-probe $*: no transfer at the ret, none counted as the kernel's" \
		jq -e '.metrics.cost.ret_transfers == 0 and .metrics.cost.functions.contention_probe_add.transfers == .metrics.cost.probe_transfers' <<<"$rec"
	check "contention-probe $*: the whole run's estimate is the known N - sum(n_i^2)/N ($got)" \
		jq -e '(.by_window.run - .expected) | fabs <= 2' <<<"$got"
	# one shared line carries the contention: the hottest line's transfers
	# are the probe's estimate, from both tasks' vCPUs, in the probe's function
	check "contention-probe $*: the hottest line is the shared one, with all of the probe's estimated transfers ($(jq -c '.metrics.cost.hot_lines[0] | del(.functions)' <<<"$rec"))" \
		jq -e '.metrics.cost as $c | $c.hot_lines[0] as $h | $h.vcpus == 2 and ($h.functions | index("contention_probe_add")) != null and (($h.transfers_est - $c.probe_transfers_est) | fabs) <= 1e-6 * ($c.probe_transfers_est + 1) and ([$c.hot_lines[1:][].transfers_est] | add // 0) <= 0.01 * $h.transfers_est' <<<"$rec"
	# every other round goes through contention_probe_scoped, a scope
	# function: exactly that many entries and exits, and two adds inside each
	check "contention-probe $*: scope entries and exits are the agent's scoped rounds, adds inside twice that ($(jq -c '[.metrics.scoped_rounds, (.metrics.cost.rx.entries | add), (.metrics.cost.rx.exits | add), .metrics.cost.functions.contention_probe_add.scope_calls]' <<<"$rec"))" \
		jq -e '.metrics.scoped_rounds > 10 and (.metrics.cost.rx.entries | add) == .metrics.scoped_rounds and (.metrics.cost.rx.exits | add) == .metrics.scoped_rounds and .metrics.cost.functions.contention_probe_add.scope_calls == 2 * .metrics.scoped_rounds and (.metrics.cost.rx.unbalanced | add) == 0' <<<"$rec"
}
probe mode=free accel=icount duration_s=0.5 warmup_s=0.1
check "free, icount: the serialized count sees almost nothing (under 0.01 per add)" \
	jq -e '.serialized < 0.01' <<<"$got"
# turns cluster each task's adds, so a window sees more of the mix the
# longer it is (alternate's order is the opposite: more transfers than a
# random one, and its short windows come nearer its serialized count)
check "free, icount: the estimate grows with the window, to the whole run's" \
	jq -e '.by_window | .["4000000"] <= .["16000000"] + 1e-6 and .["16000000"] <= .["64000000"] + 1e-6 and .["64000000"] <= .run + 1e-6' <<<"$got"
probe mode=alternate accel=icount duration_s=1 warmup_s=0.1
check "alternate, icount: serialized 0.9-1 per shared add, the 4M windows near it (one add each)" \
	jq -e '.serialized >= 0.9 and .serialized <= 1.0 and .by_window["4000000"] >= 0.8 * .serialized * .adds' <<<"$got"
probe mode=free accel=tcg duration_s=0.5 warmup_s=0.1
echo "# free, tcg: serialized and estimated transfers per add: $(jq -c '[.serialized, .by_window.run / .adds]' <<<"$got")"

# sendfile-clients, upstream's netperf shape: every CPU with a client
# receives in its own softirq, so the receive scope runs on several vCPUs;
# cgroup_depth=3 puts the clients under a shared slice and a pod level
out=$($MMX run baseline sendfile-clients tenants=2 cpus=4 cgroup_depth=3 duration_s=0.5 warmup_s=0.3 cost=1 accel=icount --out "$store")
check "sendfile-clients: cost run at depth 3 exits 0" test $? -eq 0
rec=$(last_record "$store")
check "sendfile-clients: both clients' servers received ($(jq -c '.metrics.tenant_throughput_bytes_per_sec' <<<"$rec"))" \
	jq -e '(.metrics.tenant_throughput_bytes_per_sec | length) == 2 and (.metrics.tenant_throughput_bytes_per_sec | all(. > 0)) and .metrics.server_cgroup == "shared" and .metrics.cgroup_depth == 3' <<<"$rec"
check "sendfile-clients: the tenants' cgroups (pod and tenant levels) removed at the end" \
	jq -e '.metrics.tenant_cgroups_removed == 2' <<<"$rec"
check "sendfile-clients: receive-scope entries agree with the kprobes, balanced, on more than one vCPU ($(jq -c '.metrics.cost.rx.entries' <<<"$rec"))" \
	jq -e '.metrics.cost.crosscheck_ok == true and .metrics.cost.rx.balanced == true and ([.metrics.cost.rx.entries[] | select(. > 0)] | length) >= 2' <<<"$rec"
check "sendfile-clients: the hottest lines name charge functions and hold no more than the charge path's estimate ($(jq -c '[.metrics.cost.transfers_est, [.metrics.cost.hot_lines[].transfers_est]]' <<<"$rec"))" \
	jq -e '.metrics.cost as $c | ($c.hot_lines | length) >= 1 and ([$c.hot_lines[].transfers_est] | add) <= $c.transfers_est * (1 + 1e-9) and all($c.hot_lines[]; .transfers_est > 0 and (.functions | length) >= 1 and .vcpus >= 1) and $c.hot_line_transfers_est_per_mb == $c.hot_lines[0].transfers_est_per_mb and $c.hot_line_transfers_est_per_mb > 0' <<<"$rec"
check "sendfile-clients: the receive scope's cycles and the charge path's share of them" \
	jq -e '.metrics.cost.rx_modelled_cycles_skylake_per_mb > 0 and .metrics.cost.rx_charge_share_skylake > 0 and .metrics.cost.rx_charge_share_skylake < 1' <<<"$rec"
errf=$(mktemp)
n=$(wc -l <"$store")
$MMX run baseline sendfile-clients cgroup_depth=4 --out "$store" >/dev/null 2>"$errf" ; rc=$?
check "sendfile-clients: cgroup_depth=4 refused before the boot, naming the parameter ($(head -c 200 "$errf"))" \
	bash -c "[ $rc -ne 0 ] && grep -q cgroup_depth '$errf' && [ \$(wc -l <'$store') -eq $n ]"
rm -f "$errf"

# kmem-mix: the tenants' own charges run on the receive CPU too, and a NET_RX
# softirq that lands on a task's kprobe handler finds a kprobe running and
# only counts a miss.  The plugin sees every call: it falls between the hits
# plus the misses read while every CPU's window was open and the hits plus
# those read around the CPU passes (metrics.kprobe_missed_inner, kprobe_missed).
out=$($MMX run baseline kmem-mix duration_s=0.5 warmup_s=0.5 cost=1 accel=icount --out "$store")
check "kmem-mix: cost run exits 0" test $? -eq 0
rec=$(last_record "$store")
x=$(jq -c '.metrics.cost.crosscheck.try_charge_memcg' <<<"$rec")
check "kmem-mix: the kernel dropped kprobe hits, and says how many ($x)" \
	jq -e '.metrics.kprobe_missed.try_charge_memcg > 0 and .metrics.kprobe_missed_inner.try_charge_memcg <= .metrics.kprobe_missed.try_charge_memcg and .metrics.cost.crosscheck.try_charge_memcg.kprobe_missed == .metrics.kprobe_missed.try_charge_memcg' <<<"$rec"
check "kmem-mix: the plugin counts more calls than the kprobes hit ($x)" \
	jq -e '.metrics.cost.crosscheck.try_charge_memcg | .plugin > .kprobe' <<<"$rec"
for fn in page_counter_try_charge try_charge_memcg; do
	check "kmem-mix: $fn plugin calls within 2% of the bounds hits + misses give ($(jq -c ".metrics.cost.crosscheck.$fn" <<<"$rec"))" \
		jq -e ".metrics.cost.crosscheck.$fn | .kprobe > 100 and .kprobe_bounds[0] >= .kprobe and .plugin >= 0.98 * .kprobe_bounds[0] and .plugin <= 1.02 * .kprobe_bounds[1] and .rel_diff <= 0.02" <<<"$rec"
done
check "kmem-mix: crosscheck_ok, so its cost metrics count" jq -e '.metrics.cost.crosscheck_ok == true' <<<"$rec"
check "kmem-mix: charge-path instructions and a modelled cost per op" \
	jq -e '.metrics.cost.charge_insns_per_op > 0 and .metrics.cost.modelled_p200_per_op > 0' <<<"$rec"

# a plain run loads no plugin and has no cost metrics
$MMX run baseline rx-mixed tenants=2 duration_s=1 warmup_s=0 accel=tcg --out "$store" >/dev/null 2>&1
rec=$(last_record "$store")
check "without cost=1: no metrics.cost" jq -e '.metrics | has("cost") | not' <<<"$rec"
check "without cost=1: QEMU got no -plugin" bash -c "! grep -q -- '-plugin' '$(jq -r .qemu_log <<<"$rec")'"

# bad input: named, and nothing stored
lines() { wc -l <"$store"; }
n=$(lines)
err=$($MMX run baseline rx-mixed tenants=2 duration_s=1 cost=1 cost_funcs=no_such_function --out "$store" 2>&1)
check "an unknown function in the set fails" test $? -ne 0
check "  ... naming the function and the System.map" grep -q "'no_such_function'.*System.map" <<<"$err"
check "  ... storing nothing" test "$(lines)" -eq "$n"
err=$(MMX_COST_PLUGIN=/nonexistent/mmx-cost.so $MMX run baseline rx-mixed tenants=2 duration_s=1 cost=1 --out "$store" 2>&1)
check "a missing plugin fails before the boot, naming it and make harness" grep -q "/nonexistent/mmx-cost.so.*make harness" <<<"$err"
check "  ... storing nothing" test "$(lines)" -eq "$n"
err=$($MMX run baseline rx-mixed tenants=2 duration_s=1 cost=1 accel=kvm --out "$store" 2>&1)
check "cost=1 with accel=kvm is refused, naming TCG" grep -q "accel=tcg" <<<"$err"
check "  ... storing nothing" test "$(lines)" -eq "$n"
# a kernel without System.map: a hard-link copy of the cache with baseline's
# System.map removed, so the real cache (and a matrix using it) is untouched
cache=${MMX_CACHE:-$HOME/.cache/memcg-matrix}
key=$($MMX kernels baseline --dry-run 2>/dev/null | awk '$1 == "baseline" { print $3 }')
tmpcache=$(mktemp -d)
if [ -f "$cache/kernels/$key/System.map" ] && mkdir -p "$tmpcache/kernels" &&
	cp -al "$cache/src" "$tmpcache/src" && cp -al "$cache/kernels/$key" "$tmpcache/kernels/$key"; then
	rm "$tmpcache/kernels/$key/System.map"
	err=$(MMX_CACHE=$tmpcache $MMX run baseline rx-mixed tenants=2 duration_s=1 cost=1 --out "$store" 2>&1)
	check "a missing System.map fails before the boot, naming it" grep -q "System.map.*missing" <<<"$err"
	check "  ... storing nothing" test "$(lines)" -eq "$n"
else
	not_ok "baseline's kernel not found in $cache/kernels/$key"
fi
rm -rf "$tmpcache"
# a shared object that is not a QEMU plugin: QEMU refuses it; the run is
# stored as failed, saying so
notplugin=$(ls /usr/lib/x86_64-linux-gnu/libz.so.1 2>/dev/null)
out=$(MMX_COST_PLUGIN=$notplugin $MMX run baseline rx-mixed tenants=2 duration_s=1 cost=1 --out "$store" 2>/dev/null)
check "a plugin QEMU cannot load: the run fails" test $? -ne 0
rec=$(last_record "$store")
check "  ... recorded failed with reason cost-plugin and QEMU's words" \
	jq -e '.status == "failed" and .reason == "cost-plugin" and (.detail | test("plugin"))' <<<"$rec"
check "  ... with no metrics.cost" jq -e '.metrics.cost == null' <<<"$rec"
