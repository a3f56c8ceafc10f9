// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-mix: task context and softirq fighting over one CPU's charge stock.
 *
 * kmem_tenants tasks, each in its own memcg and all pinned to RX_CPU, loop
 * over accounted kernel allocations while the rx-mixed load (rx_load.h) of
 * rx_tenants other memcgs is received on the same CPU in softirq.  One op,
 * fixed so results stay comparable:
 *   - create a file on tmpfs, write 512 bytes, close, unlink (dentry,
 *     shmem inode and struct file are SLAB_ACCOUNT; the page is charged);
 *   - pipe2, write 1 byte, close both ends (pipe_inode_info and the pipe
 *     buffer page are __GFP_ACCOUNT);
 *   - AF_UNIX socketpair, close both (socket inodes are SLAB_ACCOUNT).
 * The objects are charged through the obj stock, which shares the per-CPU
 * stock (and its irq-disabling lock) with the softirq socket charges.
 *
 * Each task yields the CPU every OPS_PER_YIELD ops.  Without that, one task
 * can keep the CPU for the whole window: with IRQ_TIME_ACCOUNTING softirq
 * time is not charged to the task it interrupts, so under a saturating rx
 * load the scheduler's clock barely moves and the running task never
 * exhausts its slice (seen: 2 of 3 tenants with 0 ops in a 2 s window).
 * Under SCHED_FIFO the yield is what rotates the tasks at all.
 *
 * kmem_fifo=1 (the default) runs the tasks SCHED_FIFO 1: the softirq then
 * runs where it interrupts them (irq exit) and ksoftirqd only in the
 * RT-throttled 5 %, instead of ksoftirqd, whose softirq time is not charged
 * to it either, taking nearly all of the CPU (seen under SCHED_OTHER: 22
 * ops/s and 2..9 per tenant; SCHED_FIFO: 153 ops/s, 37..40 per tenant).
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "guest_files.h"
#include "guest_time.h"
#include "measure_window.h"
#include "perf_probes.h"
#include "rx_load.h"
#include "tenant_cgroups.h"
#include "tenant_memory.h"
#include "tenant_tasks.h"
#include "workloads.h"

#define KMEM_DIR_FMT "/tmp/mmx-kmem-%02d"
#define KMEM_WRITE_BYTES 512
#define OPS_PER_YIELD 16
/* rx side fixed at rx-mixed's defaults */
#define RX_FLOWS 1
#define RX_MSG_SIZE 4096
#define RX_MTU 1500
#define REMOVE_TIMEOUT_S 5.0
#define HOLD_TIMEOUT_S 2.0

/*
 * The obj stock's own calls, beside the window's page-level kprobes:
 * byte-level charges, and the obj stock giving up its cached objcg.
 */
static const char *const obj_kprobes[] = { "obj_cgroup_charge", "drain_obj_stock" };
#define NOBJ (sizeof(obj_kprobes) / sizeof(obj_kprobes[0]))

