#!/bin/sh
# usage: run.sh /path/to/patched/linux-source   (series applied)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$here/extract.py" "$1/mm/memcontrol.c" "$tmp"
for pol in RANDOM ROUND_ROBIN LRU; do
	for n in 1 2 4 7 16 32 64; do
		gcc -std=gnu11 -O1 -Wall -Wextra -Werror -Wno-unused-parameter \
			-I"$tmp" -DCONFIG_MEMCG_STOCK_SLOTS=$n \
			-DCONFIG_MEMCG_STOCK_EVICT_$pol -o "$tmp/ut" "$here/utest.c"
		printf '%s ' "$pol"
		"$tmp/ut" 300000 12
		printf '%s ' "$pol"
		"$tmp/ut" 300000 40
	done
done
gcc -std=gnu11 -O1 -Wall -Wextra -Werror -Wno-unused-parameter -I"$tmp" \
	-DCONFIG_MEMCG_STOCK_SLOTS=7 -DCONFIG_MEMCG_STOCK_EVICT_LRU \
	-DSTART_CLOCK=0xfffff000u -o "$tmp/ut" "$here/utest.c"
printf 'LRU clock wrap: '
"$tmp/ut" 1000000 40
