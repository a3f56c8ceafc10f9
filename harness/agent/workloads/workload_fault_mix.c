// SPDX-License-Identifier: GPL-2.0
/*
 * fault-mix: task-context page charging from many memcgs on one CPU.
 *
 * tenants tasks, each in its own memcg and all pinned to RX_CPU (so the
 * scheduler time-slices them over one per-CPU stock), map region_kb of
 * anonymous memory, write one byte to every page, drop the pages and
 * repeat.  Every touch is a fault charging one page; a switch to another
 * tenant's task finds the stock caching someone else.  No networking.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "guest_files.h"
#include "guest_time.h"
#include "measure_window.h"
#include "rx_load.h"
#include "tenant_cgroups.h"
#include "tenant_memory.h"
#include "tenant_tasks.h"
#include "workloads.h"

#define COUNT_EVERY_PAGES 64	/* one shared-counter update per 64 faults */
#define MAX_TOTAL_KB (512 * 1024)	/* half the guest's memory */
#define REMOVE_TIMEOUT_S 5.0
#define HOLD_TIMEOUT_S 2.0

enum drop_method { DROP_MADVISE, DROP_REMAP };

struct fault_cfg {
	size_t len, page;
	enum drop_method drop;
};

static char *map_region(size_t len)
{
	char *mem = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (mem == MAP_FAILED)
		return NULL;
	/* 4 KiB faults even where THP is built in; EINVAL without it */
	madvise(mem, len, MADV_NOHUGEPAGE);
	return mem;
}

static void publish_minflt(struct tenant_task_ctx *ctx)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) == 0)
		atomic_store(ctx->minflt, (unsigned long long)ru.ru_minflt);
}

static int fault_task(struct tenant_task_ctx *ctx, void *arg)
{
	const struct fault_cfg *cfg = arg;
	char *mem = map_region(cfg->len);

	if (!mem)
		return tenant_task_fail(ctx, "mmap");
	while (!atomic_load(ctx->stop)) {
		unsigned int batch = 0;

		tenant_task_checkpoint(ctx);

		for (size_t off = 0; off < cfg->len; off += cfg->page) {
			mem[off] = 1;
			if (++batch == COUNT_EVERY_PAGES) {
				atomic_fetch_add(ctx->ops, batch);
				batch = 0;
			}
		}
		atomic_fetch_add(ctx->ops, batch);
		publish_minflt(ctx);
		if (cfg->drop == DROP_MADVISE) {
			if (madvise(mem, cfg->len, MADV_DONTNEED) < 0)
				return tenant_task_fail(ctx, "madvise(MADV_DONTNEED)");
			continue;
		}
		munmap(mem, cfg->len);
		mem = map_region(cfg->len);
		if (!mem)
			return tenant_task_fail(ctx, "mmap");
	}
	return 0;
}

/* madvise is compiled out of kernels without CONFIG_ADVISE_SYSCALLS */
static enum drop_method probe_drop_method(size_t page)
{
	char *mem = map_region(page);
	enum drop_method m = DROP_MADVISE;

	if (!mem)
		return m;
	mem[0] = 1;
	if (madvise(mem, page, MADV_DONTNEED) < 0 && errno == ENOSYS)
		m = DROP_REMAP;
	munmap(mem, page);
	return m;
}