static int one_op(struct tenant_task_ctx *ctx, const char *file,
		  const char *payload)
{
	int fd, p[2], sv[2];

	fd = open(file, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return tenant_task_fail(ctx, "create tmpfs file");
	if (write(fd, payload, KMEM_WRITE_BYTES) != KMEM_WRITE_BYTES) {
		close(fd);
		return tenant_task_fail(ctx, "write tmpfs file");
	}
	close(fd);
	if (unlink(file) < 0)
		return tenant_task_fail(ctx, "unlink tmpfs file");
	if (pipe2(p, O_CLOEXEC) < 0)
		return tenant_task_fail(ctx, "pipe2");
	if (write(p[1], payload, 1) != 1) {
		close(p[0]);
		close(p[1]);
		return tenant_task_fail(ctx, "write pipe");
	}
	close(p[0]);
	close(p[1]);
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return tenant_task_fail(ctx, "socketpair");
	close(sv[0]);
	close(sv[1]);
	return 0;
}

/* Runs in the tenant's cgroup, so its directory is charged there too. */
static int kmem_task(struct tenant_task_ctx *ctx, void *arg)
{
	const int *fifo = arg;
	static char payload[KMEM_WRITE_BYTES];
	struct sched_param rt = { .sched_priority = 1 };
	char dir[64], file[80];

	if (*fifo && sched_setscheduler(0, SCHED_FIFO, &rt) < 0)
		return tenant_task_fail(ctx, "sched_setscheduler(SCHED_FIFO)");
	memset(payload, 'k', sizeof(payload));
	snprintf(dir, sizeof(dir), KMEM_DIR_FMT, ctx->index);
	snprintf(file, sizeof(file), "%s/f", dir);
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return tenant_task_fail(ctx, "mkdir on /tmp");
	while (!atomic_load(ctx->stop)) {
		tenant_task_checkpoint(ctx);
		if (one_op(ctx, file, payload) < 0)
			return -1;
		if (atomic_fetch_add(ctx->ops, 1) % OPS_PER_YIELD == OPS_PER_YIELD - 1)
			sched_yield();
	}
	return 0;
}

static void remove_task_dirs(int n)
{
	char path[80];

	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), KMEM_DIR_FMT "/f", i);
		unlink(path);
		snprintf(path, sizeof(path), KMEM_DIR_FMT, i);
		rmdir(path);
	}
}

/* the obj-stock counts into the window's kprobe_counts and per-MB maps */
static void report_obj_kprobes(const struct perf_counter *k, json_t *metrics,
			       double mb)
{
	json_t *counts = json_object_get(metrics, "kprobe_counts");
	json_t *per_mb = json_object_get(metrics, "kprobe_counts_per_mb");
	json_t *absent = json_object_get(metrics, "kprobes_absent");

	for (size_t i = 0; i < NOBJ; i++) {
		double n = (double)perf_counter_total(&k[i]);

		json_object_set_new(counts, obj_kprobes[i], k[i].absent ? json_null() :
				    json_integer((json_int_t)n));
		json_object_set_new(per_mb, obj_kprobes[i], k[i].absent || mb <= 0 ?
				    json_null() : json_real(n / mb));
		if (k[i].absent)
			json_array_append_new(absent, json_string(obj_kprobes[i]));
	}
}

/* The task side's cost: <name>_per_op from counts already in metrics. */
static void report_per_op(json_t *metrics, double ops)
{
	static const char *const page_level[] = {
		"page_counter_charges", "charges_per_op",
		"page_counter_uncharges", "uncharges_per_op",
	};
	json_t *counts = json_object_get(metrics, "kprobe_counts");
	json_t *per_op = json_object(), *v;
	const char *sym;

	for (size_t i = 0; i < sizeof(page_level) / sizeof(page_level[0]); i += 2) {
		v = json_object_get(metrics, page_level[i]);
		json_object_set_new(metrics, page_level[i + 1],
				    json_is_number(v) && ops > 0 ?
				    json_real(json_number_value(v) / ops) : json_null());
	}
	json_object_foreach(counts, sym, v)
		json_object_set_new(per_op, sym, json_is_number(v) && ops > 0 ?
				    json_real(json_number_value(v) / ops) : json_null());
	json_object_set_new(metrics, "kprobe_counts_per_op", per_op);
}

/*
 * The kprobe counts of the receive CPU alone: the fight is there, while the
 * window's totals also hold the receivers' uncharges on CPUs 0 and 3.
 */
static void report_rx_cpu_kprobes(const struct measure_window *w,
				  const struct perf_counter *obj, json_t *metrics,
				  double ops)
{
	json_t *counts = json_object(), *per_op = json_object();
	const struct perf_counter *k;

	for (int i = 0; i < w->nkprobes + (int)NOBJ; i++) {
		k = i < w->nkprobes ? &w->kprobes[i] : &obj[i - w->nkprobes];
		if (k->absent || RX_CPU >= k->ncpus) {
			json_object_set_new(counts, k->name, json_null());
			json_object_set_new(per_op, k->name, json_null());
			continue;
		}
		json_object_set_new(counts, k->name,
				    json_integer((json_int_t)k->delta[RX_CPU]));
		json_object_set_new(per_op, k->name, ops > 0 ?
				    json_real((double)k->delta[RX_CPU] / ops) : json_null());
	}
	json_object_set_new(metrics, "rx_cpu_kprobe_counts", counts);
	json_object_set_new(metrics, "rx_cpu_kprobe_counts_per_op", per_op);
}

