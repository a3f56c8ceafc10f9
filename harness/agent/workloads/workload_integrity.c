// SPDX-License-Identifier: GPL-2.0
/*
 * integrity: the accounting check of the correctness gate.
 *
 * Runs the rx load with many tenants (optionally taking the receive CPU
 * offline in the middle), closes every socket, then checks that each
 * tenant's memory.current is back within what the variant's per-CPU caches
 * may legitimately hold, that sock is 0, that every tenant cgroup can be
 * removed and that no memcg stays dying.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gate_checks.h"
#include "guest_files.h"
#include "guest_time.h"
#include "rx_load.h"
#include "tenant_cgroups.h"
#include "workloads.h"

static int set_cpu_online(int cpu, int online)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	return write_file(path, online ? "1" : "0");
}

static long long nr_dying(void)
{
	return read_keyed_value(TENANT_PARENT "/cgroup.stat", "nr_dying_descendants");
}

static void check_residue(json_t *checks, int tenants, const long long *pre,
			  long long bound_bytes, const char *phase)
{
	char name[64];

	for (int t = 0; t < tenants; t++) {
		long long cur = tenant_current(t);
		long long sock = tenant_stat_settled(t, "sock", 0, 5.0);

		snprintf(name, sizeof(name), "%s: tenant %d memory.current", phase, t);
		check_add(checks, name, cur >= 0 && cur - pre[t] <= bound_bytes ?
			  "pass" : "fail",
			  "before %lld, after %lld, allowed residue %lld bytes",
			  pre[t], cur, bound_bytes);
		snprintf(name, sizeof(name), "%s: tenant %d sock", phase, t);
		check_add(checks, name, sock == 0 ? "pass" : "fail",
			  "memory.stat sock %lld after the sockets closed", sock);
	}
}

/*
 * Stocks of other CPUs may still pin a removed memcg: the offline drain is
 * skipped while another drain runs, and baseline leaves it there until the
 * CPU charges something else.  Lowering the parent's memory.max below its
 * usage makes the kernel drain every stock caching the subtree first
 * (memory_max_write -> drain_all_stock); the limit is restored at once.
 */
static void drain_subtree_stocks(void)
{
	long long cur = read_number_file(TENANT_PARENT "/memory.current");
	char value[32];

	if (cur <= 4096)
		cur = 8192;
	snprintf(value, sizeof(value), "%lld", cur - 4096);
	write_file(TENANT_PARENT "/memory.max", value);
	write_file(TENANT_PARENT "/memory.max", "max");
}

/*
 * A stock that caches a memcg with 0 pages keeps its css reference, and
 * drain_all_stock() skips it (6.12 flushes only stocks holding pages), so a
 * removed tenant can stay dying until that CPU charges another memcg.  To
 * tell such a parked reference from a leaked one, cycle every cache entry:
 * CPUs 1.. go offline and online again (the hotplug callback drains all
 * their stocks) and on CPU 0 tasks of CHURN_CGROUPS fresh memcgs charge and
 * free pages, which evicts whatever it caches.
 */
#define CHURN_CGROUPS 40
#define CHURN_ROOT "/sys/fs/cgroup/mmx-churn"

