#!/bin/bash
# waits on: kernels (scripts/timings-from-log.sh: host, kernels or guests)
# A cache shared by several processes (shards on one node, or nodes on one
# NFS export) is filled once: two mmx processes started together on an
# empty cache unpack the kernel tree once (one waits on the lock, then
# uses the other's tree), and an mmx that finds a kernel's build lock held
# by another process waits, then takes the finished kernel without
# building it.  Real processes and real flock(2) locks on one directory;
# the kernel "finished by the other process" is the built baseline's
# kernel.json and the tree a stand-in, so nothing is compiled or unpacked
# at length here.
. "$(dirname "$0")/../lib.sh"

real_cache=${MMX_CACHE:-$HOME/.cache/memcg-matrix}
key=$($MMX kernels baseline --dry-run | awk '{print $3}')
full=$(ls -d "$real_cache/kernels/$key"* 2>/dev/null | head -n 1)
if [ ! -s "$full/kernel.json" ]; then
	not_ok "the baseline kernel is built in $real_cache (test 10 builds it)"
	exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache="$work/cache"

# two processes, one empty tree: exactly one unpacks it.  The tarball is a
# FIFO fed only once the second process waits, so the race is certain and
# no 1 GB tree is unpacked: what tar gets is a small tree of the same top_dir.
mkfifo "$work/tree.tar.xz"
mkdir -p "$work/tree/linux-source-6.12"
echo "stand-in" >"$work/tree/linux-source-6.12/README"
tar -cJf "$work/small.tar.xz" -C "$work/tree" linux-source-6.12
test_matrix "$work/m.json"
jq --arg t "$work/tree.tar.xz" '.source.tarball = $t' "$work/m.json" >"$work/fifo.json"
export MMX_MATRIX="$work/fifo.json"
# the kernel's key under this matrix; "another process" finished it: its
# kernel.json, which marks a kernel complete, is the real baseline's
key=$($MMX kernels baseline --dry-run | awk '{print $3}')
kdir="$cache/kernels/$key"
fake_kernel() { mkdir -p "$kdir" && cp "$full/kernel.json" "$kdir/"; }
fake_kernel
MMX_CACHE=$cache $MMX kernels baseline >"$work/a.out" 2>&1 &
a=$!
for _ in $(seq 1 100); do grep -q '^\[mmx\] unpacking' "$work/a.out" && break; sleep 0.1; done
MMX_CACHE=$cache $MMX kernels baseline >"$work/b.out" 2>&1 &
b=$!
for _ in $(seq 1 100); do grep -q 'waiting' "$work/b.out" && break; sleep 0.1; done
check "the second process waits on the unpack lock the first holds" \
	grep -q 'another mmx process holds .*\.lock (unpacking the kernel tree); waiting' "$work/b.out"
cat "$work/small.tar.xz" >"$work/tree.tar.xz"
wait "$a"; ra=$?
wait "$b"; rb=$?
check "both processes succeed" test "$ra" -eq 0 -a "$rb" -eq 0
check "the tree was unpacked once, by the first" \
	test "$(grep -c 'unpacked in' "$work/a.out")" -eq 1 -a "$(grep -c 'unpack' "$work/b.out")" -eq 1
check "both print the baseline kernel" test "$(cat "$work/a.out" "$work/b.out" | grep -cE "^baseline +base +$key")" -eq 2

# a kernel another process is building: wait, then take it, build nothing
rm -rf "$kdir"
lock="$kdir.lock"
exec 9>"$lock"
flock 9
# (9>&-: it must not inherit our lock, or it would wait for itself)
MMX_CACHE=$cache $MMX kernels baseline 9>&- >"$work/c.out" 2>&1 &
c=$!
for _ in $(seq 1 100); do
	grep -q 'waiting' "$work/c.out" && break
	sleep 0.1
done
check "mmx waits while another process holds the kernel's build lock" \
	grep -q "another mmx process holds $lock (building this kernel); waiting" "$work/c.out"
check "and does not start building meanwhile" test ! -e "$kdir/build.log"
fake_kernel
exec 9>&-
t0=$(date +%s)
wait "$c"
check "once the lock is free it takes the finished kernel (exit 0)" test $? -eq 0
check "within seconds ($(( $(date +%s) - t0 )) s)" test $(( $(date +%s) - t0 )) -lt 10
check "it printed the kernel" grep -qE "^baseline +base +$key" "$work/c.out"
check "and built nothing: no build.log of its own" test ! -e "$kdir/build.log"