/*
 * The receive CPU's softirq time and its share of the window: what the
 * softirq leaves of that CPU is all the kmem tasks get, so ops_per_sec
 * must be read beside it.
 */
static void report_rx_cpu(json_t *metrics, double window)
{
	json_t *procstat = json_array_get(json_object_get(metrics,
				"softirq_ns_procstat_per_cpu"), RX_CPU);
	json_t *net_rx = json_array_get(json_object_get(metrics,
				"net_rx_softirq_ns_per_cpu"), RX_CPU);

	json_object_set_new(metrics, "rx_cpu_softirq_ns_procstat",
			    procstat ? json_copy(procstat) : json_null());
	json_object_set_new(metrics, "rx_cpu_net_rx_softirq_ns",
			    net_rx ? json_copy(net_rx) : json_null());
	json_object_set_new(metrics, "rx_cpu_softirq_share",
			    json_is_number(procstat) && window > 0 ?
			    json_real(json_number_value(procstat) / 1e9 / window) :
			    json_null());
}

int workload_kmem_mix(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	int kmem = (int)param_int(params, "kmem_tenants");
	int rx = (int)param_int(params, "rx_tenants");
	int fifo = (int)param_int(params, "kmem_fifo");
	double duration = param_real(params, "duration_s");
	double warmup = param_real(params, "warmup_s");
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	unsigned long long ops0[TENANT_TASKS_MAX], ops[TENANT_TASKS_MAX];
	unsigned long long b0[RX_MAX_TENANTS], bytes[RX_MAX_TENANTS];
	unsigned long long ops_total = 0, rx_total = 0;
	struct perf_counter obj[NOBJ];
	struct tenant_memory mem_begin, mem_end;
	struct measure_window w;
	struct tenant_tasks tasks;
	struct rx_load load;
	double window, mb;
	unsigned long long cpu0[TENANT_TASKS_MAX], cpu_ns = 0;
	int removed, rc, parked;
	char why[256] = "";

	if (kmem + rx > RX_MAX_TENANTS || kmem > TENANT_TASKS_MAX) {
		snprintf(err, errlen, "kmem_tenants + rx_tenants must be at most %d",
			 RX_MAX_TENANTS);
		return -1;
	}
	/* kprobes patch kernel text: armed before any load runs */
	if (window_open(&w, params, err, errlen) < 0)
		return -1;
	w.stats_reader_tenants = rx + kmem;
	for (size_t i = 0; i < NOBJ; i++)
		kprobe_counter_open(&obj[i], obj_kprobes[i], ncpus);
	/* rx tenants are t00.., kmem tenants follow them */
	rc = tenants_create(rx + kmem, err, errlen);
	if (rc == 0 && rx > 0)
		rc = rx_load_start(&load, rx, RX_FLOWS, RX_MSG_SIZE, RX_MTU, err,
				   errlen);
	if (rc == 0 && tenant_tasks_start(&tasks, kmem, rx, RX_CPU, kmem_task,
					  &fifo, err, errlen) < 0) {
		if (rx > 0)
			rx_load_stop(&load);
		rc = -1;
	}
	if (rc < 0) {
		for (size_t i = 0; i < NOBJ; i++)
			perf_counter_close(&obj[i]);
		window_close(&w);
		remove_task_dirs(kmem);
		tenants_remove(rx + kmem, REMOVE_TIMEOUT_S);
		return -1;
	}
	sleep_s(warmup);

	/*
	 * The measured window.  The window reads each CPU's counters on that
	 * CPU, where the tasks run SCHED_FIFO: parked meanwhile, they neither
	 * delay the read nor do work the counters miss or the ops count misses.
	 */
	parked = tenant_tasks_hold(&tasks, HOLD_TIMEOUT_S) == 0;
	for (int i = 0; i < kmem; i++)
		cpu0[i] = tenant_tasks_cpu_ns(&tasks, i);
	tenant_memory_read(&mem_begin, rx + kmem);
	for (int i = 0; i < kmem; i++)
		ops0[i] = tenant_tasks_ops(&tasks, i);
	for (int t = 0; t < rx; t++)
		b0[t] = rx_load_bytes(&load, t);
	window_begin(&w);
	for (size_t i = 0; i < NOBJ; i++)
		perf_counter_start(&obj[i]);
	tenant_tasks_release(&tasks);
	sleep_s(duration);
	parked &= tenant_tasks_hold(&tasks, HOLD_TIMEOUT_S) == 0;
	for (int i = 0; i < kmem; i++)
		cpu_ns += tenant_tasks_cpu_ns(&tasks, i) - cpu0[i];
	for (int i = 0; i < kmem; i++)
		ops[i] = tenant_tasks_ops(&tasks, i) - ops0[i];
	for (int t = 0; t < rx; t++)
		bytes[t] = rx_load_bytes(&load, t) - b0[t];
	for (size_t i = 0; i < NOBJ; i++)
		perf_counter_stop(&obj[i]);
	window_end(&w);
	tenant_tasks_release(&tasks);
	tenant_memory_read(&mem_end, rx + kmem);

	/* our tasks first: rx_load_stop() reaps every child */
	rc = tenant_tasks_stop(&tasks, why, sizeof(why));
	if (rx > 0)
		rx_load_stop(&load);
	for (int i = 0; i < kmem; i++)
		ops_total += ops[i];
	for (int t = 0; t < rx; t++)
		rx_total += bytes[t];
	window = window_seconds(&w);
	mb = (double)rx_total / 1e6;
	window_report(&w, metrics, mb, "mb");
	report_rx_cpu_kprobes(&w, obj, metrics, (double)ops_total);
	window_close(&w);
	report_obj_kprobes(obj, metrics, mb);
	for (size_t i = 0; i < NOBJ; i++)
		perf_counter_close(&obj[i]);
	report_per_op(metrics, (double)ops_total);
	report_rx_cpu(metrics, window);
	remove_task_dirs(kmem);
	removed = tenants_remove(rx + kmem, REMOVE_TIMEOUT_S);

	json_object_set_new(metrics, "op", json_string(
		"tmpfs create+write 512 B+close+unlink, pipe2+write 1 B+close, AF_UNIX socketpair+close"));
	json_object_set_new(metrics, "kmem_policy", json_string(fifo ? "SCHED_FIFO 1" : "SCHED_OTHER"));
	json_object_set_new(metrics, "ops", json_integer((json_int_t)ops_total));
	json_object_set_new(metrics, "ops_per_sec", json_real((double)ops_total / window));
	json_object_set_new(metrics, "tenant_ops_per_sec", tenant_rates(ops, kmem, window));
	json_object_set_new(metrics, "bytes_received", json_integer((json_int_t)rx_total));
	json_object_set_new(metrics, "throughput_bytes_per_sec",
			    json_real((double)rx_total / window));
	json_object_set_new(metrics, "tenant_throughput_bytes_per_sec",
			    tenant_rates(bytes, rx, window));
	tenant_memory_report(&mem_begin, &mem_end, metrics);
	json_object_set_new(metrics, "rx_cpu", json_integer(RX_CPU));
	json_object_set_new(metrics, "sender_cpu", json_integer(SENDER_CPU));
	json_object_set_new(metrics, "kmem_first_tenant", json_integer(rx));
	json_object_set_new(metrics, "tasks_parked_for_counter_reads", json_boolean(parked));
	tenant_tasks_report_cpu(metrics, parked, cpu_ns, (double)ops_total, window, "op");
	tenants_report_removal(metrics, rx + kmem, removed);
	if (rc < 0) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (ops_total == 0 || (rx > 0 && rx_total == 0)) {
		snprintf(err, errlen, "no progress in the %.1f s window: %llu ops, %llu bytes received",
			 window, ops_total, rx_total);
		return -1;
	}
	return 0;
}
