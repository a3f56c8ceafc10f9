// SPDX-License-Identifier: GPL-2.0
/*
 * mmx-cost: a QEMU TCG plugin that counts what the guest kernel executes
 * inside the agent's measured window, per vCPU: instructions in total, by
 * class (insn_class.h) and per function of a set (file funcs=), calls of
 * each function (executions of its first instruction) and, for memory
 * accesses of the charge-path functions, line transfers twice: under the
 * serialized line-owner model (line_owner.h: the order the emulator ran
 * the vCPUs in) and as the expected count had each window's accesses
 * interleaved at random (mix_estimate.h: independent of the emulator's
 * schedule).  Functions flagged "scope" in the set (net_rx_action,
 * __napi_poll) open the receive scope: everything run from their call to
 * their ret is counted a second time apart, so the receive work's own cost
 * and the charge path's share of it are known.  Results go to out= as JSON
 * when QEMU exits.
 *
 *	qemu-system-x86_64 ... -plugin mmx-cost.so,funcs=F,out=O[,lines=N]
 *		[,mix=W1:W2:...][,turns=1]
 *
 * Counting is by translated block: a block's instructions are attributed
 * when it starts executing (as QEMU's own hotblocks plugin does), so an
 * exception in the middle of a block counts the rest of it too.
 */
#include <glib.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu/qemu-plugin.h>

#include "../common/cost_window.h"
#include "cost_state.h"
#include "insn_classify.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* x86-64 kernel half of the address space */
#define KERNEL_BASE 0xffff800000000000ULL
#define DEFAULT_LINES (1u << 20)

static const uint8_t mark_begin[COST_MARK_LEN] = { COST_MARK_BEGIN_BYTES };
static const uint8_t mark_end[COST_MARK_LEN] = { COST_MARK_END_BYTES };

struct tb_seg {
	int32_t func;
	uint16_t cls;
	uint32_t n;
};

struct tb_info;

/* a modelled instruction's memory callback data */
struct mem_site {
	const struct tb_info *tb;	/* the block it was translated in */
	int32_t func;
	int is_ret;
};

/* what a translated block adds when it runs; shared by retranslations */
struct tb_info {
	uint64_t vaddr, last, n_insns;
	int user;
	int scope_entry;	/* starts with a scope function's first instruction */
	int scope_exit;		/* ends with a scope function's ret */
	uint32_t nsegs, nentries;
	struct tb_seg *segs;
	int32_t *entries;
	uint32_t classes[IC_COUNT];
	struct mem_site *sites;		/* per instruction; func < 0: none */
};

static struct cost_state st;
static char *out_path;
static GHashTable *tb_cache;
static pthread_mutex_t tb_lock = PTHREAD_MUTEX_INITIALIZER;
static int have_user_probes;
static unsigned int turn_vcpu;
static uint64_t turn_start;

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

/* guest time: instructions run by every vCPU so far (read racily under MTTCG) */
static uint64_t guest_time(void)
{
	uint64_t t = 0;

	for (int v = 0; v < st.max_vcpus; v++)
		t += __atomic_load_n(&st.vcpus[v].all_insns, __ATOMIC_RELAXED);
	return t;
}

static void record_access(struct vcpu_counts *c, unsigned int vcpu,
			  const struct mem_site *s, uint64_t addr, int is_store)
{
	unsigned int holders = 0;
	uint64_t now;

	int in_scope = c->scope_depth > 0;
	unsigned int mix_func = (unsigned int)s->func + (in_scope ? (unsigned int)st.funcs.n : 0);

	if (line_access(st.lines, addr, vcpu, is_store, &holders)) {
		c->transfers[s->func]++;
		by_holders_of(c, s->func, is_store)[holder_bucket(holders)]++;
		if (s->is_ret)
			c->ret_transfers[s->func]++;
		if (in_scope)
			c->scope_transfers[s->func]++;
	}
	if (!st.nmix)
		return;
	now = guest_time();
	for (int m = 0; m < st.nmix; m++)
		mix_access(st.mix[m], addr, vcpu, mix_func, is_store, now);
}

/* a load held back by the stash goes in as a load */
static void release_stash(struct vcpu_counts *c, unsigned int vcpu)
{
	const struct mem_site *s;
	uint64_t addr;

	s = stash_release(&c->stash, &addr);
	if (s)
		record_access(c, vcpu, s, addr, 0);
}

