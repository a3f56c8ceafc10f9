// SPDX-License-Identifier: GPL-2.0
/*
 * The host side of cost=1: the function set written from a System.map
 * (cost_funcs) and the plugin's output turned into metrics.cost
 * (cost_metrics), with its cross-check against the kprobe counts.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cost_funcs.h"
#include "cost_metrics.h"
#include "cycle_model.h"

static const char system_map[] =
	"ffffffff81000000 T _stext\n"
	"ffffffff81100000 T kprobe_ftrace_handler\n"
	"ffffffff81100100 T something_else\n"
	"ffffffff81230820 t __pfx_page_counter_try_charge\n"
	"ffffffff81230830 T page_counter_try_charge\n"
	"ffffffff81230900 T page_counter_uncharge\n"
	"ffffffff81230a00 t drain_stock.isra.0\n"
	"ffffffff81230a00 t drain_stock_alias\n"
	"ffffffff81230b00 T try_charge_memcg\n"
	"ffffffff81230c00 T unrelated\n"
	"ffffffff814b8c00 t __napi_poll\n"
	"ffffffff814b8dc0 t net_rx_action\n"
	"ffffffff814b9000 t process_backlog\n"
	"ffffffff814ba000 T tcp_v4_rcv\n"
	"ffffffff814bb000 T tcp_v4_rcv_tail\n"
	"ffffffff82000000 D some_data\n"
	"ffffffff82000000 T _etext\n";

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
}

static char *read_file(const char *path)
{
	static char buf[8192];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	if (f)
		fclose(f);
	buf[n] = '\0';
	return buf;
}

static void test_funcs(void)
{
	char map[] = "/tmp/mmx-sysmap-XXXXXX", out[] = "/tmp/mmx-set-XXXXXX", err[1024];
	char *set;
	int n;

	close(mkstemp(map));
	close(mkstemp(out));
	write_file(map, system_map);
	n = cost_funcs_write(map, NULL, out, err, sizeof(err));
	set = read_file(out);
	CHECK(n == 9, "nine functions in the set");
	CHECK(strstr(set, "ffffffff81230830 ffffffff81230900 charge page_counter_try_charge\n") != NULL,
	      "a charge function ends where the next symbol starts");
	CHECK(strstr(set, "charge drain_stock.isra.0\n") != NULL, "a compiler clone matches its glob");
	CHECK(strstr(set, "drain_stock_alias") == NULL, "an alias at the same address is not a second range");
	CHECK(strstr(set, "ffffffff81230a00 ffffffff81230b00") != NULL, "the alias does not end the function");
	CHECK(strstr(set, "__pfx_") == NULL, "call padding is not a function");
	CHECK(strstr(set, "rx net_rx_action scope\n") && strstr(set, "rx __napi_poll scope\n"),
	      "the NET_RX softirq and NAPI polls open the receive scope");
	CHECK(strstr(set, "rx process_backlog\n") &&
	      strstr(set, "rx tcp_v4_rcv\n"), "the receive roots");
	CHECK(strstr(set, "tcp_v4_rcv_tail") == NULL, "roots are exact names, not globs");
	CHECK(strstr(set, "instr kprobe_ftrace_handler\n") != NULL, "the kprobe machinery is instrumentation");
	CHECK(strstr(set, "unrelated") == NULL && strstr(set, "something_else") == NULL,
	      "other functions stay out");

	n = cost_funcs_write(map, "unrelated", out, err, sizeof(err));
	CHECK(n == 10 && strstr(read_file(out), "charge unrelated\n"), "cost_funcs= adds a function");
	n = cost_funcs_write(map, "no_such_function", out, err, sizeof(err));
	CHECK(n < 0 && strstr(err, "'no_such_function'") && strstr(err, map),
	      "an unknown function is an error naming it and the System.map");
	write_file(map, "ffffffff81000000 T _stext\nffffffff81230830 T page_counter_try_charge\n"
		   "ffffffff82000000 T _etext\n");
	n = cost_funcs_write(map, NULL, out, err, sizeof(err));
	CHECK(n < 0 && strstr(err, "'net_rx_action'"), "a kernel without a receive root is named");
	unlink(map);
	n = cost_funcs_write(map, NULL, out, err, sizeof(err));
	CHECK(n < 0 && strstr(err, "System.map") && strstr(err, map), "a missing System.map is named");
	unlink(out);
}

static const char plugin_out[] =
	"{\"plugin\": \"mmx-cost\", \"version\": 2, \"vcpus\": 2,\n"
	"\"lines_tracked\": 10, \"lines_dropped\": 0,\n"
	"\"window_begins\": [1, 1], \"window_ends\": [1, 1],\n"
	"\"kernel_insns\": [1000, 3000], \"user_insns\": [5, 5],\n"
	"\"functions\": [\n"
	"{\"name\": \"page_counter_try_charge\", \"class\": \"charge\", \"start\": \"0x1\", "
	"\"calls\": [0, 100], \"insns\": [0, 400], \"transfers\": [0, 6]},\n"
	"{\"name\": \"try_charge_memcg\", \"class\": \"charge\", \"start\": \"0x2\", "
	"\"calls\": [10, 90], \"insns\": [50, 150], \"transfers\": [2, 2]},\n"
	"{\"name\": \"net_rx_action\", \"class\": \"rx\", \"start\": \"0x3\", "
	"\"calls\": [0, 4], \"insns\": [0, 40], \"transfers\": [0, 0]},\n"
	"{\"name\": \"kprobe_ftrace_handler\", \"class\": \"instr\", \"start\": \"0x4\", "
	"\"calls\": [1, 1], \"insns\": [100, 100], \"transfers\": [0, 0]},\n"
	"{\"name\": \"drain_stock\", \"class\": \"charge\", \"start\": \"0x5\", "
	"\"calls\": [0, 0], \"insns\": [0, 0], \"transfers\": [0, 0]}\n"
	"]}\n";

static void test_metrics(void)
{
	char path[] = "/tmp/mmx-cost-XXXXXX", err[1024];
	json_t *metrics = json_pack("{s:f, s:s, s:{s:i, s:i}}", "units", 2.0, "unit", "mb",
				    "kprobe_counts", "page_counter_try_charge", 101,
				    "try_charge_memcg", 100);
	json_t *cost, *f;

	close(mkstemp(path));
	write_file(path, plugin_out);
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	CHECK(cost != NULL, "the plugin's output reads");
	if (!cost)
		return;
	CHECK(json_number_value(json_object_get(cost, "kernel_insns")) == 4000, "kernel instructions over vCPUs");
	CHECK(json_number_value(json_object_get(cost, "charge_insns")) == 600, "charge-path instructions");
	CHECK(json_number_value(json_object_get(cost, "charge_insns_per_mb")) == 300, "per MB");
	CHECK(json_number_value(json_object_get(cost, "transfers_per_mb")) == 5, "transfers per MB");
	CHECK(json_number_value(json_object_get(cost, "page_counter_transfers_per_mb")) == 3,
	      "the page counters' own transfers per MB (page_counter_* only)");
	CHECK(json_number_value(json_object_get(cost, "instrumentation_insns")) == 200, "instrumentation apart");
	/* (4000 - 200 + 50 * 10) / 2 and (4000 - 200 + 200 * 10) / 2 */
	CHECK(json_number_value(json_object_get(cost, "modelled_p50_per_mb")) == 2150, "modelled cost, P=50");
	CHECK(json_number_value(json_object_get(cost, "modelled_p200_per_mb")) == 2900, "modelled cost, P=200");
	f = json_object_get(json_object_get(cost, "per_cpu"), "charge_insns");
	CHECK(json_number_value(json_array_get(f, 0)) == 50 && json_number_value(json_array_get(f, 1)) == 550,
	      "charge instructions per CPU");
	f = json_object_get(cost, "functions");
	CHECK(json_object_get(f, "drain_stock") == NULL, "functions that never ran are left out");
	CHECK(json_number_value(json_object_get(json_object_get(f, "try_charge_memcg"), "calls")) == 100,
	      "calls summed over vCPUs");
	CHECK(json_is_true(json_object_get(cost, "crosscheck_ok")), "101 vs 100 calls agree (1%)");
	CHECK(json_object_get(cost, "charge_insns_per_op") == NULL, "no ops counted: no per-op figures");
	json_decref(cost);

	/* kmem-mix: MB of its rx load are the unit, ops are counted beside */
	json_object_set_new(metrics, "ops", json_integer(300));
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	CHECK(cost && json_number_value(json_object_get(cost, "charge_insns_per_op")) == 2 &&
	      json_number_value(json_object_get(cost, "charge_insns_per_mb")) == 300,
	      "ops beside MB: per-op figures too");
	json_decref(cost);
	json_object_del(metrics, "ops");

	json_object_set_new(json_object_get(metrics, "kprobe_counts"), "try_charge_memcg",
			    json_integer(110));
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	CHECK(cost && json_is_false(json_object_get(cost, "crosscheck_ok")),
	      "100 against 110 kprobe calls: the cross-check fails");
	json_decref(cost);

	/* kprobe hits the kernel dropped (a probe already running) count too */
	json_object_set_new(json_object_get(metrics, "kprobe_counts"), "try_charge_memcg",
			    json_integer(90));
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	CHECK(cost && json_is_false(json_object_get(cost, "crosscheck_ok")),
	      "100 calls against 90 kprobe hits and no misses read: the cross-check fails");
	json_decref(cost);
	json_object_set_new(metrics, "kprobe_missed", json_pack("{s:i, s:n}",
			    "try_charge_memcg", 15, "page_counter_try_charge"));
	json_object_set_new(metrics, "kprobe_missed_inner", json_pack("{s:i, s:n}",
			    "try_charge_memcg", 6, "page_counter_try_charge"));
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	f = json_object_get(json_object_get(cost, "crosscheck"), "try_charge_memcg");
	CHECK(cost && json_is_true(json_object_get(cost, "crosscheck_ok")),
	      "100 calls between 90 hits + 6 inner misses and 90 + 15 outer: they agree");
	CHECK(json_number_value(json_object_get(f, "kprobe")) == 90 &&
	      json_number_value(json_array_get(json_object_get(f, "kprobe_bounds"), 0)) == 96 &&
	      json_number_value(json_array_get(json_object_get(f, "kprobe_bounds"), 1)) == 105 &&
	      json_integer_value(json_object_get(f, "kprobe_missed")) == 15 &&
	      json_integer_value(json_object_get(f, "kprobe_missed_inner")) == 6 &&
	      json_number_value(json_object_get(f, "rel_diff")) == 0,
	      "the crosscheck shows hits, both misses and the bounds; inside them rel_diff is 0");
	CHECK(json_is_null(json_object_get(json_object_get(json_object_get(cost, "crosscheck"),
			   "page_counter_try_charge"), "kprobe_missed")),
	      "misses unknown: null, and the hits alone compared");
	json_decref(cost);
	/* 100 calls but 110 hits + inner misses: the plugin missed some */
	json_object_set_new(json_object_get(metrics, "kprobe_missed_inner"), "try_charge_memcg",
			    json_integer(20));
	json_object_set_new(json_object_get(metrics, "kprobe_missed"), "try_charge_memcg",
			    json_integer(25));
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	f = json_object_get(json_object_get(cost, "crosscheck"), "try_charge_memcg");
	CHECK(cost && json_is_false(json_object_get(cost, "crosscheck_ok")) &&
	      fabs(json_number_value(json_object_get(f, "rel_diff")) - 10.0 / 110) < 1e-9,
	      "below hits + inner misses by 9%: the cross-check fails");
	json_decref(cost);
	/* 100 calls but at most 90 + 5: too many */
	json_object_set_new(json_object_get(metrics, "kprobe_missed_inner"), "try_charge_memcg",
			    json_integer(2));
	json_object_set_new(json_object_get(metrics, "kprobe_missed"), "try_charge_memcg",
			    json_integer(5));
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	CHECK(cost && json_is_false(json_object_get(cost, "crosscheck_ok")),
	      "above hits + outer misses by 5%: the cross-check fails");
	json_decref(cost);
	json_object_del(metrics, "kprobe_missed");
	json_object_del(metrics, "kprobe_missed_inner");

	json_object_set_new(metrics, "kprobe_counts", json_object());
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	CHECK(cost && json_is_null(json_object_get(cost, "crosscheck_ok")),
	      "no kprobe counts: the cross-check is not claimed");
	json_decref(cost);

	{
		char bad[sizeof(plugin_out) + 8];

		snprintf(bad, sizeof(bad), "%s", plugin_out);
		memcpy(strstr(bad, "\"window_ends\": [1, 1]"), "\"window_ends\": [1, 0]", 21);
		write_file(path, bad);
		cost = cost_metrics_read(path, metrics, err, sizeof(err));
		CHECK(!cost && strstr(err, "vCPU 1"), "a window not closed on a vCPU is named");
		write_file(path, "{\"plugin\": \"mmx-cost\", \"vcpus\": 2, \"functions\": [");
		cost = cost_metrics_read(path, metrics, err, sizeof(err));
		CHECK(!cost && strstr(err, path), "a truncated output file is an error naming it");
	}
	unlink(path);
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	CHECK(!cost && strstr(err, path), "a missing output file is an error naming it");
	json_decref(metrics);
}

