// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charge_functions.h"
#include "cost_funcs.h"
#include "kernel_symbols.h"

/* the receive path's roots: required, a kernel without them is not measured */
static const char *const rx_roots[] = {
	"net_rx_action", "__napi_poll", "process_backlog", "tcp_v4_rcv",
};
static const char *const rx_optional[] = { "udp_rcv" };
/*
 * the receive scope: the NET_RX softirq and every NAPI poll, the threaded
 * ones too (napi_threaded_poll_loop calls __napi_poll); neither sleeps
 */
static const char *const rx_scope[] = { "net_rx_action", "__napi_poll" };

/* the measuring machinery of the agent's own counters */
static const char *const instr_globs[] = {
	"*kprobe*", "*ftrace*", "perf_*", "__perf_*", "*int3*", "function_*",
	"*_graph_*", "*rethook*", "optimized_callback", "opt_pre_handler",
	"return_to_handler",
};
#define N(a) (sizeof(a) / sizeof((a)[0]))

enum { CLS_NONE, CLS_CHARGE, CLS_RX, CLS_INSTR };
static const char *const cls_names[] = { "", "charge", "rx", "instr" };

struct name_list {
	char **v;
	size_t n;
};

static int split_names(const char *extra, struct name_list *l)
{
	char *copy, *save = NULL;

	l->v = NULL;
	l->n = 0;
	if (!extra || !*extra)
		return 0;
	copy = strdup(extra);
	if (!copy)
		return -1;
	l->v = calloc(strlen(extra) / 2 + 1, sizeof(*l->v));
	for (char *t = strtok_r(copy, ",", &save); t && l->v; t = strtok_r(NULL, ",", &save))
		l->v[l->n++] = strdup(t);
	free(copy);
	return l->v ? 0 : -1;
}

static void free_names(struct name_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

static int exact_in(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(name, list[i]) == 0)
			return 1;
	return 0;
}

/* charge first: a function in two classes counts where it matters most */
static int classify(const char *name, const struct name_list *extra)
{
	/* call padding and CFI preambles sit before a function, not in it */
	if (strncmp(name, "__pfx_", 6) == 0 || strncmp(name, "__cfi_", 6) == 0)
		return CLS_NONE;
	if (symbol_matches_any(name, memcg_charge_functions,
			       memcg_charge_functions_count) ||
	    exact_in(name, (const char *const *)extra->v, extra->n))
		return CLS_CHARGE;
	if (exact_in(name, rx_roots, N(rx_roots)) ||
	    exact_in(name, rx_optional, N(rx_optional)))
		return CLS_RX;
	if (symbol_matches_any(name, instr_globs, N(instr_globs)))
		return CLS_INSTR;
	return CLS_NONE;
}

static int has_symbol(const struct kernel_symbols *ks, const char *name)
{
	for (size_t i = 0; i < ks->n; i++)
		if (strcmp(ks->sym[i].name, name) == 0)
			return 1;
	return 0;
}

static int check_required(const struct kernel_symbols *ks, const struct name_list *extra,
			  const char *system_map, char *err, size_t errlen)
{
	for (size_t i = 0; i < N(rx_roots); i++)
		if (!has_symbol(ks, rx_roots[i])) {
			snprintf(err, errlen, "cost function set: '%s' (a receive-path root) "
				 "is not a text symbol of %s", rx_roots[i], system_map);
			return -1;
		}
	for (size_t i = 0; i < extra->n; i++)
		if (!has_symbol(ks, extra->v[i])) {
			snprintf(err, errlen, "cost function set: '%s' (cost_funcs=) is not a "
				 "text symbol of %s; check the name, or whether this kernel "
				 "inlines it", extra->v[i], system_map);
			return -1;
		}
	return 0;
}

static int write_set(const struct kernel_symbols *ks, const struct name_list *extra,
		     FILE *f)
{
	int n = 0;

	fprintf(f, "# START END CLASS NAME: the cost plugin's function set\n");
	for (size_t i = 0; i + 1 < ks->n; i++) {
		int cls = classify(ks->sym[i].name, extra);
		size_t j = i + 1;

		if (cls == CLS_NONE)
			continue;
		/* aliases share an address: the next symbol above it ends it */
		while (j < ks->n && ks->sym[j].addr == ks->sym[i].addr)
			j++;
		if (j == ks->n || (i > 0 && ks->sym[i - 1].addr == ks->sym[i].addr &&
				   classify(ks->sym[i - 1].name, extra) != CLS_NONE))
			continue;
		fprintf(f, "%llx %llx %s %s%s\n", (unsigned long long)ks->sym[i].addr,
			(unsigned long long)ks->sym[j].addr, cls_names[cls], ks->sym[i].name,
			exact_in(ks->sym[i].name, rx_scope, N(rx_scope)) ? " scope" : "");
		n++;
	}
	return n;
}

int cost_funcs_write(const char *system_map, const char *extra, const char *out,
		     char *err, size_t errlen)
{
	struct kernel_symbols ks;
	struct name_list names;
	char kerr[512];
	FILE *f;
	int n = -1;

	if (kernel_symbols_load(&ks, system_map, kerr, sizeof(kerr)) < 0) {
		snprintf(err, errlen, "cost function set: System.map unusable: %s", kerr);
		return -1;
	}
	if (split_names(extra, &names) < 0) {
		snprintf(err, errlen, "cost function set: out of memory");
		kernel_symbols_free(&ks);
		return -1;
	}
	if (check_required(&ks, &names, system_map, err, errlen) == 0) {
		f = fopen(out, "w");
		if (!f) {
			snprintf(err, errlen, "cost function set: cannot write %s", out);
		} else {
			n = write_set(&ks, &names, f);
			if (fclose(f) != 0) {
				snprintf(err, errlen, "cost function set: cannot write %s", out);
				n = -1;
			}
		}
	}
	free_names(&names);
	kernel_symbols_free(&ks);
	return n;
}
