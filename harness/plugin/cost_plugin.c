// SPDX-License-Identifier: GPL-2.0
/*
 * mmx-cost: a QEMU TCG plugin that counts what the guest kernel executes
 * inside the agent's measured window, per vCPU: instructions in total and
 * per function of a set (file funcs=), calls of each function (executions
 * of its first instruction) and, for memory accesses of the charge-path
 * functions, line transfers under the line-owner model (line_owner.h).
 * Results go to out= as JSON when QEMU exits.
 *
 *	qemu-system-x86_64 ... -plugin mmx-cost.so,funcs=F,out=O[,lines=N]
 *
 * Counting is by translated block: a block's instructions are attributed
 * when it starts executing (as QEMU's own hotblocks plugin does), so an
 * exception in the middle of a block counts the rest of it too.
 */
#include <errno.h>
#include <glib.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu/qemu-plugin.h>

#include "../common/cost_window.h"
#include "func_ranges.h"
#include "line_owner.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* x86-64 kernel half of the address space */
#define KERNEL_BASE 0xffff800000000000ULL
#define DEFAULT_LINES (1u << 20)

static const uint8_t mark_begin[COST_MARK_LEN] = { COST_MARK_BEGIN_BYTES };
static const uint8_t mark_end[COST_MARK_LEN] = { COST_MARK_END_BYTES };

/* one vCPU's counts, written only by that vCPU's thread */
struct vcpu_counts {
	int open;
	uint64_t begins, ends;
	uint64_t kernel_insns, user_insns;
	uint64_t *calls, *insns, *transfers;	/* per function of the set */
} __attribute__((aligned(64)));

struct tb_seg {
	int32_t func;
	uint32_t n;
};

/* what a translated block adds when it runs; shared by retranslations */
struct tb_info {
	uint64_t vaddr, last, n_insns;
	int user;
	uint32_t nsegs, nentries;
	struct tb_seg *segs;
	int32_t *entries;
};

static struct func_ranges funcs;
static struct line_table *lines;
static struct vcpu_counts *vcpus;
static int max_vcpus;
static char *out_path;
static GHashTable *tb_cache;
static pthread_mutex_t tb_lock = PTHREAD_MUTEX_INITIALIZER;

static guint tb_key_hash(gconstpointer p)
{
	const struct tb_info *t = p;

	return g_int64_hash(&t->vaddr) ^ (guint)(t->last * 31 + t->n_insns);
}

static gboolean tb_key_equal(gconstpointer a, gconstpointer b)
{
	const struct tb_info *x = a, *y = b;

	return x->vaddr == y->vaddr && x->last == y->last && x->n_insns == y->n_insns;
}

static struct vcpu_counts *counts_of(unsigned int vcpu)
{
	if ((int)vcpu >= max_vcpus || !vcpus[vcpu].open)
		return NULL;
	return &vcpus[vcpu];
}

static void on_tb_exec(unsigned int vcpu, void *udata)
{
	struct vcpu_counts *c = counts_of(vcpu);
	const struct tb_info *t = udata;

	if (!c)
		return;
	if (t->user) {
		c->user_insns += t->n_insns;
		return;
	}
	c->kernel_insns += t->n_insns;
	for (uint32_t i = 0; i < t->nsegs; i++)
		c->insns[t->segs[i].func] += t->segs[i].n;
	for (uint32_t i = 0; i < t->nentries; i++)
		c->calls[t->entries[i]]++;
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr,
		   void *udata)
{
	struct vcpu_counts *c = counts_of(vcpu);
	struct qemu_plugin_hwaddr *hw;
	uint64_t addr = vaddr;

	if (!c)
		return;
	/* per-CPU data has one virtual address per CPU: the line is physical */
	hw = qemu_plugin_get_hwaddr(info, vaddr);
	if (hw) {
		if (qemu_plugin_hwaddr_is_io(hw))
			return;
		addr = qemu_plugin_hwaddr_phys_addr(hw);
	}
	if (line_access(lines, addr, vcpu, qemu_plugin_mem_is_store(info)))
		c->transfers[(intptr_t)udata]++;
}

