#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# Faults cost nothing that was finished: kernel reports on the console,
# damaged result frames, QEMU killed from outside in the middle of a matrix
# (recorded, the matrix goes on, a resume reruns it), a torn line in the
# store, a full disk, a kernel that does not compile, and a second process
# on the same kernel build.
. "$(dirname "$0")/../lib.sh"

work=$(mktemp -d)
mnt=""
cleanup() {
	[ -n "$mnt" ] && umount "$mnt" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
test_matrix "$work/matrix.json"
export MMX_MATRIX="$work/matrix.json"
store="$work/runs.jsonl"

# expect_failed "label" reason mmx-run-args...: the run fails with reason,
# exit 1, and the store's last record says the same
expect_failed() {
	local label=$1 want=$2 out rc got
	shift 2
	out=$($MMX run baseline "$@" --out "$store" 2>/dev/null)
	rc=$?
	check "$label: mmx run exits 1" test "$rc" -eq 1
	got=$(field "$out" .reason)
	if [ "$got" = "$want" ]; then ok "$label: reason $want"
	else not_ok "$label: reason $want (got '$got': $(field "$out" .detail))"; fi
	check "$label: recorded failed in the store" \
		test "$(field "$(last_record "$store")" .reason)" = "$want"
	last_detail=$(field "$out" .detail)
}

# --- kernel reports on the console decide the verdict, whatever the agent says
for kind_reason in warning:kernel-warning oops:kernel-oops lockdep:lockdep bug:kernel-bug; do
	kind=${kind_reason%%:*}
	expect_failed "$kind report" "${kind_reason#*:}" selftest-kernel-report kind="$kind"
	check "$kind report: the detail quotes the console line" \
		grep -qE "console: .*(WARNING|Oops|BUG|cut here)" <<<"$last_detail"
done

# --- a damaged result frame is failed by the framing and never parsed as data
for dmg_reason in truncated:truncated-result corrupt:corrupt-result; do
	dmg=${dmg_reason%%:*}
	expect_failed "$dmg frame" "${dmg_reason#*:}" selftest-damaged-result damage="$dmg"
	check "$dmg frame: nothing of the frame became data" \
		bash -c "! tail -n 1 '$store' | grep -q must_not_be_parsed"
done

# --- QEMU killed from outside mid-matrix: recorded, the matrix goes on,
# a later resume reruns it
jq '.profiles.killq = {repetitions: 2, timing_modes: ["tcg"],
      cells: [{variants: ["baseline"], workload: "probe", grid: {hold_s: [12]}}]}' \
	"$MMX_MATRIX" >"$work/killq.json"
res="$work/killq"
MMX_MATRIX="$work/killq.json" $MMX matrix --profile killq --results "$res" --seed 3 \
	--retries 0 >"$work/killq.log" 2>&1 &
mpid=$!
qpid=""
# the first guest of this matrix (other mmx processes can hold the slot first)
for _ in $(seq 1 600); do
	qpid=$(pgrep -f "qemu-system.*$res/logs" | head -n 1)
	[ -n "$qpid" ] && break
	sleep 0.5
done
sleep 3
qargs=$(tr '\0' ' ' <"/proc/$qpid/cmdline" 2>/dev/null)
[ -n "$qpid" ] && kill -9 "$qpid"
wait "$mpid"
rc=$?
check "killed QEMU: found the guest and killed it" test -n "$qpid"
check "killed QEMU: the matrix exits 1 (a cell failed)" test "$rc" -eq 1
check "killed QEMU: recorded failed as qemu-killed" \
	test "$(jq -s '[.[] | select(.reason == "qemu-killed")] | length' "$res/runs.jsonl")" -eq 1
check "killed QEMU: its log is named" \
	test -s "$(jq -rs '[.[] | select(.reason == "qemu-killed")][0].console_log' "$res/runs.jsonl")"
check "killed QEMU: the matrix went on to the other repetition" \
	test "$(jq -s '[.[] | select(.status == "ok")] | length' "$res/runs.jsonl")" -eq 1