/* version 2: instruction classes, holders, the estimate, a probe function */
static const char plugin_out_v2[] =
	"{\"plugin\": \"mmx-cost\", \"version\": 2, \"vcpus\": 2,\n"
	"\"lines_tracked\": 10, \"lines_dropped\": 0, \"guest_insns\": 9000,\n"
	"\"window_begins\": [1, 1], \"window_ends\": [1, 1],\n"
	"\"kernel_insns\": [1000, 3000], \"user_insns\": [5, 5],\n"
	"\"stale_mem_callbacks\": [3, 4],\n"
	"\"class_names\": [\"plain\", \"locked\", \"xchg\", \"pushf\", \"popf\", \"cli\", \"sti\", "
	"\"fence\", \"serializing\"],\n"
	"\"kernel_classes\": [[975, 10, 0, 5, 0, 5, 5, 0, 0], [2910, 50, 10, 10, 0, 10, 10, 0, 0]],\n"
	"\"turns\": {\"counted\": true, \"count\": 4, \"insns\": 8000, \"log2_hist\": [0, 4]},\n"
	"\"mix\": [{\"window_insns\": 4000000}, {\"window_insns\": 16000000}, "
	"{\"window_insns\": 64000000}],\n"
	"\"functions\": [\n"
	"{\"name\": \"page_counter_try_charge\", \"class\": \"charge\", \"start\": \"0x1\", "
	"\"calls\": [0, 100], \"insns\": [0, 400], \"transfers\": [0, 6], "
	"\"classes\": [300, 100, 0, 0, 0, 0, 0, 0, 0], \"ret_transfers\": [1], "
	"\"by_holders\": {\"load\": [1, 0, 0, 0, 0, 0, 0], \"store\": [5, 0, 0, 0, 0, 0, 0]}, "
	"\"mix\": [{\"per_vcpu\": [1, 2], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [3, 0, 0, 0, 0, 0, 0]}, "
	"{\"per_vcpu\": [10, 20], \"load\": [5, 0, 0, 0, 0, 0, 0], \"store\": [20, 5, 0, 0, 0, 0, 0]}, "
	"{\"per_vcpu\": [30, 40], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [70, 0, 0, 0, 0, 0, 0]}]},\n"
	"{\"name\": \"try_charge_memcg\", \"class\": \"charge\", \"start\": \"0x2\", "
	"\"calls\": [10, 90], \"insns\": [50, 150], \"transfers\": [2, 2], "
	"\"classes\": [190, 0, 0, 5, 0, 5, 0, 0, 0], \"ret_transfers\": [0], "
	"\"by_holders\": {\"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [2, 2, 0, 0, 0, 0, 0]}, "
	"\"mix\": [{\"per_vcpu\": [0, 1], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [1, 0, 0, 0, 0, 0, 0]}, "
	"{\"per_vcpu\": [3, 7], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [0, 0, 10, 0, 0, 0, 0]}, "
	"{\"per_vcpu\": [5, 5], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [10, 0, 0, 0, 0, 0, 0]}]},\n"
	"{\"name\": \"kprobe_ftrace_handler\", \"class\": \"instr\", \"start\": \"0x4\", "
	"\"calls\": [1, 1], \"insns\": [100, 100], \"transfers\": [0, 0], "
	"\"classes\": [190, 0, 0, 5, 0, 5, 0, 0, 0]},\n"
	"{\"name\": \"contention_probe_add\", \"class\": \"probe\", \"start\": \"0x40f760\", "
	"\"calls\": [50, 50], \"insns\": [100, 100], \"transfers\": [4, 4], "
	"\"classes\": [100, 100, 0, 0, 0, 0, 0, 0, 0], \"ret_transfers\": [0], "
	"\"by_holders\": {\"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [8, 0, 0, 0, 0, 0, 0]}, "
	"\"mix\": [{\"per_vcpu\": [1, 1], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [2, 0, 0, 0, 0, 0, 0]}, "
	"{\"per_vcpu\": [25, 25], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [50, 0, 0, 0, 0, 0, 0]}, "
	"{\"per_vcpu\": [40, 40], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [80, 0, 0, 0, 0, 0, 0]}]}\n"
	"]}\n";

