#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# The measurement window's counters on a short rx-mixed cell with profile=1:
# absent kprobes are null and listed, hardware counters without a PMU say
# "unavailable", tracepoint and /proc counters count the receive path, the
# profile has samples.
. "$(dirname "$0")/../lib.sh"

out=$($MMX run baseline rx-mixed tenants=2 duration_s=2 warmup_s=1 profile=1 --out "$TEST_STORE")
rc=$?
check "mmx run exits 0" test "$rc" -eq 0
check "status ok" test "$(field "$out" .status)" = ok
rec=$(last_record "$TEST_STORE")
m() { jq -e ".metrics | $1" <<<"$rec"; }
# m with jq arguments before the filter: ma --arg x 1 '.filter'
ma() { jq -e "${@:1:$#-1}" ".metrics | ${!#}" <<<"$rec"; }

# kprobes: multi-slot's drain_stock_slot is not in the baseline kernel
check "kprobe on an absent symbol is null" m '.kprobe_counts | has("drain_stock_slot") and .drain_stock_slot == null'
check "absent symbol listed in kprobes_absent" m '.kprobes_absent | index("drain_stock_slot") != null'
check "every null kprobe count is listed absent, every listed one is null" \
	m '([.kprobe_counts | to_entries[] | select(.value == null) | .key] | sort) == (.kprobes_absent | sort)'
check "a present kprobe counts (page_counter_try_charge > 0)" m '.kprobe_counts.page_counter_try_charge > 0'
check "kprobe counts per MB derived" m '.kprobe_counts_per_mb.try_charge_memcg > 0'

# hardware counters: TCG has no PMU; elsewhere, a number or an honest null
if [ "$(field "$rec" .accel)" = tcg ] || [ "$(field "$rec" .accel)" = icount ]; then
	check "hw_counters unavailable under TCG" m '.hw_counters | startswith("unavailable")'
	check "hw_cycles null under TCG" m '.hw_cycles == null and .hw_instructions == null'
else
	check "hw counters: available with counts or unavailable with nulls" \
		m '(.hw_counters == "available" and .hw_cycles > 0) or ((.hw_counters | startswith("unavailable")) and .hw_cycles == null)'
fi

# tracepoints and /proc counters on the receive path
check "NET_RX softirq entries (tracepoint) > 0" m '.net_rx_softirq_entries > 0'
check "NET_RX softirq entries on the receive CPU" m '.net_rx_softirq_entries_per_cpu[.rx_cpu] > 0'
check "napi polls (tracepoint) > 0 on the receive CPU" m '.napi_polls > 0 and .napi_polls_per_cpu[.rx_cpu] > 0'
check "netif_receive_skb (tracepoint) > 0" m '.netif_receive_skbs > 0'
check "no tracepoint absent" m '.tracepoints_absent == []'
check "/proc/softirqs NET_RX > 0" m '.net_rx_softirqs > 0'
# the /proc reads enclose the perf reads: never fewer entries than the tracepoint saw
check "tracepoint entries <= /proc/softirqs NET_RX (nested windows)" m '.net_rx_softirq_entries <= .net_rx_softirqs'
check "softnet processed > 0 on the receive CPU" m '.softnet_processed > 0 and .softnet_processed_per_cpu[.rx_cpu] > 0'
check "softnet dropped and time_squeeze reported" m '(.softnet_dropped | type) == "number" and (.softnet_time_squeeze | type) == "number"'
check "/proc/stat softirq time per CPU" m '.softirq_ns_procstat_per_cpu | length == 4'
check "software counters" m '.cpu_clock_ns > 0 and .context_switches > 0 and .task_clock_ns > 0'
check "per-MB values" m '.unit == "mb" and .charges_per_mb > 0 and .softirq_ns_procstat_per_mb > 0 and .softnet_processed_per_mb > 0 and .net_rx_softirq_ns_per_mb == null'
check "charges and uncharges per CPU" m '(.page_counter_charges_per_cpu | length) == 4 and (.page_counter_charges_per_cpu | add) == .page_counter_charges and (.page_counter_uncharges_per_cpu | add) == .page_counter_uncharges'
check "the receive CPU's charges against the other CPUs' add up to charges per MB" \
	m '.rx_cpu_set == [1] and ((.charges_rx_cpus_per_mb + .charges_other_cpus_per_mb) - .charges_per_mb | fabs) < 1e-6 * .charges_per_mb and ((.uncharges_rx_cpus_per_mb + .uncharges_other_cpus_per_mb) - .uncharges_per_mb | fabs) < 1e-6 * (.uncharges_per_mb + 1)'
check "socket charges happen on the receive CPU (softirq), more than elsewhere" m '.charges_rx_cpus_per_mb > .charges_other_cpus_per_mb'
check "tenant memory begin/end for 2 tenants" m '.tenant_memory.current.begin | length == 2'

