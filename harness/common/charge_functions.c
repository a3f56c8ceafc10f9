// SPDX-License-Identifier: GPL-2.0
#include "charge_functions.h"

const char *const memcg_charge_functions[] = {
	"page_counter_*",
	"try_charge_memcg", "charge_memcg", "__mem_cgroup_charge",
	"__mem_cgroup_uncharge*", "uncharge_batch", "uncharge_folio",
	"mem_cgroup_charge_skmem", "mem_cgroup_uncharge_skmem",
	"obj_cgroup_charge*", "obj_cgroup_uncharge*",
	"__memcg_kmem_charge_page", "__memcg_kmem_uncharge_page",
	/* the stocks: consume/refill/drain_stock, *_obj_stock, drain_all_stock */
	"*_stock", "refill_obj_stock_slow", "memcg_stock_*", "drain_stock_slot",
	"obj_stock_*", "*stock_flush_required",
	/* the obj stock's cached slab stats (split-stock and objcg-locallock
	 * move part of it into mod_objcg_mlstate) */
	"mod_objcg_state", "mod_objcg_mlstate",
	/* variants: atomics-only, net-batch, split-stock, multi-slot */
	"memcg_uncharge", "memcg_uncharge_direct",
	"*mem_cgroup_batch_charge_skmem*", "consume_skmem_batch",
	"refill_skmem_batch", "skmem_batch_*",
};
const size_t memcg_charge_functions_count =
	sizeof(memcg_charge_functions) / sizeof(memcg_charge_functions[0]);