static double cost_num(json_t *cost, const char *key)
{
	return json_number_value(json_object_get(cost, key));
}

static void test_contention(void)
{
	char path[] = "/tmp/mmx-cost2-XXXXXX", err[1024];
	json_t *metrics = json_pack("{s:f, s:s}", "units", 2.0, "unit", "mb");
	/* every kernel instruction less the instrumentation's (190 plain, 5 pushf, 5 cli) */
	const double k[IC_COUNT] = { 975 + 2910 - 190, 60, 10, 15 - 5, 0, 15 - 5, 15, 0, 0 };
	const double charge[IC_COUNT] = { 490, 100, 0, 5, 0, 5, 0, 0, 0 };
	double est[2][HOLDER_BUCKETS] = { { 5 }, { 20, 5, 10 } };
	double ser[2][HOLDER_BUCKETS] = { { 1 }, { 7, 2 } };
	json_t *cost, *a;
	char key[96];

	close(mkstemp(path));
	write_file(path, plugin_out_v2);
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	CHECK(cost != NULL, "version 2 output reads");
	if (!cost)
		return;
	CHECK(cost_num(cost, "transfers") == 10, "serialized transfers: the charge path's only");
	CHECK(cost_num(cost, "transfers_est") == 40 && cost_num(cost, "transfers_est_per_mb") == 20,
	      "the estimate at the 16M window: 30 + 10, per MB");
	CHECK(cost_num(cost, "page_counter_transfers_est_per_mb") == 15,
	      "the page counters' own estimate");
	CHECK(cost_num(cost, "transfers_est_window") == 16000000, "the primary window is named");
	a = json_object_get(cost, "transfers_est_by_window");
	CHECK(json_number_value(json_object_get(a, "4000000")) == 4 &&
	      json_number_value(json_object_get(a, "64000000")) == 80,
	      "the estimate at every window length");
	CHECK(cost_num(cost, "probe_transfers") == 8 && cost_num(cost, "probe_transfers_est") == 50,
	      "the probe's transfers apart from the kernel's");
	CHECK(cost_num(cost, "stale_mem_callbacks") == 7, "stale callbacks summed");
	CHECK(fabs(cost_num(cost, "ret_transfer_share") - 0.1) < 1e-12,
	      "transfers at ret instructions: 1 of 10");
	a = json_object_get(json_object_get(cost, "per_cpu"), "transfers_est");
	CHECK(json_number_value(json_array_get(a, 0)) == 13 &&
	      json_number_value(json_array_get(a, 1)) == 27, "the estimate per CPU");
	CHECK(json_number_value(json_object_get(json_object_get(cost, "kernel_classes"),
						"locked")) == 60 &&
	      json_number_value(json_object_get(json_object_get(cost, "kernel_classes"),
						"plain")) == 3695,
	      "kernel classes over vCPUs, less the instrumentation's");
	for (size_t i = 0; i < cycle_archs_count; i++) {
		const struct cycle_arch *arch = &cycle_archs[i];
		double want = cycle_model_price(arch, k, (const double (*)[HOLDER_BUCKETS])est) / 2;
		double want_lb = cycle_model_price(arch, k, (const double (*)[HOLDER_BUCKETS])ser) / 2;
		double want_charge = cycle_model_price(arch, charge,
						       (const double (*)[HOLDER_BUCKETS])est) / 2;

		snprintf(key, sizeof(key), "modelled_cycles_%s_per_mb", arch->name);
		CHECK(near(cost_num(cost, key), want, 1e-6), "modelled cycles: kernel classes and the estimate");
		snprintf(key, sizeof(key), "modelled_cycles_%s_lb_per_mb", arch->name);
		CHECK(near(cost_num(cost, key), want_lb, 1e-6) && want_lb < want,
		      "the lower bound prices the serialized transfers, fewer here");
		snprintf(key, sizeof(key), "charge_cycles_%s_per_mb", arch->name);
		CHECK(near(cost_num(cost, key), want_charge, 1e-6), "the charge path's own cycles");
	}
	json_decref(cost);

	write_file(path, plugin_out);
	{
		char old[sizeof(plugin_out)];

		snprintf(old, sizeof(old), "%s", plugin_out);
		memcpy(strstr(old, "\"version\": 2"), "\"version\": 1", 12);
		write_file(path, old);
		cost = cost_metrics_read(path, metrics, err, sizeof(err));
		CHECK(!cost && strstr(err, "make harness"), "an old plugin's output says to rebuild it");
	}
	unlink(path);
	json_decref(metrics);
}