# profile=1
check "profile samples > 0" m '.profile.samples > 0'
check "profile top20 non-empty, at most 20" m '.profile.top20 | length > 0 and length <= 20'
check "top20 entries named and counted" m '.profile.top20 | all(.symbol != "" and .self_samples > 0)'
check "memcg shares in [0,1], children >= self" \
	m '.profile.memcg_charge_share_self >= 0 and .profile.memcg_charge_share_children <= 1 and .profile.memcg_charge_share_children >= .profile.memcg_charge_share_self'
check "profile=1 leaves out the function profiler, and says so" m '.net_rx_softirq_ns == null and (.net_rx_softirq_error | test("profile=1"))'
check "profile names its memcg function list" m '.profile.memcg_charge_functions | index("page_counter_*") != null'

# profile=1 is Debian's perf in the guest: perf.data and the guest's kallsyms
# come back beside the run's logs, and the host's perf report reads them
check "make deps installs linux-perf" grep -qw linux-perf scripts/install-deps.sh
perf_data=$(field "$rec" '.guest_files["perf.data"] // empty')
kallsyms=$(field "$rec" '.guest_files.kallsyms // empty')
check "perf.data came back beside the logs" test -s "$perf_data"
check "the guest's kallsyms came back beside the logs" test -s "$kallsyms"
check "profile sizes are the files' sizes" \
	ma --argjson p "$(stat -c %s "$perf_data")" --argjson k "$(stat -c %s "$kallsyms")" \
	'.profile.perf_data_bytes == $p and .profile.kallsyms_bytes == $k'
report=$(perf report -i "$perf_data" --kallsyms "$kallsyms" --stdio --no-children \
	 --sort sym -n -g none 2>/dev/null)
check "host perf report names a charge-path symbol" \
	grep -qE '\[k\] (try_charge_memcg|page_counter_try_charge|mem_cgroup_charge_skmem|__mem_cgroup_charge)$' <<<"$report"
check "host perf report counts the samples the record has" \
	ma --argjson n "$(awk '/^ +[0-9.]+%/ { n += $2 } END { print n + 0 }' <<<"$report")" \
	'.profile.samples == $n'
check "the record's top symbol is perf report's top symbol" \
	ma --arg s "$(grep -m1 -o '\[k\] .*' <<<"$report" | cut -c5-)" '.profile.top20[0].symbol == $s'

check "rx-mixed declares profile 0..1, default 0" \
	jq -e '.workloads["rx-mixed"].params.profile == {"type": "int", "default": 0, "min": 0, "max": 1}' matrix.json

# NAPI polls wherever they run: baseline polls the backlog in the softirq,
# backlog-threads (thread_backlog_napi, as PREEMPT_RT does) in backlog_napi/N,
# where net_rx_action's time reads ~0.  icount: the two are comparable.
for v in baseline backlog-threads; do
	$MMX run $v rx-mixed tenants=2 duration_s=2 warmup_s=1 accel=icount --out "$TEST_STORE" >/dev/null
	check "$v: napi thread run ok" test "$(field "$(last_record "$TEST_STORE")" .status)" = ok
	eval "rec_${v//-/_}=\$(last_record \"\$TEST_STORE\")"
done
b() { jq -e ".metrics | $1" <<<"$rec_baseline"; }
t() { jq -e ".metrics | $1" <<<"$rec_backlog_threads"; }
check "baseline: every poll inside net_rx_action (0.8 .. 1.0 of its time)" \
	b '.napi_poll_ns_per_cpu[1] > 0 and .napi_poll_ns <= .net_rx_softirq_ns and .napi_poll_ns >= 0.8 * .net_rx_softirq_ns'
check "baseline: no NET_RX thread time, no error" b '.net_rx_thread_ns == 0 and .net_rx_threads_error == null and .ksoftirqd_ns >= 0'
check "backlog-threads: the softirq sees almost nothing" t '.net_rx_softirq_ns < 0.05 * .napi_poll_ns'
# the thread's CPU time and the polls' are read a moment apart at each edge:
# the polls came to 98.8-99.9% of the thread's time in 5 runs, and to
# 100.2% in a cold CI run, so 1% over is the reading, not a poll elsewhere
check "backlog-threads: the polls run in backlog_napi/1" \
	t '.net_rx_thread_ns_per_cpu[1] > 0 and .napi_poll_ns_per_cpu[1] <= 1.01 * .net_rx_thread_ns_per_cpu[1]'
# one run a side: baseline's poll time per MB ranged 3.30-3.83 ms (CV about
# 5%) over 5 runs of this test, so the ratio of two runs has a spread near
# 7%, and a 10% band failed a clean CI run at +11.4%; 20% still catches a
# thread whose polls go unmeasured or are counted twice
check "backlog-threads: poll time per MB within 20% of baseline's" \
	jq -n -e --argjson a "$rec_baseline" --argjson b "$rec_backlog_threads" \
	'($b.metrics.napi_poll_ns_per_mb / $a.metrics.napi_poll_ns_per_mb - 1 | fabs) < 0.20'