int workload_fault_mix(json_t *params, json_t *metrics, char *err,
		       size_t errlen)
{
	int tenants = (int)param_int(params, "tenants");
	long long region_kb = param_int(params, "region_kb");
	double duration = param_real(params, "duration_s");
	double warmup = param_real(params, "warmup_s");
	unsigned long long f0[TENANT_TASKS_MAX], faults[TENANT_TASKS_MAX];
	unsigned long long m0 = 0, m1 = 0, total = 0;
	long long pgfault0, pgfault1;
	struct tenant_memory mem_begin, mem_end;
	struct measure_window w;
	struct tenant_tasks tasks;
	struct fault_cfg cfg;
	double window;
	unsigned long long cpu0[TENANT_TASKS_MAX], cpu_ns = 0;
	int removed, rc, parked;
	char why[256] = "";

	if (tenants > TENANT_TASKS_MAX || (long long)tenants * region_kb > MAX_TOTAL_KB) {
		snprintf(err, errlen, "tenants x region_kb must be at most %d KiB (got %d x %lld)",
			 MAX_TOTAL_KB, tenants, region_kb);
		return -1;
	}
	cfg.page = (size_t)sysconf(_SC_PAGESIZE);
	cfg.len = (size_t)region_kb * 1024;
	cfg.len -= cfg.len % cfg.page;
	if (cfg.len == 0)
		cfg.len = cfg.page;
	cfg.drop = probe_drop_method(cfg.page);
	/* kprobes patch kernel text: armed before the load; the stats reader
	 * reads params "tenants", which are these tasks' cgroups */
	if (window_open(&w, params, err, errlen) < 0)
		return -1;
	if (tenants_create(tenants, err, errlen) < 0 ||
	    tenant_tasks_start(&tasks, tenants, 0, RX_CPU, fault_task, &cfg,
			       err, errlen) < 0) {
		window_close(&w);
		tenants_remove(tenants, REMOVE_TIMEOUT_S);
		return -1;
	}
	sleep_s(warmup);

	/*
	 * The measured window, the tasks parked between passes while counters
	 * are read, so the fault counts and the counters cover the same work.
	 */
	parked = tenant_tasks_hold(&tasks, HOLD_TIMEOUT_S) == 0;
	for (int i = 0; i < tenants; i++)
		cpu0[i] = tenant_tasks_cpu_ns(&tasks, i);
	tenant_memory_read(&mem_begin, tenants);
	pgfault0 = read_keyed_value("/proc/vmstat", "pgfault");
	for (int i = 0; i < tenants; i++) {
		f0[i] = tenant_tasks_ops(&tasks, i);
		m0 += tenant_tasks_minflt(&tasks, i);
	}
	window_begin(&w);
	tenant_tasks_release(&tasks);
	sleep_s(duration);
	parked &= tenant_tasks_hold(&tasks, HOLD_TIMEOUT_S) == 0;
	for (int i = 0; i < tenants; i++)
		cpu_ns += tenant_tasks_cpu_ns(&tasks, i) - cpu0[i];
	for (int i = 0; i < tenants; i++) {
		faults[i] = tenant_tasks_ops(&tasks, i) - f0[i];
		m1 += tenant_tasks_minflt(&tasks, i);
		total += faults[i];
	}
	pgfault1 = read_keyed_value("/proc/vmstat", "pgfault");
	window_end(&w);
	tenant_tasks_release(&tasks);
	tenant_memory_read(&mem_end, tenants);

	rc = tenant_tasks_stop(&tasks, why, sizeof(why));
	window = window_seconds(&w);
	window_report(&w, metrics, (double)total, "fault");
	window_close(&w);
	removed = tenants_remove(tenants, REMOVE_TIMEOUT_S);

	json_object_set_new(metrics, "region_kb", json_integer(region_kb));
	json_object_set_new(metrics, "drop_method", json_string(
		cfg.drop == DROP_MADVISE ? "madvise" : "munmap+mmap"));
	json_object_set_new(metrics, "faults", json_integer((json_int_t)total));
	json_object_set_new(metrics, "faults_per_sec", json_real((double)total / window));
	json_object_set_new(metrics, "tenant_faults_per_sec", tenant_rates(faults, tenants, window));
	/* the tasks publish ru_minflt once per pass over their region */
	json_object_set_new(metrics, "rusage_minflt", json_integer((json_int_t)(m1 - m0)));
	json_object_set_new(metrics, "vmstat_pgfault_delta", pgfault0 >= 0 && pgfault1 >= 0 ?
			    json_integer(pgfault1 - pgfault0) : json_null());
	if (pgfault0 < 0 || pgfault1 < 0)
		json_object_set_new(metrics, "vmstat_pgfault_unavailable", json_string(
			"no pgfault in /proc/vmstat (kernel without CONFIG_VM_EVENT_COUNTERS)"));
	tenant_memory_report(&mem_begin, &mem_end, metrics);
	json_object_set_new(metrics, "fault_cpu", json_integer(RX_CPU));
	json_object_set_new(metrics, "tasks_parked_for_counter_reads", json_boolean(parked));
	tenant_tasks_report_cpu(metrics, parked, cpu_ns, (double)total, window, "fault");
	tenants_report_removal(metrics, tenants, removed);
	if (rc < 0) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (total == 0) {
		snprintf(err, errlen, "no faults in the %.1f s window", window);
		return -1;
	}
	return 0;
}
