#!/bin/sh
# usage: model-test.sh /path/to/linux-source   (multi-slot's series, then this one, applied)
# multi-slot's model test (variants/multi-slot/model-test) on the dynamic
# stock: a 32-slot build as the variant's kernel, every eviction policy,
# at the compiled count and lowered at boot to 7 and 1; the test itself
# checks the active count, the shrink with one memcg left, and the growth
# to k slots under k memcgs in strict turn
set -eu
here=$(cd "$(dirname "$0")" && pwd)
model="$here/../multi-slot/model-test"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$model/extract.py" "$1/mm/memcontrol.c" "$tmp"
if ! grep -q 'memcg_stock_grow' "$tmp/stock_code_fns.h"; then
	echo "model-test.sh: $1/mm/memcontrol.c has no memcg_stock_grow(): apply multi-slot-dynamic's patch first" >&2
	exit 2
fi
for pol in RANDOM ROUND_ROBIN LRU; do
	gcc -std=gnu11 -O1 -Wall -Wextra -Werror -Wno-unused-parameter \
		-I"$tmp" -DCONFIG_MEMCG_STOCK_SLOTS=32 \
		-DCONFIG_MEMCG_STOCK_EVICT_$pol -o "$tmp/ut" "$model/utest.c"
	for args in "300000 12" "300000 40" "300000 40 7" "300000 40 1"; do
		printf '%s ' "$pol"
		# shellcheck disable=SC2086 # the arguments are words
		"$tmp/ut" $args 2>/dev/null
	done
done