/*
 * The receive scope: two vCPUs, the charge path and the instrumentation
 * inside it in part.  Known answers by hand: the kernel's classes inside
 * less the instrumentation's inside, priced with the charge path's
 * in-scope estimate.
 */
static const char plugin_out_scope[] =
	"{\"plugin\": \"mmx-cost\", \"version\": 2, \"vcpus\": 2,\n"
	"\"lines_tracked\": 10, \"lines_dropped\": 0,\n"
	"\"window_begins\": [1, 1], \"window_ends\": [1, 1],\n"
	"\"kernel_insns\": [1000, 3000], \"user_insns\": [0, 0],\n"
	"\"scope\": {\"counted\": true, \"entries\": [0, 12], \"exits\": [0, 12], "
	"\"unbalanced\": [0, 0], \"insns\": [0, 2000], \"depth_at_exit\": [0, 0], "
	"\"kernel_classes\": [[0, 0, 0, 0, 0, 0, 0, 0, 0], [1900, 40, 0, 30, 0, 30, 0, 0, 0]]},\n"
	"\"kernel_classes\": [[1000, 0, 0, 0, 0, 0, 0, 0, 0], [2900, 40, 0, 30, 0, 30, 0, 0, 0]],\n"
	"\"mix\": [{\"window_insns\": 4000000}, {\"window_insns\": 16000000}],\n"
	"\"functions\": [\n"
	"{\"name\": \"page_counter_try_charge\", \"class\": \"charge\", \"start\": \"0x1\", "
	"\"calls\": [0, 100], \"insns\": [0, 400], \"transfers\": [0, 6], "
	"\"classes\": [300, 100, 0, 0, 0, 0, 0, 0, 0], "
	"\"mix\": [{\"per_vcpu\": [0, 9], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [9, 0, 0, 0, 0, 0, 0]}, "
	"{\"per_vcpu\": [0, 30], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [30, 0, 0, 0, 0, 0, 0]}], "
	"\"scope\": {\"calls\": [0, 60], \"insns\": [0, 240], "
	"\"classes\": [200, 40, 0, 0, 0, 0, 0, 0, 0], \"transfers\": [0, 3], "
	"\"mix\": [{\"per_vcpu\": [0, 5], \"load\": [0, 0, 0, 0, 0, 0, 0], \"store\": [5, 0, 0, 0, 0, 0, 0]}, "
	"{\"per_vcpu\": [0, 12], \"load\": [2, 0, 0, 0, 0, 0, 0], \"store\": [6, 4, 0, 0, 0, 0, 0]}]}},\n"
	"{\"name\": \"net_rx_action\", \"class\": \"rx\", \"start\": \"0x3\", "
	"\"calls\": [0, 10], \"insns\": [0, 100], \"transfers\": [0, 0], "
	"\"classes\": [100, 0, 0, 0, 0, 0, 0, 0, 0], "
	"\"scope\": {\"calls\": [0, 10], \"insns\": [0, 100], "
	"\"classes\": [100, 0, 0, 0, 0, 0, 0, 0, 0]}},\n"
	"{\"name\": \"__napi_poll\", \"class\": \"rx\", \"start\": \"0x4\", "
	"\"calls\": [0, 2], \"insns\": [0, 10], \"transfers\": [0, 0], "
	"\"classes\": [10, 0, 0, 0, 0, 0, 0, 0, 0], "
	"\"scope\": {\"calls\": [0, 2], \"insns\": [0, 10], "
	"\"classes\": [10, 0, 0, 0, 0, 0, 0, 0, 0]}},\n"
	"{\"name\": \"kprobe_ftrace_handler\", \"class\": \"instr\", \"start\": \"0x5\", "
	"\"calls\": [1, 1], \"insns\": [100, 100], \"transfers\": [0, 0], "
	"\"classes\": [190, 0, 0, 5, 0, 5, 0, 0, 0], "
	"\"scope\": {\"calls\": [0, 1], \"insns\": [0, 60], "
	"\"classes\": [50, 0, 0, 5, 0, 5, 0, 0, 0]}}\n"
	"]}\n";

