#!/usr/bin/env python3
"""Copy the multi-slot page stock code out of a patched mm/memcontrol.c."""
import sys

src = open(sys.argv[1]).read()
out = sys.argv[2]


def grab(start, end):
    a = src.index(start)
    return src[a:src.index(end, a)]


pre = grab('#define MEMCG_STOCK_SLOTS', 'static DEFINE_PER_CPU_ALIGNED')
fns = '\n'.join([
    grab('/*\n * The number of slots the stock hands out',
         'static const struct kernel_param_ops'),
    grab('/*\n * What a refill does to a slot',
         'static const struct kernel_param_ops memcg_stock_overflow_ops'),
    grab('#ifdef CONFIG_MEMCG_STOCK_EVICT_LRU\n/* Record', '/**\n * consume_stock'),
    grab('static bool consume_stock(', '/* Give charged pages back'),
    grab('/* Give charged pages back', 'static void drain_local_stock('),
    # multi-slot-dynamic's growth and shrink, when the tree has them
    grab('/*\n * Every slot in use is taken', '/*\n * Cache charges(val)')
    if '/*\n * Every slot in use is taken' in src else '',
    grab('/*\n * Cache charges(val)', '/*\n * Drains all per-CPU'),
])
open(out + '/stock_code_pre.h', 'w').write(pre)
open(out + '/stock_code_fns.h', 'w').write(fns)