static void churn_cpu0(void)
{
	char path[128];

	mkdir(CHURN_ROOT, 0755);
	for (int k = 0; k < CHURN_CGROUPS; k++) {
		pid_t pid;

		snprintf(path, sizeof(path), CHURN_ROOT "/c%02d", k);
		mkdir(path, 0755);
		pid = fork();
		if (pid == 0) {
			size_t len = 64 * 4096;
			char procs[160], *mem;
			cpu_set_t cpu0;

			CPU_ZERO(&cpu0);
			CPU_SET(0, &cpu0);
			sched_setaffinity(0, sizeof(cpu0), &cpu0);
			snprintf(procs, sizeof(procs), "%s/cgroup.procs", path);
			write_file(procs, "0");
			mem = mmap(NULL, len, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (mem != MAP_FAILED)
				memset(mem, 1, len);
			_exit(0);
		}
		if (pid > 0)
			waitpid(pid, NULL, 0);
		rmdir(path);
	}
}

static void recycle_all_stocks(void)
{
	int ncpus = (int)sysconf(_SC_NPROCESSORS_CONF);

	for (int c = 1; c < ncpus; c++) {
		set_cpu_online(c, 0);
		set_cpu_online(c, 1);
	}
	churn_cpu0();
}

static void check_removal(json_t *checks, int tenants, double timeout_s)
{
	double deadline;
	long long dying;
	char path[256];
	int removed = 0;

	for (int t = 0; t < tenants; t++) {
		tenant_path(t, NULL, path, sizeof(path));
		deadline = now_s() + timeout_s;
		while (rmdir(path) < 0 && errno == EBUSY && now_s() < deadline)
			sleep_s(0.1);
		if (access(path, F_OK) != 0)
			removed++;
	}
	check_add(checks, "tenant cgroups removed", removed == tenants ? "pass" : "fail",
		  "%d of %d removed", removed, tenants);
	deadline = now_s() + timeout_s / 2;
	while ((dying = nr_dying()) > 0 && now_s() < deadline)
		sleep_s(0.2);
	check_add(checks, "dying memcgs before a forced drain", "skip",
		  "nr_dying_descendants %lld after %.0f s without help (informational)",
		  dying, timeout_s / 2);
	drain_subtree_stocks();
	deadline = now_s() + timeout_s / 4;
	while ((dying = nr_dying()) > 0 && now_s() < deadline)
		sleep_s(0.2);
	check_add(checks, "dying memcgs after draining the subtree's stocks", "skip",
		  "nr_dying_descendants %lld (informational)", dying);
	recycle_all_stocks();
	deadline = now_s() + timeout_s / 4;
	while ((dying = nr_dying()) > 0 && now_s() < deadline)
		sleep_s(0.2);
	check_add(checks, "no dying memcgs left", dying == 0 ? "pass" : "fail",
		  "nr_dying_descendants %lld after every per-CPU cache entry was "
		  "cycled (hotplug of CPUs 1.., %d memcgs charged on CPU 0)",
		  dying, CHURN_CGROUPS);
}

int workload_integrity(json_t *params, json_t *metrics, char *err, size_t errlen)
{
	int tenants = (int)param_int(params, "tenants");
	int hotplug = (int)param_int(params, "hotplug");
	double duration = param_real(params, "duration_s");
	long long bound_pages = param_int(params, "bound_pages_per_cpu");
	long long pre[RX_MAX_TENANTS], bound;
	json_t *checks = json_array();
	unsigned long long total = 0;
	struct rx_load load;

	json_object_set_new(metrics, "checks", checks);
	if (rx_load_start(&load, tenants, 1, 4096, 1500, err, errlen) < 0)
		return -1;
	for (int t = 0; t < tenants; t++)
		pre[t] = 0;	/* tenants start empty: nothing was charged yet */
	if (hotplug) {
		sleep_s(duration / 2);
		check_add(checks, "receive CPU taken offline under load",
			  set_cpu_online(RX_CPU, 0) == 0 ? "pass" : "fail",
			  "cpu%d online=0: %s", RX_CPU, strerror(errno));
		sleep_s(duration / 2);
	} else {
		sleep_s(duration);
	}
	for (int t = 0; t < tenants; t++)
		total += rx_load_bytes(&load, t);
	rx_load_stop(&load);
	check_add(checks, "load received data", total > 0 ? "pass" : "fail",
		  "%llu bytes", total);
	/* each tenant may keep what one cache entry per CPU holds */
	bound = cache_bound_bytes(bound_pages);
	json_object_set_new(metrics, "allowed_residue_bytes", json_integer(bound));
	json_object_set_new(metrics, "bytes_received", json_integer((json_int_t)total));
	check_residue(checks, tenants, pre, bound, hotplug ? "after hot-unplug" : "after load");
	if (hotplug) {
		check_add(checks, "receive CPU back online",
			  set_cpu_online(RX_CPU, 1) == 0 ? "pass" : "fail",
			  "cpu%d online=1", RX_CPU);
	}
	check_removal(checks, tenants, param_real(params, "settle_s"));
	return 0;
}