static void test_rx_scope(void)
{
	char path[] = "/tmp/mmx-cost3-XXXXXX", err[1024], key[96];
	json_t *metrics = json_pack("{s:f, s:s, s:{s:i, s:i}}", "units", 4.0, "unit", "mb",
				    "kprobe_counts", "net_rx_action", 10, "__napi_poll", 200);
	const double inside[IC_COUNT] = { 1900 - 50, 40, 0, 30 - 5, 0, 30 - 5, 0, 0, 0 };
	const double charge[IC_COUNT] = { 200, 40, 0, 0, 0, 0, 0, 0, 0 };
	double hold[2][HOLDER_BUCKETS] = { { 2 }, { 6, 4 } };
	json_t *cost, *rx, *cc;

	close(mkstemp(path));
	write_file(path, plugin_out_scope);
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	CHECK(cost != NULL, "output with a receive scope reads");
	if (!cost)
		return;
	rx = json_object_get(cost, "rx");
	CHECK(json_number_value(json_object_get(rx, "kernel_insns")) == 1850 + 40 + 25 + 25,
	      "the kernel's instructions inside, less the instrumentation's inside");
	CHECK(json_number_value(json_object_get(rx, "charge_insns")) == 240,
	      "the charge path's instructions inside");
	CHECK(json_number_value(json_object_get(rx, "transfers_est")) == 12,
	      "the charge path's in-scope estimate at the primary window");
	CHECK(json_number_value(json_object_get(json_object_get(json_object_get(cost, "functions"),
		"page_counter_try_charge"), "scope_calls")) == 60,
	      "a function's calls inside the scope, per function");
	CHECK(json_is_true(json_object_get(rx, "balanced")), "every entry left by its ret");
	cc = json_object_get(json_object_get(cost, "crosscheck"), "__napi_poll");
	CHECK(json_number_value(json_object_get(cc, "plugin")) == 2 &&
	      json_number_value(json_object_get(cc, "kprobe")) == 200 &&
	      json_is_false(json_object_get(cost, "crosscheck_ok")),
	      "the scope's entries are checked against the kprobes: 2 NAPI polls against 200 fail");
	for (size_t i = 0; i < cycle_archs_count; i++) {
		const struct cycle_arch *arch = &cycle_archs[i];
		double all = cycle_model_price(arch, inside, (const double (*)[HOLDER_BUCKETS])hold);
		double ch = cycle_model_price(arch, charge, (const double (*)[HOLDER_BUCKETS])hold);

		snprintf(key, sizeof(key), "rx_modelled_cycles_%s_per_mb", arch->name);
		CHECK(near(cost_num(cost, key), all / 4, 1e-6), "receive-scope cycles per MB");
		snprintf(key, sizeof(key), "rx_charge_cycles_%s_per_mb", arch->name);
		CHECK(near(cost_num(cost, key), ch / 4, 1e-6), "the charge path's part of them");
		snprintf(key, sizeof(key), "rx_charge_transfer_cycles_%s_per_mb", arch->name);
		CHECK(near(cost_num(cost, key), (ch - cycle_model_price(arch, charge, NULL)) / 4,
			   1e-6) && cost_num(cost, key) > 0,
		      "the line transfers' part of the charge path's cycles");
		snprintf(key, sizeof(key), "rx_charge_share_%s", arch->name);
		CHECK(near(cost_num(cost, key), ch / all, 1e-9) && ch / all > 0.1,
		      "the charge path's share of the receive scope");
	}
	json_decref(cost);
	{
		char bad[sizeof(plugin_out_scope) + 8];

		snprintf(bad, sizeof(bad), "%s", plugin_out_scope);
		memcpy(strstr(bad, "\"exits\": [0, 12]"), "\"exits\": [0, 10]", 16);
		write_file(path, bad);
		cost = cost_metrics_read(path, metrics, err, sizeof(err));
		CHECK(cost && json_is_false(json_object_get(json_object_get(cost, "rx"), "balanced")),
		      "12 entries and 10 exits on one vCPU: not balanced");
		json_decref(cost);
	}
	/* without scope functions in the set: no receive metrics at all */
	write_file(path, plugin_out_v2);
	cost = cost_metrics_read(path, metrics, err, sizeof(err));
	CHECK(cost && !json_object_get(cost, "rx") &&
	      !json_object_get(cost, "rx_modelled_cycles_skylake_per_mb"),
	      "no scope counted: no receive metrics");
	json_decref(cost);
	unlink(path);
	json_decref(metrics);
}

int main(void)
{
	test_funcs();
	test_metrics();
	test_contention();
	test_rx_scope();
	return check_summary();
}
