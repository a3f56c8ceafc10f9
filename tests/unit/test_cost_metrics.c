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
#include <unistd.h>

#include "check.h"
#include "cost_funcs.h"
#include "cost_metrics.h"

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
	CHECK(n == 8, "eight functions in the set");
	CHECK(strstr(set, "ffffffff81230830 ffffffff81230900 charge page_counter_try_charge\n") != NULL,
	      "a charge function ends where the next symbol starts");
	CHECK(strstr(set, "charge drain_stock.isra.0\n") != NULL, "a compiler clone matches its glob");
	CHECK(strstr(set, "drain_stock_alias") == NULL, "an alias at the same address is not a second range");
	CHECK(strstr(set, "ffffffff81230a00 ffffffff81230b00") != NULL, "the alias does not end the function");
	CHECK(strstr(set, "__pfx_") == NULL, "call padding is not a function");
	CHECK(strstr(set, "rx net_rx_action\n") && strstr(set, "rx process_backlog\n") &&
	      strstr(set, "rx tcp_v4_rcv\n"), "the receive roots");
	CHECK(strstr(set, "tcp_v4_rcv_tail") == NULL, "roots are exact names, not globs");
	CHECK(strstr(set, "instr kprobe_ftrace_handler\n") != NULL, "the kprobe machinery is instrumentation");
	CHECK(strstr(set, "unrelated") == NULL && strstr(set, "something_else") == NULL,
	      "other functions stay out");

	n = cost_funcs_write(map, "unrelated", out, err, sizeof(err));
	CHECK(n == 9 && strstr(read_file(out), "charge unrelated\n"), "cost_funcs= adds a function");
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
	"{\"plugin\": \"mmx-cost\", \"version\": 1, \"vcpus\": 2,\n"
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

int main(void)
{
	test_funcs();
	test_metrics();
	return check_summary();
}