MMX_MATRIX="$work/killq.json" $MMX matrix --profile killq --results "$res" >"$work/resume.log" 2>&1
check "killed QEMU: a resume exits 0" test $? -eq 0
check "killed QEMU: the resume reran the killed slot" \
	test "$(jq -s '[.[] | select(.status == "ok")] | length' "$res/runs.jsonl")" -eq 2

# --- nothing of the load reaches the host network: no NIC by default, and
# the virtio topology's two NICs are wired only to each other (AF_UNIX)
check "host network: the probe guest has -nic none" grep -q -- "-nic none" <<<"$qargs"
check "host network: no user/tap/bridge/socket netdev" \
	bash -c "! grep -qE -- '-(netdev|nic) (user|tap|bridge|socket|stream|vde|l2tpv3|vhost)' <<<'$qargs'"
$MMX run baseline rx-mixed topology=virtio tenants=1 duration_s=1 warmup_s=0.5 \
	--out "$store" >/dev/null 2>&1 &
rpid=$!
vargs=""
for _ in $(seq 1 600); do
	vpid=$(pgrep -f "qemu-system.*virtio-net-pci" | head -n 1)
	[ -n "$vpid" ] && vargs=$(tr '\0' ' ' <"/proc/$vpid/cmdline" 2>/dev/null)
	[ -n "$vargs" ] && break
	sleep 0.5
done
wait "$rpid"
check "host network: the virtio run completed" \
	test "$(field "$(last_record "$store")" .status)" = ok
check "host network: virtio NICs use unix datagram sockets only" \
	test "$(grep -oE -- '-netdev [^ ]+' <<<"$vargs" | grep -cvE '^-netdev dgram,id=(rx|tx),local.type=unix,local.path=[^,]+,remote.type=unix,remote.path=[^,]+$')" -eq 0 -a \
	"$(grep -cE -- '-netdev dgram' <<<"$(grep -oE -- '-netdev [^ ]+' <<<"$vargs")")" -eq 2

# --- a torn last line (power loss during an append) is skipped with file
# and line named, and the next append cannot glue onto it
printf '{"status": "ok", "run_id": "torn' >>"$res/runs.jsonl"
lines=$(wc -l <"$res/runs.jsonl")
out=$(MMX_MATRIX="$work/killq.json" $MMX matrix --profile killq --results "$res" 2>&1)
check "torn line: the matrix still finishes" test $? -eq 0
check "torn line: the warning names file and line" \
	grep -qF "$res/runs.jsonl:$((lines + 1)): not a run record, skipped" <<<"$out"
$MMX run baseline probe --out "$res/runs.jsonl" >/dev/null 2>&1
check "torn line: a later append starts on a line of its own" \
	bash -c "tail -n 1 '$res/runs.jsonl' | jq -e '.status == \"ok\"'"
check "torn line: every earlier record still parses" \
	test "$(head -n "$lines" "$res/runs.jsonl" | jq -s length)" -eq "$lines"

# --- disk full: a run and a matrix refuse before booting, with a clear
# error; the records already stored are kept
mnt="$work/full"
mkdir -p "$mnt"
if mount -t tmpfs -o size=2m tmpfs "$mnt"; then
	head -n 1 "$res/runs.jsonl" >"$mnt/runs.jsonl"
	cp "$res/plan.json" "$mnt/plan.json"
	dd if=/dev/zero of="$mnt/filler" bs=64k status=none 2>/dev/null	# until ENOSPC
	err=$($MMX run baseline probe --out "$mnt/runs.jsonl" 2>&1 >/dev/null)
	rc=$?
	check "disk full: mmx run fails (exit $rc)" test "$rc" -ne 0
	if grep -qF "not enough free disk in $mnt for a run's logs and its record" <<<"$err"
	then ok "disk full: the error names the directory and says so"
	else not_ok "disk full: the error names the directory and says so (got: $(tail -c 400 <<<"$err"))"; fi
	if grep -q "logs in" <<<"$err"; then not_ok "disk full: nothing booted"
	else ok "disk full: nothing booted"; fi
	out=$(MMX_MATRIX="$work/killq.json" $MMX matrix --profile killq --results "$mnt" \
		--retries 5 2>&1)
	rc=$?
	check "disk full: the matrix stops (exit $rc)" test "$rc" -eq 1
	check "disk full: the matrix says why" grep -q "no room for more runs in $mnt" <<<"$out"
	check "disk full: the earlier record is intact and alone" \
		bash -c "jq -e . '$mnt/runs.jsonl' >/dev/null && test \$(wc -l <'$mnt/runs.jsonl') -eq 1"
	umount "$mnt" && mnt=""
