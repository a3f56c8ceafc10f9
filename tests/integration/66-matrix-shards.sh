#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# mmx matrix --shard I/N: the shards' dry runs partition the profile, a
# shard keeps its split in its store (another split is refused), a shard
# killed with SIGKILL mid-run resumes like a whole matrix and ends with its
# pairs done exactly once, carrying the shard in their provenance; mmx
# report merges shard stores into the same report as one store, and refuses
# two differing ok records of one (cell, repetition), naming both files.
. "$(dirname "$0")/../lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
test_matrix "$work/base.json"
jq '.profiles.tiny = {repetitions: 2, timing_modes: ["tcg"],
      cells: [{variants: ["baseline", "nosocket", "baseline-aa"], workload: "probe"}]}' \
	"$work/base.json" >"$work/ok.json"
export MMX_MATRIX="$work/ok.json"

# the dry runs of 1/2 and 2/2 list 3 + 3 of the 6 pairs
out1=$($MMX matrix --profile tiny --dry-run --shard 1/2 --results "$work/res" 2>&1)
check "shard 1/2 dry run exits 0" test $? -eq 0
check "shard 1/2 plans 3 of the 6 pairs in its own store" \
	grep -q "^shard 1/2: 3 of the 6 (cell, repetition) pairs, in $work/res/shard-1/runs.jsonl" <<<"$out1"
check "shard 2/2 plans the other 3" bash -c "$MMX matrix --profile tiny --dry-run --shard 2/2 \
	--results '$work/res' 2>&1 | grep -q '^shard 2/2: 3 of the 6'"
out=$($MMX matrix --profile tiny --dry-run --shard 3/2 2>&1)
check "shard 3/2 refused (exit 2)" test $? -eq 2
check "the refusal says what a shard is" grep -q 'expected I/N with 1 <= I <= N' <<<"$out"

# a store started as another split is refused before anything runs
mkdir -p "$work/other/shard-1"
echo '{"profile": "tiny", "seed": 5, "shard": "1/3"}' >"$work/other/shard-1/plan.json"
out=$($MMX matrix --profile tiny --shard 1/2 --results "$work/other" 2>&1)
check "a shard store of another split is refused (exit 1)" test $? -eq 1
check "the refusal names both splits" grep -q 'was started as shard 1/3, not shard 1/2' <<<"$out"
check "and nothing ran" test ! -e "$work/other/shard-1/runs.jsonl"

# kill -9 shard 1/2 after its first run, then resume with the same command
res="$work/res"
$MMX matrix --profile tiny --shard 1/2 --results "$res" --seed 11 >"$work/first.log" 2>&1 &
pid=$!
store="$res/shard-1/runs.jsonl"
for _ in $(seq 1 2400); do
	[ -s "$store" ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.25
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
before=$(wc -l <"$store" 2>/dev/null || echo 0)
check "the killed shard had finished some of its 3 runs, not all ($before)" test "$before" -ge 1 -a "$before" -lt 3
out=$($MMX matrix --profile tiny --shard 1/2 --results "$res" 2>&1)
check "the resumed shard exits 0" test $? -eq 0
check "it kept its seed" grep -q 'seed 11' <<<"$out"
check "its 3 pairs done, each exactly once" \
	jq -se '[.[] | select(.status == "ok") | [.matrix.cell_id, .matrix.repetition]] | (unique | length) == 3 and length == 3' "$store"
check "every record names the shard" jq -se 'all(.[]; .matrix.shard == {index: 1, count: 2})' "$store"
out=$($MMX matrix --profile tiny --shard 1/2 --results "$res" 2>&1)
check "a complete shard runs nothing more" test "$(wc -l <"$store")" -eq "$(jq -s length "$store")" -a \
	"$(jq -s '[.[] | select(.status == "ok")] | length' "$store")" -eq 3

# report: a store split into shard stores reports exactly as the whole
pub=results/published/quick/runs.jsonl.gz
mkdir -p "$work/split/shard-1" "$work/split/shard-2"
zcat "$pub" >"$work/whole.jsonl"
zcat "$pub" | awk 'NR % 2' >"$work/split/shard-1/runs.jsonl"
zcat "$pub" | awk '!(NR % 2)' >"$work/split/shard-2/runs.jsonl"
out=$($MMX report "$work/split" --out "$work/r-split" --gate "$work/none" 2>&1)
check "a directory of shard stores reports (exit 0)" test $? -eq 0
check "it says how many stores it merged" grep -q "$(zcat "$pub" | wc -l) runs merged from 2 stores" <<<"$out"
$MMX report "$work/whole.jsonl" --out "$work/r-whole" --gate "$work/none" >/dev/null 2>&1
# (summary.json's full-precision sums may differ in the last digit: record order)
same() { cmp "$1/report/cells.csv" "$2/report/cells.csv" && cmp "$1/report/comparisons.csv" "$2/report/comparisons.csv"; }
check "merged shards give the same cells.csv and comparisons.csv as the whole store" \
	same "$work/r-split" "$work/r-whole"
check "REPORT.md names both shard stores" \
	grep -q "split/shard-1/runs.jsonl, .*split/shard-2/runs.jsonl" "$work/r-split/REPORT.md"
out=$($MMX report "$work/whole.jsonl" "$work/whole.jsonl" --out "$work/r-twice" --gate "$work/none" 2>&1)
check "one store named twice: identical records count once" same "$work/r-twice" "$work/r-whole"
# (the first rx-mixed record of shard 1: any record would do, this one has a throughput)
first=$(jq -c 'select(.metrics.throughput_bytes_per_sec != null)' "$work/split/shard-1/runs.jsonl" | head -n 1)
jq -c '.run_id = "a-rerun" | .metrics.throughput_bytes_per_sec *= 2' <<<"$first" >"$work/rerun.jsonl"
out=$($MMX report "$work/split" "$work/rerun.jsonl" --out "$work/r-conflict" --gate "$work/none" 2>&1)
check "a conflicting ok record is refused (exit 2)" test $? -eq 2
check "the refusal names both files and runs" grep -q \
	"run $(jq -r .run_id <<<"$first") in $work/split/shard-1/runs.jsonl and run a-rerun in $work/rerun.jsonl" <<<"$out"
check "no report was written" test ! -e "$work/r-conflict/REPORT.md"
