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
# memcontrol.stock_slots=N (patch 0004) on a 32-slot build: in range,
# clamped (0, -3, 99) and rejected (abc: the default stays)
for pol in RANDOM ROUND_ROBIN LRU; do
	gcc -std=gnu11 -O1 -Wall -Wextra -Werror -Wno-unused-parameter \
		-I"$tmp" -DCONFIG_MEMCG_STOCK_SLOTS=32 \
		-DCONFIG_MEMCG_STOCK_EVICT_$pol -o "$tmp/ut" "$here/utest.c"
	for s in 1 2 4 7 16 32 0 -3 99 abc; do
		printf '%s ' "$pol"
		"$tmp/ut" 100000 12 "$s" 2>/dev/null
	done
done
# a 32-slot build booted with stock_slots=N must behave exactly like an
# N-slot build (same random sequence, so the same hits and misses)
for pol in RANDOM ROUND_ROBIN LRU; do
	for n in 1 2 4 7 16; do
		gcc -std=gnu11 -O1 -I"$tmp" -DCONFIG_MEMCG_STOCK_SLOTS=$n \
			-DCONFIG_MEMCG_STOCK_EVICT_$pol -o "$tmp/ut" "$here/utest.c"
		a=$("$tmp/ut" 100000 40 | sed 's/.* ok //')
		gcc -std=gnu11 -O1 -I"$tmp" -DCONFIG_MEMCG_STOCK_SLOTS=32 \
			-DCONFIG_MEMCG_STOCK_EVICT_$pol -o "$tmp/ut" "$here/utest.c"
		b=$("$tmp/ut" 100000 40 "$n" 2>/dev/null | sed 's/.* ok //')
		if [ "$a" != "$b" ]; then
			echo "$pol $n: built $a, booted $b: DIFFER"
			exit 1
		fi
		echo "$pol slots=$n built == 32 booted with stock_slots=$n: $a"
	done
done
# memcontrol.stock_overflow= (patch 0005): drain (the default), clamp, and
# a rejected value that keeps the default; drain and clamp must differ
for pol in RANDOM ROUND_ROBIN LRU; do
	gcc -std=gnu11 -O1 -Wall -Wextra -Werror -Wno-unused-parameter \
		-I"$tmp" -DCONFIG_MEMCG_STOCK_SLOTS=7 \
		-DCONFIG_MEMCG_STOCK_EVICT_$pol -o "$tmp/ut" "$here/utest.c"
	for o in drain clamp bogus; do
		printf '%s ' "$pol"
		"$tmp/ut" 100000 4 7 "$o" 2>/dev/null
	done
	d=$("$tmp/ut" 100000 4 7 drain 2>/dev/null | sed 's/.* ok //')
	c=$("$tmp/ut" 100000 4 7 clamp 2>/dev/null | sed 's/.* ok //')
	if [ "$d" = "$c" ]; then
		echo "$pol: stock_overflow=drain and clamp behave the same: $d"
		exit 1
	fi
done
gcc -std=gnu11 -O1 -Wall -Wextra -Werror -Wno-unused-parameter -I"$tmp" \
	-DCONFIG_MEMCG_STOCK_SLOTS=7 -DCONFIG_MEMCG_STOCK_EVICT_LRU \
	-DSTART_CLOCK=0xfffff000u -o "$tmp/ut" "$here/utest.c"
printf 'LRU clock wrap: '
"$tmp/ut" 1000000 40