/* icount runs the vCPUs in turns on one thread: note where one ends */
static void note_turn(unsigned int vcpu)
{
	struct vcpu_counts *prev = &st.vcpus[turn_vcpu];
	uint64_t len;
	int b = 0;

	if (vcpu == turn_vcpu)
		return;
	len = prev->all_insns - turn_start;
	if (prev->open && len) {
		while (b + 1 < TURN_BUCKETS && (len >> (b + 1)))
			b++;
		st.turn_hist[b]++;
		st.turns++;
		st.turn_insns += len;
	}
	turn_vcpu = vcpu;
	turn_start = st.vcpus[vcpu].all_insns;
}

/* a block's part of each function of the set: calls, instructions by class */
static void add_functions(uint64_t *calls, uint64_t *insns, uint64_t *classes,
			  const struct tb_info *t)
{
	for (uint32_t i = 0; i < t->nsegs; i++) {
		const struct tb_seg *g = &t->segs[i];

		insns[g->func] += g->n;
		classes[(size_t)g->func * IC_COUNT + g->cls] += g->n;
	}
	for (uint32_t i = 0; i < t->nentries; i++)
		calls[t->entries[i]]++;
}

/* a block inside the receive scope: its instructions counted apart too */
static void count_in_scope(struct vcpu_counts *c, const struct tb_info *t)
{
	c->scope_insns += t->n_insns;
	if (!t->user)
		for (int k = 0; k < IC_COUNT; k++)
			c->scope_classes[k] += t->classes[k];
	add_functions(c->scope_calls, c->scope_func_insns, c->scope_func_classes, t);
}

/*
 * A call enters at a block's start and a ret ends its block, so the scope
 * moves only at block boundaries: the entry block is inside, and so is
 * the block of the ret that leaves.  Tracked with the window closed too,
 * so a scope open when the window opens is known.
 */
static void count_block(struct vcpu_counts *c, const struct tb_info *t)
{
	if (t->scope_entry) {
		c->scope_depth++;
		c->scope_entries += c->open;
	}
	if (c->open) {
		if (t->user) {
			c->user_insns += t->n_insns;
		} else {
			c->kernel_insns += t->n_insns;
			for (int k = 0; k < IC_COUNT; k++)
				c->kernel_classes[k] += t->classes[k];
		}
		add_functions(c->calls, c->insns, c->classes, t);
		if (c->scope_depth > 0)
			count_in_scope(c, t);
	}
	if (t->scope_exit) {
		if (c->scope_depth > 0) {
			c->scope_depth--;
			c->scope_exits += c->open;
		} else {
			c->scope_unbalanced += c->open;
		}
	}
}

static void on_tb_exec(unsigned int vcpu, void *udata)
{
	const struct tb_info *t = udata;
	struct vcpu_counts *c;

	if ((int)vcpu >= st.max_vcpus)
		return;
	c = &st.vcpus[vcpu];
	release_stash(c, vcpu);
	if (st.turns_on)
		note_turn(vcpu);
	c->cur_tb = t;
	__atomic_store_n(&c->all_insns, c->all_insns + t->n_insns, __ATOMIC_RELAXED);
	count_block(c, t);
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr,
		   void *udata)
{
	const struct mem_site *s = udata;
	struct qemu_plugin_hwaddr *hw;
	struct vcpu_counts *c;
	uint64_t addr = vaddr, held;
	const void *released;
	int is_store;

	if ((int)vcpu >= st.max_vcpus)
		return;
	c = &st.vcpus[vcpu];
	if (!c->open)
		return;
	/*
	 * QEMU 7.2 leaves a block's memory callbacks armed after it exits
	 * through a helper: a later helper access anywhere in the kernel
	 * then arrives here.  Only the executing block's own count.
	 */
	if (c->cur_tb != s->tb) {
		c->stale_mem++;
		return;
	}
	/* per-CPU data has one virtual address per CPU: the line is physical */
	hw = qemu_plugin_get_hwaddr(info, vaddr);
	if (hw) {
		if (qemu_plugin_hwaddr_is_io(hw))
			return;
		addr = qemu_plugin_hwaddr_phys_addr(hw);
	}
	is_store = qemu_plugin_mem_is_store(info);
	switch (stash_offer(&c->stash, s, addr, is_store, &released, &held)) {
	case STASH_MERGED:
		record_access(c, vcpu, s, addr, 1);
		return;
	case STASH_HOLD:
	case STASH_RECORD:
		break;
	}
	if (released)
		record_access(c, vcpu, released, held, 0);
	if (is_store)
		record_access(c, vcpu, s, addr, 1);
}

