#!/bin/bash
# console-fault.sh LOG PREFIX: the first 40 lines of LOG from its first
# kernel report (BUG, Oops, WARNING, panic), each line after PREFIX; exits 1
# and prints nothing when LOG shows none.  The tests' one excerpt of a guest
# fault, for run-all.sh (a failed test) and lib.sh (a retried run).
log=$1 prefix=${2:-}
grep -qE 'BUG:|Oops:|WARNING:|Kernel panic' "$log" 2>/dev/null || exit 1
grep -m1 -A39 -E 'BUG:|Oops:|WARNING:|Kernel panic' "$log" | sed "s/^/$prefix/"
