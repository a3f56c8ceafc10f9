#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# rx-mixed pass_stats=1: the shape of each NET_RX pass (segments, distinct
# tenants, tenant runs) from the mmx_pass tracefs instance, and dev_weight
# changing it: a larger backlog quota puts more segments and tenants in a
# pass. Both runs under icount, receivers pinned, so the shapes repeat.
. "$(dirname "$0")/../lib.sh"

SHAPE="tenants=4 flows=2 pass_stats=1 pin_receivers=1 duration_s=2 warmup_s=1 accel=icount"

out=$($MMX run baseline rx-mixed $SHAPE dev_weight=300 --out "$TEST_STORE")
check "dev_weight=300: mmx run exits 0" test $? -eq 0
check "dev_weight=300: status ok" test "$(field "$out" .status)" = ok
check "dev_weight=300: no pass_stats_error" jq -e '.metrics | has("pass_stats_error") | not' <<<"$out"
check "dev_weight=300: passes counted" jq -e '.metrics.pass_count > 0 and .metrics.pass_count_with_skbs > 0' <<<"$out"
check "dev_weight=300: no trace event lost" jq -e '.metrics.pass_events_lost == 0' <<<"$out"
check "dev_weight=300: between 1 and 4 distinct tenants a pass" \
	jq -e '.metrics.pass_tenants_mean >= 1 and .metrics.pass_tenants_mean <= 4' <<<"$out"
check "dev_weight=300: runs a pass at least the distinct tenants" \
	jq -e '.metrics.pass_runs_mean >= .metrics.pass_tenants_mean and .metrics.pass_runs_per_tenant >= 1' <<<"$out"
check "dev_weight=300: no pass holds more tenants than there are" jq -e '.metrics.pass_tenants_max <= 4' <<<"$out"
check "dev_weight=300: nearly every tenant segment arrives inside a pass" \
	jq -e '.metrics.pass_skbs_outside <= 0.01 * .metrics.pass_skbs_mean * .metrics.pass_count_with_skbs' <<<"$out"
wide=$(jq '.metrics.pass_skbs_mean' <<<"$out")

out=$($MMX run baseline rx-mixed $SHAPE dev_weight=64 --out "$TEST_STORE")
check "dev_weight=64: status ok" test "$(field "$out" .status)" = ok
narrow=$(jq '.metrics.pass_skbs_mean' <<<"$out")
check "dev_weight 300 puts more segments in a pass than 64 ($wide against $narrow)" \
	jq -en --argjson w "$wide" --argjson n "$narrow" '$w > 1.5 * $n'

# a run without pass_stats carries no pass metrics (not zeros)
out=$($MMX run baseline rx-mixed tenants=2 duration_s=1 warmup_s=1 accel=icount --out "$TEST_STORE")
check "pass_stats=0: no pass metrics in the record" jq -e '.metrics | has("pass_count") | not' <<<"$out"
