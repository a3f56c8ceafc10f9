// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_symbols.h"

/* "ffffffff81000000 T _stext [module]": text symbols only. */
static int parse_line(const char *line, uint64_t *addr, char *name, size_t cap)
{
	unsigned long long a;
	char type, buf[256];

	if (sscanf(line, "%llx %c %255s", &a, &type, buf) != 3)
		return 0;
	if (!strchr("tTwW", type))
		return 0;
	*addr = a;
	snprintf(name, cap, "%s", buf);
	return 1;
}

static int by_address(const void *a, const void *b)
{
	const struct kernel_symbol *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

int kernel_symbols_load(struct kernel_symbols *ks, const char *path, char *err,
			size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[512], name[256];
	size_t cap = 0, nonzero = 0;
	uint64_t addr;

	ks->sym = NULL;
	ks->n = 0;
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (!parse_line(line, &addr, name, sizeof(name)))
			continue;
		if (ks->n == cap) {
			size_t ncap = cap ? cap * 2 : 4096;
			struct kernel_symbol *s = realloc(ks->sym, ncap * sizeof(*s));

			if (!s)
				break;
			ks->sym = s;
			cap = ncap;
		}
		ks->sym[ks->n].addr = addr;
		ks->sym[ks->n].name = strdup(name);
		if (!ks->sym[ks->n].name)
			break;
		nonzero += addr != 0;
		ks->n++;
	}
	fclose(f);
	/* without the right to see them, every address reads as zero */
	if (nonzero == 0) {
		snprintf(err, errlen, "%s: %s", path,
			 ks->n ? "addresses hidden (kptr_restrict)" : "no text symbols");
		kernel_symbols_free(ks);
		return -1;
	}
	qsort(ks->sym, ks->n, sizeof(*ks->sym), by_address);
	return 0;
}

long kernel_symbols_lookup(const struct kernel_symbols *ks, uint64_t addr)
{
	size_t lo = 0, hi = ks->n;

	if (ks->n == 0 || addr < ks->sym[0].addr)
		return -1;
	/* invariant: sym[lo].addr <= addr, and sym[hi].addr > addr if hi < n */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (ks->sym[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	return (long)lo;
}

void kernel_symbols_free(struct kernel_symbols *ks)
{
	for (size_t i = 0; i < ks->n; i++)
		free(ks->sym[i].name);
	free(ks->sym);
	ks->sym = NULL;
	ks->n = 0;
}

int symbol_matches_any(const char *name, const char *const *patterns,
		       size_t npatterns)
{
	char base[256];
	size_t len = strcspn(name, ".");

	if (len >= sizeof(base))
		len = sizeof(base) - 1;
	memcpy(base, name, len);
	base[len] = '\0';
	for (size_t i = 0; i < npatterns; i++)
		if (fnmatch(patterns[i], base, 0) == 0)
			return 1;
	return 0;
}