static void on_mark(unsigned int vcpu, void *udata)
{
	int begin = udata != NULL;

	if ((int)vcpu >= max_vcpus)
		return;
	vcpus[vcpu].open = begin;
	if (begin)
		vcpus[vcpu].begins++;
	else
		vcpus[vcpu].ends++;
}

/* Attributes each instruction of the block to the function holding it. */
static void describe_kernel_tb(struct qemu_plugin_tb *tb, struct tb_info *t)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct tb_seg segs[n];
	int32_t entries[n];

	t->nsegs = t->nentries = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t a = qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, i));
		long f = func_ranges_find(&funcs, a);

		if (f < 0)
			continue;
		if (t->nsegs && segs[t->nsegs - 1].func == f)
			segs[t->nsegs - 1].n++;
		else
			segs[t->nsegs++] = (struct tb_seg){ (int32_t)f, 1 };
		if (a == funcs.v[f].start)
			entries[t->nentries++] = (int32_t)f;
	}
	t->segs = g_memdup2(segs, sizeof(segs[0]) * t->nsegs);
	t->entries = g_memdup2(entries, sizeof(entries[0]) * t->nentries);
}

static struct tb_info *tb_info_of(struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct tb_info key = {
		.vaddr = qemu_plugin_tb_vaddr(tb),
		.last = qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, n - 1)),
		.n_insns = n,
	};
	struct tb_info *t;

	pthread_mutex_lock(&tb_lock);
	t = g_hash_table_lookup(tb_cache, &key);
	if (!t) {
		t = g_new0(struct tb_info, 1);
		*t = key;
		t->user = key.vaddr < KERNEL_BASE;
		if (!t->user)
			describe_kernel_tb(tb, t);
		g_hash_table_insert(tb_cache, t, t);
	}
	pthread_mutex_unlock(&tb_lock);
	return t;
}

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct tb_info *t;

	(void)id;
	if (n == 0)
		return;
	t = tb_info_of(tb);
	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb_exec, QEMU_PLUGIN_CB_NO_REGS, t);
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		long f;

		if (t->user) {
			const void *d = qemu_plugin_insn_data(insn);

			if (qemu_plugin_insn_size(insn) != COST_MARK_LEN)
				continue;
			if (memcmp(d, mark_begin, COST_MARK_LEN) == 0)
				qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark,
					QEMU_PLUGIN_CB_NO_REGS, (void *)1);
			else if (memcmp(d, mark_end, COST_MARK_LEN) == 0)
				qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark,
					QEMU_PLUGIN_CB_NO_REGS, NULL);
			continue;
		}
		f = func_ranges_find(&funcs, qemu_plugin_insn_vaddr(insn));
		if (f >= 0 && funcs.v[f].cls == FC_CHARGE)
			qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS,
							 QEMU_PLUGIN_MEM_RW, (void *)(intptr_t)f);
	}
}

static void write_array(FILE *f, const char *name, size_t field)
{
	fprintf(f, "\"%s\": [", name);
	for (int v = 0; v < max_vcpus; v++)
		fprintf(f, "%s%" PRIu64, v ? ", " : "",
			*(const uint64_t *)((const char *)&vcpus[v] + field));
	fprintf(f, "]");
}

static void write_func_array(FILE *f, const char *name, size_t field, size_t i)
{
	fprintf(f, "\"%s\": [", name);
	for (int v = 0; v < max_vcpus; v++) {
		const uint64_t *a = *(uint64_t *const *)((const char *)&vcpus[v] + field);

		fprintf(f, "%s%" PRIu64, v ? ", " : "", a[i]);
	}
	fprintf(f, "]");
}

