#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
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
# every top-level field of the record is documented (docs/metrics.md)
missing=$(jq -r 'keys[]' <<<"$out" | while read -r k; do
	grep -q "\`$k\`" docs/metrics.md || echo "$k"; done)
check "every top-level field of a run record is in docs/metrics.md${missing:+ (missing: $missing)}" test -z "$missing"
check "a tcg run's record says it ran alone, and its slot wait apart from its duration" \
	jq -e '.ran_alone == true and (.slot_wait_s | type) == "number"' <<<"$out"
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

# a timed (tcg) run started beside another guest waits for it: two runs,
# an icount one (whose times are instruction counts, so it shares the
# machine) started first with room for two guests, then a tcg one, which
# must say it waits, wait until the icount guest is done, and record the
# wait apart from its own duration
cache=${MMX_CACHE:-$HOME/.cache/memcg-matrix}
errf=$(mktemp)
MMX_GUEST_SLOTS=2 $MMX run baseline rx-mixed tenants=2 duration_s=1 warmup_s=0.5 accel=icount \
	--out "$TEST_STORE" >/dev/null 2>"$errf.icount" &
other=$!
# until the icount guest holds a slot (its kernel is built: test 10's first run)
for _ in $(seq 1 120); do
	flock -n "$cache/guest-slot-0.lock" true 2>/dev/null || break
	sleep 0.5
done
out=$($MMX run baseline rx-mixed tenants=2 duration_s=1 warmup_s=0.5 accel=tcg --out "$TEST_STORE" 2>"$errf")
wait "$other"
check "two runs: the icount guest beside it ran and stored its record" \
	grep -q '^\[mmx\] run .* ok' "$errf.icount"
check "two runs: the tcg run says it waits for the other guest" \
	grep -q 'waiting for the 1 other guest to finish: this run.s times are the host.s, so it runs alone' "$errf"
check "two runs: the tcg run was delayed until it finished, the wait recorded apart" \
	jq -e '.status == "ok" and .ran_alone == true and .slot_wait_s >= 1' <<<"$out"
rm -f "$errf" "$errf.icount"
