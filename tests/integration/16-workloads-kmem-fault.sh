#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# Short kmem-mix and fault-mix cells on baseline: status ok, work done,
# per-tenant arrays of the right length, tenant cgroups removed, the stats
# reader's latency percentiles; and bad parameters refused with the value named.
. "$(dirname "$0")/../lib.sh"

expect_refused() {	# expect_refused "what" "pattern" args...
	local what=$1 pattern=$2 err rc; shift 2
	err=$($MMX run "$@" 2>&1 >/dev/null)
	rc=$?
	check "$what: exit 2" test "$rc" -eq 2
	if grep -q -- "$pattern" <<<"$err"; then ok "$what: message names it"
	else not_ok "$what: message names it (got: $err)"; fi
}

expect_refused "fault-mix tenants=0" "tenants=0 is out of range" baseline fault-mix tenants=0
expect_refused "fault-mix region_kb=1" "region_kb=1 is out of range" baseline fault-mix region_kb=1
expect_refused "kmem-mix kmem_tenants=0" "kmem_tenants=0 is out of range" baseline kmem-mix kmem_tenants=0
expect_refused "stats_reader_hz above max" "stats_reader_hz=5000 is out of range" baseline kmem-mix stats_reader_hz=5000

# fault-mix with the stats reader on
out=$($MMX run baseline fault-mix tenants=4 region_kb=256 duration_s=2 warmup_s=1 \
	stats_reader_hz=50 --out "$TEST_STORE")
check "fault-mix: mmx run exits 0" test $? -eq 0
check "fault-mix: status ok" test "$(field "$out" .status)" = ok
check "fault-mix: faults > 0" jq -e '.metrics.faults > 0 and .metrics.faults_per_sec > 0' <<<"$out"
check "fault-mix: per-tenant faults for 4 tenants" \
	jq -e '.metrics.tenant_faults_per_sec | length == 4 and all(. > 0)' <<<"$out"
check "fault-mix: rusage minor faults cross-check > 0" jq -e '.metrics.rusage_minflt > 0' <<<"$out"
check "fault-mix: page-counter charges per fault measured" \
	jq -e '.metrics.charges_per_fault > 0' <<<"$out"
# ru_minflt also counts a task's first touches of the agent's own pages after
# the fork (its CPU-clock read, its publishing code): 1 a task with the agent
# of d17b800, 2 with c1c746c's larger one (measured, tenants=4: +4, +8).  A
# miscount of the region's faults would be off by thousands.
check "fault-mix: tasks parked for the counter reads, faults match ru_minflt (2 a task)" \
	jq -e '.metrics.tasks_parked_for_counter_reads and
	((.metrics.rusage_minflt - .metrics.faults) | fabs) <= 8' <<<"$out"
check "fault-mix: the tasks' CPU time per fault" jq -e '.metrics.task_cpu_us_per_fault > 0' <<<"$out"
check "fault-mix: tenant cgroups removed" \
	jq -e '.metrics.tenant_cgroups == 4 and .metrics.tenant_cgroups_removed == 4' <<<"$out"
check "stats reader: reads > 0" jq -e '.metrics.stats_reader.reads > 0 and .metrics.stats_reader.hz == 50' <<<"$out"
check "stats reader: p50 <= p90 <= p99 <= max, all > 0" jq -e '.metrics.stats_reader.read_latency_us
	| .p50 > 0 and .p50 <= .p90 and .p90 <= .p99 and .p99 <= .max' <<<"$out"
check "stats reader: off the receive and sender CPUs" \
	jq -e '.metrics.stats_reader.cpu != 1 and .metrics.stats_reader.cpu != 2' <<<"$out"

# kmem-mix without the reader: no stats_reader key
out=$($MMX run baseline kmem-mix kmem_tenants=3 rx_tenants=2 duration_s=2 warmup_s=1 \
	--out "$TEST_STORE")
check "kmem-mix: mmx run exits 0" test $? -eq 0
check "kmem-mix: status ok" test "$(field "$out" .status)" = ok
check "kmem-mix: ops > 0" jq -e '.metrics.ops > 0 and .metrics.ops_per_sec > 0' <<<"$out"
# not all(. > 0): the rx softirq can take nearly all of CPU 1 on a loaded host
check "kmem-mix: per-tenant ops for 3 kmem tenants" \
	jq -e '.metrics.tenant_ops_per_sec | length == 3 and all(. >= 0)' <<<"$out"
check "kmem-mix: receive CPU's softirq share reported" \
	jq -e '.metrics.rx_cpu_softirq_share > 0' <<<"$out"
check "kmem-mix: rx throughput for 2 rx tenants" \
	jq -e '.metrics.throughput_bytes_per_sec > 0 and (.metrics.tenant_throughput_bytes_per_sec | length == 2)' <<<"$out"
check "kmem-mix: charges per MB received measured" jq -e '.metrics.charges_per_mb > 0' <<<"$out"
check "kmem-mix: the tasks' CPU time per op" jq -e '.metrics.task_cpu_us_per_op > 0' <<<"$out"
check "kmem-mix: receive-CPU kprobe counts" jq -e '.metrics.rx_cpu_kprobe_counts.page_counter_try_charge > 0' <<<"$out"
check "kmem-mix: tenant cgroups removed" \
	jq -e '.metrics.tenant_cgroups == 5 and .metrics.tenant_cgroups_removed == 5' <<<"$out"
check "kmem-mix: no stats reader when stats_reader_hz=0" jq -e '.metrics | has("stats_reader") | not' <<<"$out"