static void on_mark(unsigned int vcpu, void *udata)
{
	int begin = udata != NULL;
	struct vcpu_counts *c;

	if ((int)vcpu >= st.max_vcpus)
		return;
	c = &st.vcpus[vcpu];
	release_stash(c, vcpu);
	c->open = begin;
	if (begin)
		c->begins++;
	else
		c->ends++;
}

/* Attributes each instruction of the block to its function and class. */
static void describe_tb(struct qemu_plugin_tb *tb, struct tb_info *t)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct tb_seg segs[n];
	int32_t entries[n];

	t->nsegs = t->nentries = 0;
	t->sites = g_new0(struct mem_site, n);
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t a = qemu_plugin_insn_vaddr(insn);
		long f = func_ranges_find(&st.funcs, a);
		struct insn_kind k = insn_classify(qemu_plugin_insn_data(insn),
						   qemu_plugin_insn_size(insn));

		if (!t->user)
			t->classes[k.cls]++;
		t->sites[i] = (struct mem_site){ t, (int32_t)f, k.is_ret };
		if (f < 0)
			continue;
		if (st.funcs.v[f].scope && i == 0 && a == st.funcs.v[f].start)
			t->scope_entry = 1;
		if (st.funcs.v[f].scope && i == n - 1 && k.is_ret)
			t->scope_exit = 1;
		if (t->nsegs && segs[t->nsegs - 1].func == f && segs[t->nsegs - 1].cls == k.cls)
			segs[t->nsegs - 1].n++;
		else
			segs[t->nsegs++] = (struct tb_seg){ (int32_t)f, (uint16_t)k.cls, 1 };
		if (a == st.funcs.v[f].start)
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
		if (!t->user || have_user_probes)
			describe_tb(tb, t);
		g_hash_table_insert(tb_cache, t, t);
	}
	pthread_mutex_unlock(&tb_lock);
	return t;
}

static void register_mark(struct qemu_plugin_insn *insn)
{
	const void *d = qemu_plugin_insn_data(insn);

	if (qemu_plugin_insn_size(insn) != COST_MARK_LEN)
		return;
	if (memcmp(d, mark_begin, COST_MARK_LEN) == 0)
		qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, QEMU_PLUGIN_CB_NO_REGS,
						       (void *)1);
	else if (memcmp(d, mark_end, COST_MARK_LEN) == 0)
		qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, QEMU_PLUGIN_CB_NO_REGS,
						       NULL);
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
		const struct mem_site *s = t->sites ? &t->sites[i] : NULL;
		enum func_class cls;

		if (t->user)
			register_mark(insn);
		if (!s || s->func < 0)
			continue;
		cls = st.funcs.v[s->func].cls;
		if (cls == FC_CHARGE || cls == FC_PROBE)
			qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS,
							 QEMU_PLUGIN_MEM_RW, (void *)s);
	}
}

static void on_exit_write(qemu_plugin_id_t id, void *p)
{
	(void)id;
	(void)p;
	for (int v = 0; v < st.max_vcpus; v++)
		release_stash(&st.vcpus[v], (unsigned int)v);
	for (int m = 0; m < st.nmix; m++)
		mix_flush(st.mix[m]);
	cost_output_write(&st, out_path);
}

/* "4000000:16000000:64000000": window lengths in guest instructions */
static int parse_mix(const char *s)
{
	char *end;

	st.nmix = 0;
	while (*s) {
		uint64_t w = strtoull(s, &end, 10);

		if (end == s || w == 0 || st.nmix == MIX_MAX || (*end && *end != ':'))
			return -1;
		st.mix_window[st.nmix++] = w;
		s = *end ? end + 1 : end;
	}
	return 0;
}

