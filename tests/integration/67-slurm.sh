#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# mmx slurm on a real one-node Slurm cluster started here (munged, slurmctld,
# slurmd: tests/local-slurm.sh) and stopped at the end by pid: a 2-shard run
# of a small probe profile is submitted (a kernels job, then a job array
# after it), cancelled mid-run, resubmitted with the same command, and then
# every (cell, repetition) has exactly one ok record across the shard
# stores, which mmx report merges into a report.  Skips, saying why, only
# where the Slurm packages are not installed (make deps installs them).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../local-slurm.sh"

why=$(slurm_missing)
if [ -n "$why" ]; then
	# no check is counted: run-all shows "0 checks" and this line
	echo "# skipped: no local Slurm cluster here: $why"
	exit 0
fi

t0=$(date +%s)
work=$(mktemp -d)
chmod 755 "$work"	# munged runs as user munge and needs to enter it
cleanup() { slurm_stop; rm -rf "$work"; }
trap cleanup EXIT
test_matrix "$work/base.json"
jq '.profiles.tiny = {repetitions: 2, timing_modes: ["tcg"],
      cells: [{variants: ["baseline", "nosocket", "baseline-aa"], workload: "probe"}]}' \
	"$work/base.json" >"$work/ok.json"
export MMX_MATRIX="$work/ok.json"
res="$work/res"

check "the local cluster comes up idle" slurm_start "$work/slurm"
echo "# cluster up after $(( $(date +%s) - t0 )) s"

out=$($MMX slurm --profile tiny --shards 2 --dry-run --results "$res" 2>&1)
check "dry run: the array script runs mmx matrix --shard \$SLURM_ARRAY_TASK_ID/2" \
	grep -q 'matrix --profile .tiny. --shard "$SLURM_ARRAY_TASK_ID/2"' <<<"$out"
check "dry run: the kernels script runs mmx kernels --profile" grep -q "kernels --profile 'tiny'" <<<"$out"
check "dry run submits nothing" test -z "$(squeue -h)"

submit() { $MMX slurm --profile tiny --shards 2 --results "$res" "$@" 2>"$work/submit.err"; }
out=$(submit)
check "mmx slurm submits (exit 0)" test $? -eq 0
kid=$(sed -n 's/^kernels job \([0-9]*\)$/\1/p' <<<"$out")
aid=$(sed -n 's/^shards job \([0-9]*\) (array 1,2 of 2, after .*/\1/p' <<<"$out")
check "it prints the kernels job id ($kid) and the array's ($aid)" test -n "$kid" -a -n "$aid"

# cancel the array once a shard has finished a run: each shard stops after
# (or loses) the run in flight, as a time limit or scancel would stop it
for _ in $(seq 1 1200); do
	cat "$res"/shard-*/runs.jsonl 2>/dev/null | grep -q '"status":"ok"' && break
	squeue -h -j "$aid" | grep -q . || break
	sleep 0.25
done
scancel "$aid"
slurm_wait_job "$aid" 300
first=$(cat "$res"/shard-*/runs.jsonl 2>/dev/null | jq -s '[.[] | select(.status == "ok")] | length')
check "the cancelled array had done some of the 6 runs, not all ($first)" test "$first" -ge 1 -a "$first" -lt 6
check "the kernels job ran before the array: COMPLETED" \
	grep -q "^JobId=$kid .*JobState=COMPLETED" "$work/slurm/jobcomp.txt"
kend=$(sed -n "s/^JobId=$kid .*EndTime=\([^ ]*\).*/\1/p" "$work/slurm/jobcomp.txt")
starts=$(sed -n "s/.*JobState=[A-Z]* .*StartTime=\([^ ]*\) .*ArrayJobId=$aid .*/\1/p" "$work/slurm/jobcomp.txt")
check "no array task started before the kernels job ended ($kend)" \
	awk -v k="$kend" -v s="$starts" 'BEGIN { n = split(s, a, "\n"); for (i = 1; i <= n; i++) if (a[i] < k) exit 1; exit !(n >= 1) }'
check "the kernels job printed the profile's kernel" grep -qE '^baseline +base +[0-9a-f]{16}' "$res"/slurm/kernels-"$kid".out

# resume: the same command submits what is left
out=$(submit)
check "resubmission exits 0" test $? -eq 0
aid2=$(sed -n 's/^shards job \([0-9]*\) .*/\1/p' <<<"$out")
check "it submitted the unfinished shards again ($aid2)" test -n "$aid2"
slurm_wait_job "$aid2" 600
check "every array task of the resubmission COMPLETED" bash -c \
	"[ \$(grep -c 'ArrayJobId=$aid2 ' '$work/slurm/jobcomp.txt') -ge 1 ] &&
	 ! grep 'ArrayJobId=$aid2 ' '$work/slurm/jobcomp.txt' | grep -v -q 'JobState=COMPLETED'"

all() { cat "$res"/shard-*/runs.jsonl; }
check "two shard stores" test -s "$res/shard-1/runs.jsonl" -a -s "$res/shard-2/runs.jsonl"
check "every (cell, repetition) has exactly one ok record across the shards" \
	bash -c "cat '$res'/shard-*/runs.jsonl | jq -se '[.[] | select(.status == \"ok\") | [.matrix.cell_id, .matrix.repetition]] | (unique | length) == 6 and length == 6'"
check "each record names its shard, and its store is that shard's" bash -c \
	"jq -se 'all(.[]; .matrix.shard == {index: 1, count: 2})' '$res/shard-1/runs.jsonl' &&
	 jq -se 'all(.[]; .matrix.shard == {index: 2, count: 2})' '$res/shard-2/runs.jsonl'"
check "all shards used one seed" test "$(all | jq -s '[.[].matrix.seed] | unique | length')" -eq 1
out=$(submit)
check "a third submission finds every shard complete and submits nothing" \
	bash -c "grep -q 'every one of the 2 shards is complete' '$work/submit.err' && [ -z \"\$(squeue -h)\" ]"
out=$($MMX slurm --profile tiny --shards 3 --results "$res" 2>&1)
check "another split of the same results is refused, naming the first" \
	grep -q 'was split into 2 shards, not 3: resume with --shards 2' <<<"$out"

out=$($MMX report "$res" --out "$work/report" --gate "$work/none" 2>&1)
check "mmx report merges the shard directory (exit 0)" test $? -eq 0
check "from 2 stores" grep -q 'runs merged from 2 stores' <<<"$out"
n=$(all | wc -l)
check "REPORT.md counts the $n records of both shard stores" \
	grep -q "res/shard-1/runs.jsonl, .*res/shard-2/runs.jsonl\` ($n run records, " "$work/report/REPORT.md"
check "REPORT.md was written" test -s "$work/report/REPORT.md"
echo "# the whole test took $(( $(date +%s) - t0 )) s"
