// SPDX-License-Identifier: GPL-2.0
/*
 * lib/metrics_table: a record's number found by its path (arrays indexed by
 * a number in the path) and matrix.json's "one metric or a list" fields.
 */
#include <jansson.h>
#include <string.h>

#include "check.h"
#include "metrics_table.h"

static void test_value(void)
{
	json_t *m = json_loads("{\"cost\": {\"hot_lines\": [{\"transfers_est_per_mb\": 12.5},"
			       " {\"transfers_est_per_mb\": 3}], \"x\": null}}", 0, NULL);
	double v = 0;

	CHECK(m, "fixture parses");
	CHECK(metric_value(m, "cost.hot_lines.1.transfers_est_per_mb", &v) == 0 && v == 3,
	      "a number in the path indexes the array");
	CHECK(metric_value(m, "cost.hot_lines.0.transfers_est_per_mb", &v) == 0 && v == 12.5,
	      "index 0 is the first element");
	CHECK(metric_value(m, "cost.hot_lines.2.transfers_est_per_mb", &v) < 0,
	      "an index past the end is absent");
	CHECK(metric_value(m, "cost.hot_lines.1x.transfers_est_per_mb", &v) < 0,
	      "a key that is not a whole number indexes nothing");
	CHECK(metric_value(m, "cost.x", &v) < 0, "null is absent");
	json_decref(m);
}

static int list(const char *spec_text, int *idx, const char **paths)
{
	json_t *spec = json_loads(spec_text, JSON_DECODE_ANY, NULL);
	int n = metric_list_index("sendfile-clients", spec, 3, idx, paths);

	/* the names point into spec: the caller only looks at the count here */
	json_decref(spec);
	return n;
}

static void test_list(void)
{
	const char *paths[3];
	int idx[3];

	CHECK(list("\"cost.hot_line_transfers_est_per_mb\"", idx, paths) == 1 &&
	      idx[0] == metric_index("sendfile-clients", "cost.hot_line_transfers_est_per_mb"),
	      "one name is a list of one");
	CHECK(list("[\"cost.hot_line_transfers_est_per_mb\", "
		   "\"cost.hot_lines.1.transfers_est_per_mb\"]", idx, paths) == 2 &&
	      idx[1] == metric_index("sendfile-clients", "cost.hot_lines.1.transfers_est_per_mb") &&
	      idx[1] >= 0, "a list gives each index in order");
	CHECK(list("[\"cost.hot_line_transfers_est_per_mb\", \"nope\"]", idx, paths) == -3,
	      "an unknown second name is -2 - 1");
	CHECK(list("[\"cost.hot_line_transfers_est_per_mb\", 7]", idx, paths) == -3,
	      "a number in the list names no metric");
	CHECK(list("[]", idx, paths) == -1, "an empty list is the wrong shape");
	CHECK(list("[\"a\", \"b\", \"c\", \"d\"]", idx, paths) == -1,
	      "more than max is the wrong shape");
	CHECK(list("{}", idx, paths) == -1, "an object is the wrong shape");
}

static void test_per_packet(void)
{
	int m = metric_index("sendfile-clients", "cost.rx_modelled_cycles_skylake_per_packet");
	json_t *rec = json_loads("{\"units\": 500, \"netif_receive_skbs\": 10000, \"cost\":"
				 " {\"rx_modelled_cycles_skylake_per_mb\": 120000}}", 0, NULL);
	double v = 0;

	CHECK(m >= 0, "sendfile-clients has the per-packet receive cost");
	if (m < 0)
		return;
	CHECK(metric_def_value(&metric_defs[m], rec, &v) == 0 && v == 6000,
	      "per packet: 120000 cycles/MB x 500 MB / 10000 packets = 6000");
	json_object_set_new(rec, "netif_receive_skbs", json_integer(0));
	CHECK(metric_def_value(&metric_defs[m], rec, &v) < 0, "no packets: no figure");
	json_object_del(rec, "netif_receive_skbs");
	CHECK(metric_def_value(&metric_defs[m], rec, &v) < 0, "no packet count: no figure");
	json_object_set_new(rec, "netif_receive_skbs", json_integer(10000));
	json_object_del(rec, "units");
	CHECK(metric_def_value(&metric_defs[m], rec, &v) < 0, "no MB count: no figure");
	m = metric_index("sendfile-clients", "cost.rx_modelled_cycles_skylake_per_mb");
	CHECK(m >= 0 && metric_def_value(&metric_defs[m], rec, &v) == 0 && v == 120000,
	      "a metric that is not derived is read as it is");
	json_decref(rec);
}

/* Which share bounds which cost is the table's own link: it must name a share. */
static void test_charge_share_links(void)
{
	int bad = 0, receive_costs = 0, linked = 0;

	for (size_t i = 0; i < metric_defs_count; i++) {
		const struct metric_def *d = &metric_defs[i];
		int share = d->charge_share ? metric_index(d->workload, d->charge_share) : -1;

		if (d->charge_share && (share < 0 || strcmp(metric_defs[share].unit, "%")))
			bad++;
		/* every Skylake-priced receive-scope cost, per MB or per packet */
		if (!strncmp(d->path, "cost.rx_modelled_cycles_skylake_", 32)) {
			receive_costs++;
			linked += d->charge_share != NULL;
		}
	}
	CHECK(!bad, "every charge_share link names a share metric (%) of the same workload");
	CHECK(receive_costs >= 3 && linked == receive_costs,
	      "every Skylake receive-scope cost (per MB and per packet) is linked to its charge share");
}

/* the charge path's cycles with its transfers priced x4 and x16 */
static void test_repriced(void)
{
	int x4 = metric_index("rx-mixed", "cost.rx_charge_cycles_skylake_x4_per_mb");
	int x16 = metric_index("sendfile-clients", "cost.rx_charge_cycles_skylake_x16_per_mb");
	json_t *rec = json_loads("{\"cost\": {\"rx_charge_cycles_skylake_per_mb\": 1000,"
				 " \"rx_charge_transfer_cycles_skylake_per_mb\": 100}}", 0, NULL);
	double v = 0;

	CHECK(x4 >= 0 && x16 >= 0, "the repriced charge-path cycles are metrics");
	if (x4 < 0 || x16 < 0)
		return;
	CHECK(metric_def_value(&metric_defs[x4], rec, &v) == 0 && v == 1300,
	      "x4: 1000 cycles, 100 of them transfers: 900 + 4 x 100 = 1300");
	CHECK(metric_def_value(&metric_defs[x16], rec, &v) == 0 && v == 2500,
	      "x16: 900 + 16 x 100 = 2500");
	json_object_del(json_object_get(rec, "cost"), "rx_charge_transfer_cycles_skylake_per_mb");
	CHECK(metric_def_value(&metric_defs[x4], rec, &v) < 0,
	      "a record without the transfers' part: no figure, not the unrepriced one");
	json_decref(rec);
}

int main(void)
{
	test_value();
	test_list();
	test_per_packet();
	test_repriced();
	test_charge_share_links();
	return check_summary();
}