static int parse_args(int argc, char **argv, const char **funcs_path,
		      uint64_t *nlines)
{
	for (int i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		int bad = 0;

		if (eq && strncmp(argv[i], "funcs=", 6) == 0)
			*funcs_path = eq + 1;
		else if (eq && strncmp(argv[i], "out=", 4) == 0)
			out_path = g_strdup(eq + 1);
		else if (eq && strncmp(argv[i], "lines=", 6) == 0)
			*nlines = strtoull(eq + 1, NULL, 10);
		else if (eq && strncmp(argv[i], "mix=", 4) == 0)
			bad = parse_mix(eq + 1) < 0;
		else if (eq && strncmp(argv[i], "turns=", 6) == 0)
			st.turns_on = atoi(eq + 1) == 1;
		else
			bad = 1;
		if (bad) {
			fprintf(stderr, "mmx-cost: bad argument '%s' (expected funcs=FILE, "
				"out=FILE, lines=N, mix=W1:W2 (up to %d window lengths in "
				"instructions), turns=0|1)\n", argv[i], MIX_MAX);
			return -1;
		}
	}
	if (!*funcs_path || !out_path || *nlines == 0) {
		fprintf(stderr, "mmx-cost: needs funcs=FILE and out=FILE\n");
		return -1;
	}
	return 0;
}

static int alloc_counts(uint64_t nlines)
{
	size_t nf = st.funcs.n;

	st.lines = line_table_new(nlines);
	st.vcpus = g_new0(struct vcpu_counts, st.max_vcpus);
	for (int v = 0; v < st.max_vcpus; v++) {
		struct vcpu_counts *c = &st.vcpus[v];

		c->calls = g_new0(uint64_t, nf);
		c->insns = g_new0(uint64_t, nf);
		c->transfers = g_new0(uint64_t, nf);
		c->ret_transfers = g_new0(uint64_t, nf);
		c->classes = g_new0(uint64_t, nf * IC_COUNT);
		c->by_holders = g_new0(uint64_t, nf * 2 * HOLDER_BUCKETS);
		c->scope_calls = g_new0(uint64_t, nf);
		c->scope_func_insns = g_new0(uint64_t, nf);
		c->scope_transfers = g_new0(uint64_t, nf);
		c->scope_func_classes = g_new0(uint64_t, nf * IC_COUNT);
	}
	for (int m = 0; m < st.nmix; m++) {
		/* a fixed seed: the same run gives the same shuffles */
		st.mix[m] = mix_table_new(nlines, (unsigned int)st.max_vcpus,
					  (unsigned int)(2 * nf), st.mix_window[m], 0x6d6d78u + m);
		if (!st.mix[m])
			return -1;
	}
	return st.lines ? 0 : -1;
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
	/*
	 * the default windows: a round of icount turns and one either side,
	 * and the whole run (the run's accesses shuffled as one multiset:
	 * what the other windows tend to as they grow, and a known answer
	 * for contention-probe)
	 */
	st.nmix = 4;
	st.mix_window[0] = 4000000;
	st.mix_window[1] = 16000000;
	st.mix_window[2] = 64000000;
	st.mix_window[3] = MIX_WHOLE_RUN;
	if (parse_args(argc, argv, &funcs_path, &nlines) < 0)
		return -1;
	if (func_ranges_load(&st.funcs, funcs_path, err, sizeof(err)) < 0) {
		fprintf(stderr, "mmx-cost: %s\n", err);
		return -1;
	}
	for (size_t i = 0; i < st.funcs.n; i++) {
		if (st.funcs.v[i].start < KERNEL_BASE)
			have_user_probes = 1;
		if (st.funcs.v[i].scope)
			st.have_scope = 1;
	}
	st.max_vcpus = info->system.max_vcpus;
	if (st.max_vcpus < 1 || st.max_vcpus > LINE_MAX_VCPUS) {
		fprintf(stderr, "mmx-cost: %d vCPUs; the line model takes 1 to %d\n",
			st.max_vcpus, LINE_MAX_VCPUS);
		return -1;
	}
	if (insn_classify_init() < 0) {
		fprintf(stderr, "mmx-cost: Capstone's x86-64 disassembler did not open\n");
		return -1;
	}
	if (alloc_counts(nlines) < 0) {
		fprintf(stderr, "mmx-cost: no memory for %" PRIu64 " lines\n", nlines);
		return -1;
	}
	tb_cache = g_hash_table_new(tb_key_hash, tb_key_equal);
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
	qemu_plugin_register_atexit_cb(id, on_exit_write, NULL);
	return 0;
}