/* Written to a temporary name and renamed: a reader never sees half of it. */
static void on_exit_write(qemu_plugin_id_t id, void *p)
{
	char tmp[4200];
	uint64_t tracked, dropped;
	FILE *f;

	(void)id;
	(void)p;
	snprintf(tmp, sizeof(tmp), "%s.tmp", out_path);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "mmx-cost: cannot write %s: %s\n", tmp, strerror(errno));
		return;
	}
	line_table_stats(lines, &tracked, &dropped);
	fprintf(f, "{\"plugin\": \"mmx-cost\", \"version\": 1, \"vcpus\": %d,\n",
		max_vcpus);
	fprintf(f, "\"lines_tracked\": %" PRIu64 ", \"lines_dropped\": %" PRIu64 ",\n",
		tracked, dropped);
	write_array(f, "window_begins", offsetof(struct vcpu_counts, begins));
	fprintf(f, ",\n");
	write_array(f, "window_ends", offsetof(struct vcpu_counts, ends));
	fprintf(f, ",\n");
	write_array(f, "kernel_insns", offsetof(struct vcpu_counts, kernel_insns));
	fprintf(f, ",\n");
	write_array(f, "user_insns", offsetof(struct vcpu_counts, user_insns));
	fprintf(f, ",\n\"functions\": [\n");
	for (size_t i = 0; i < funcs.n; i++) {
		fprintf(f, "%s{\"name\": \"%s\", \"class\": \"%s\", \"start\": \"0x%" PRIx64
			"\", ", i ? ",\n" : "", funcs.v[i].name,
			func_class_name(funcs.v[i].cls), funcs.v[i].start);
		write_func_array(f, "calls", offsetof(struct vcpu_counts, calls), i);
		fprintf(f, ", ");
		write_func_array(f, "insns", offsetof(struct vcpu_counts, insns), i);
		fprintf(f, ", ");
		write_func_array(f, "transfers", offsetof(struct vcpu_counts, transfers), i);
		fprintf(f, "}");
	}
	fprintf(f, "\n]}\n");
	if (fclose(f) != 0 || rename(tmp, out_path) != 0)
		fprintf(stderr, "mmx-cost: cannot write %s: %s\n", out_path, strerror(errno));
}

static int parse_args(int argc, char **argv, const char **funcs_path,
		      uint64_t *nlines)
{
	for (int i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (eq && strncmp(argv[i], "funcs=", 6) == 0) {
			*funcs_path = eq + 1;
		} else if (eq && strncmp(argv[i], "out=", 4) == 0) {
			out_path = g_strdup(eq + 1);
		} else if (eq && strncmp(argv[i], "lines=", 6) == 0) {
			*nlines = strtoull(eq + 1, NULL, 10);
		} else {
			fprintf(stderr, "mmx-cost: unknown argument '%s' (expected "
				"funcs=FILE, out=FILE, lines=N)\n", argv[i]);
			return -1;
		}
	}
	if (!*funcs_path || !out_path || *nlines == 0) {
		fprintf(stderr, "mmx-cost: needs funcs=FILE and out=FILE\n");
		return -1;
	}
	return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *funcs_path = NULL;
	uint64_t nlines = DEFAULT_LINES;
	char err[512];

	if (!info->system_emulation || strcmp(info->target_name, "x86_64") != 0) {
		fprintf(stderr, "mmx-cost: needs qemu-system-x86_64 (got %s%s)\n",
			info->target_name, info->system_emulation ? "" : ", user mode");
		return -1;
	}
	if (parse_args(argc, argv, &funcs_path, &nlines) < 0)
		return -1;
	if (func_ranges_load(&funcs, funcs_path, err, sizeof(err)) < 0) {
		fprintf(stderr, "mmx-cost: %s\n", err);
		return -1;
	}
	max_vcpus = info->system.max_vcpus;
	if (max_vcpus < 1 || max_vcpus > LINE_MAX_VCPUS) {
		fprintf(stderr, "mmx-cost: %d vCPUs; the line model takes 1 to %d\n",
			max_vcpus, LINE_MAX_VCPUS);
		return -1;
	}
	lines = line_table_new(nlines);
	vcpus = g_new0(struct vcpu_counts, max_vcpus);
	for (int v = 0; v < max_vcpus; v++) {
		vcpus[v].calls = g_new0(uint64_t, funcs.n);
		vcpus[v].insns = g_new0(uint64_t, funcs.n);
		vcpus[v].transfers = g_new0(uint64_t, funcs.n);
	}
	if (!lines) {
		fprintf(stderr, "mmx-cost: no memory for %" PRIu64 " lines\n", nlines);
		return -1;
	}
	tb_cache = g_hash_table_new(tb_key_hash, tb_key_equal);
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
	qemu_plugin_register_atexit_cb(id, on_exit_write, NULL);
	return 0;
}
