// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "func_ranges.h"

static const char *const class_names[FC_COUNT] = { "charge", "rx", "instr", "probe" };

const char *func_class_name(enum func_class c)
{
	return c < FC_COUNT ? class_names[c] : "?";
}

static int parse_class(const char *s, enum func_class *out)
{
	for (int c = 0; c < FC_COUNT; c++)
		if (strcmp(s, class_names[c]) == 0) {
			*out = (enum func_class)c;
			return 0;
		}
	return -1;
}

static int by_start(const void *a, const void *b)
{
	const struct func_range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static int add_range(struct func_ranges *fr, size_t *cap, const struct func_range *r)
{
	if (fr->n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 64;
		struct func_range *v = realloc(fr->v, ncap * sizeof(*v));

		if (!v)
			return -1;
		fr->v = v;
		*cap = ncap;
	}
	fr->v[fr->n++] = *r;
	return 0;
}

int func_ranges_load(struct func_ranges *fr, const char *path, char *err,
		     size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[512], cls[32], flag[16];
	size_t cap = 0;
	int lineno = 0, fields;

	memset(fr, 0, sizeof(*fr));
	if (!f) {
		snprintf(err, errlen, "function set %s: cannot open", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct func_range r;

		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		memset(&r, 0, sizeof(r));
		flag[0] = 0;
		fields = sscanf(line, "%" SCNx64 " %" SCNx64 " %31s %95s %15s", &r.start,
				&r.end, cls, r.name, flag);
		if (fields < 4 || r.end <= r.start || parse_class(cls, &r.cls) < 0 ||
		    (fields == 5 && strcmp(flag, "scope") != 0)) {
			snprintf(err, errlen, "function set %s:%d: expected "
				 "'START END charge|rx|instr|probe NAME [scope]'", path, lineno);
			goto fail;
		}
		r.scope = fields == 5;
		if (add_range(fr, &cap, &r) < 0) {
			snprintf(err, errlen, "function set %s: out of memory", path);
			goto fail;
		}
	}
	fclose(f);
	f = NULL;
	if (fr->n == 0) {
		snprintf(err, errlen, "function set %s: no function", path);
		goto fail;
	}
	qsort(fr->v, fr->n, sizeof(*fr->v), by_start);
	for (size_t i = 1; i < fr->n; i++)
		if (fr->v[i].start < fr->v[i - 1].end) {
			snprintf(err, errlen, "function set %s: %s and %s overlap",
				 path, fr->v[i - 1].name, fr->v[i].name);
			goto fail;
		}
	return 0;
fail:
	if (f)
		fclose(f);
	func_ranges_free(fr);
	return -1;
}

long func_ranges_find(const struct func_ranges *fr, uint64_t addr)
{
	size_t lo = 0, hi = fr->n;

	/* the last range starting at or below addr, if addr is inside it */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (fr->v[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || addr >= fr->v[lo - 1].end)
		return -1;
	return (long)(lo - 1);
}

void func_ranges_free(struct func_ranges *fr)
{
	free(fr->v);
	fr->v = NULL;
	fr->n = 0;
}