else
	not_ok "disk full: cannot mount a small tmpfs (the test needs root)"
fi

# --- a kernel that does not compile fails only its own cells, naming the log
jq --arg s "$(pwd)/tests/fixtures/compile-error" \
	'.variants["compile-error"] = {series: $s, cache_bound_pages_per_cpu: 67}
	 | .profiles.builderr = {repetitions: 1, timing_modes: ["tcg"],
	     cells: [{variants: ["compile-error", "baseline"], workload: "probe"}]}' \
	"$MMX_MATRIX" >"$work/builderr.json"
key=$(MMX_MATRIX="$work/builderr.json" $MMX kernels compile-error --dry-run | awk '{print $3}')
kdir=${MMX_CACHE:-$HOME/.cache/memcg-matrix}/kernels/$key
# a second process on the same kernel waits for the first
flock "$kdir.lock" sleep 4 &
lpid=$!
sleep 0.5
res="$work/builderr"
out=$(MMX_MATRIX="$work/builderr.json" $MMX matrix --profile builderr --results "$res" 2>&1)
rc=$?
wait "$lpid"
check "two processes: the second waits for the build lock" \
	grep -q "another mmx process holds .*$key.lock (building this kernel); waiting" <<<"$out"
check "build error: the matrix exits 1" test "$rc" -eq 1
check "build error: its cell is failed with reason kernel-build" \
	test "$(jq -rs '[.[] | select(.variant == "compile-error")][0].reason' "$res/runs.jsonl")" = kernel-build
blog=$(jq -rs '[.[] | select(.variant == "compile-error")][0].build_log' "$res/runs.jsonl")
check "build error: the record names the build log" grep -q "mmx-fixture: tests/fixtures/compile-error must not build" "$blog"
check "build error: the message names the variant and the log" \
	grep -qF "compile-error" <<<"$(grep -F "$blog" <<<"$out")"
check "build error: the baseline cell still ran" \
	test "$(jq -rs '[.[] | select(.variant == "baseline")][0].status' "$res/runs.jsonl")" = ok
check "build error: no half-built kernel is marked complete" test ! -e "$kdir/kernel.json"
check "build error: dry run still says missing" \
	grep -q "missing" <<<"$(MMX_MATRIX="$work/builderr.json" $MMX kernels compile-error --dry-run)"

# --- set-up problems: each a message that says what to do
out=$(setpriv --reuid=nobody --regid=nogroup --clear-groups \
	env MMX_DEPS_EXTRA=mmx-no-such-package sh scripts/install-deps.sh 2>&1)
rc=$?
check "missing package, not root: refused (exit $rc)" test "$rc" -ne 0
check "missing package, not root: names the package" grep -q "missing: *mmx-no-such-package" <<<"$out"
check "missing package, not root: says to run make deps as root" grep -q "sudo make deps" <<<"$out"
mnt="$work/small-cache"
mkdir -p "$mnt"
if mount -t tmpfs -o size=64m tmpfs "$mnt"; then
	err=$(MMX_CACHE="$mnt" $MMX kernels baseline 2>&1 >/dev/null)
	rc=$?
	check "no disk for the tree: refused (exit $rc)" test "$rc" -ne 0
	check "no disk for the tree: says what to do" \
		grep -q "not enough free disk in $mnt for the kernel tree.*free space (or point it elsewhere)" <<<"$err"
	umount "$mnt" && mnt=""
else
	not_ok "no disk for the tree: cannot mount a small tmpfs (the test needs root)"
fi
