#!/bin/bash
# Builds baseline (once; later runs reuse it), boots it and runs a short
# rx-mixed cell: status ok, throughput and charges above zero, recorded.
. "$(dirname "$0")/../lib.sh"

before=0
[ -f "$TEST_STORE" ] && before=$(wc -l <"$TEST_STORE")
errf=$(mktemp)
out=$($MMX run baseline rx-mixed tenants=4 duration_s=3 warmup_s=1 --out "$TEST_STORE" 2> >(tee "$errf" >&2))
rc=$?
sleep 0.2
# the one line a person reads, on stderr, the JSON on stdout
check "mmx run ends with a human line: status, headline metric, log directory" \
	grep -qE '^\[mmx\] run [^ ]+ ok: throughput [0-9.e+]+ MB/s.*; logs in .+/$' "$errf"
rm -f "$errf"
check "mmx run exits 0" test "$rc" -eq 0
check "printed record has status ok" test "$(field "$out" .status)" = ok
after=$(wc -l <"$TEST_STORE")
check "one record appended to the store" test "$after" -eq $((before + 1))
rec=$(last_record "$TEST_STORE")
check "stored record is the printed one" test "$(field "$rec" .run_id)" = "$(field "$out" .run_id)"
check "throughput > 0" jq -e '.metrics.throughput_bytes_per_sec > 0' <<<"$rec"
check "page-counter charges > 0" jq -e '.metrics.page_counter_charges > 0' <<<"$rec"
check "page-counter uncharges > 0" jq -e '.metrics.page_counter_uncharges > 0' <<<"$rec"
check "net_rx softirq time measured" jq -e '.metrics.net_rx_softirq_ns > 0' <<<"$rec"
check "per-tenant throughput for 4 tenants" jq -e '.metrics.tenant_throughput_bytes_per_sec | length == 4 and all(. > 0)' <<<"$rec"
check "per-tenant sock at window end" jq -e '.metrics.tenant_sock_bytes_end | length == 4' <<<"$rec"
check "sock returns to 0 after close" jq -e '.metrics.tenant_sock_bytes_after_close | all(. == 0)' <<<"$rec"
for f in variant kernel_release kernel_hash workload params accel status console_log started_at duration_s qemu_version host_cpu config_sha256 cmdline; do
	check "record has $f" jq -e "has(\"$f\") and .$f != null" <<<"$rec"
done
check "harness_rev is the commit mmx was built from" \
	grep -qx "$(git rev-parse --short=12 HEAD)\(-dirty\)\?" <<<"$(field "$rec" .harness_rev)"

# the revision is generated at build time: a commit's own, "-dirty" once
# compiled-in code differs (a clone, so this tree's build is untouched)
clone=$(mktemp -d)
git clone -q "$PWD" "$clone/repo"
make -s -C "$clone/repo" build/gen/harness_rev.c
check "generated revision of a clean clone is its HEAD" \
	grep -q "\"$(git -C "$clone/repo" rev-parse --short=12 HEAD)\"" "$clone/repo/build/gen/harness_rev.c"
echo "/* edited */" >>"$clone/repo/harness/host/store/provenance.c"
make -s -C "$clone/repo" build/gen/harness_rev.c
check "edited harness code makes it -dirty" \
	grep -q -- '-dirty"' "$clone/repo/build/gen/harness_rev.c"
rm -rf "$clone"
check "console log kept" test -s "$(field "$rec" .console_log)"
check "rx CPU online (guest has 4 CPUs)" jq -e '.metrics.online_cpus == 4' <<<"$rec"
