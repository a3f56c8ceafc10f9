// SPDX-License-Identifier: GPL-2.0
/* Reads the families and margins of a profile (family_spec.h). */
#include <ctype.h>
#include <fnmatch.h>
#include <math.h>
#include <string.h>

#include "family_spec.h"

const char *const family_questions[] = {
	"rfc1", "rfc2", "rfc3", "rfc4", "article1", "article2", "article3", NULL,
};

const char *workload_tenant_param(const char *workload)
{
	return strcmp(workload, "kmem-mix") ? "tenants" : "kmem_tenants";
}

int workload_is_receive(const char *workload)
{
	return !strcmp(workload, "rx-mixed") || !strcmp(workload, "sendfile-clients");
}

const char *family_kconfig(json_t *family)
{
	const char *k = json_string_value(json_object_get(family, "kconfig"));

	return k ? k : "base";
}

const char *family_reference(json_t *family)
{
	const char *v = json_string_value(json_object_get(family, "reference"));

	return v ? v : "baseline";
}

const char *family_timing(json_t *profile, json_t *family)
{
	const char *t = json_string_value(json_object_get(family, "timing_mode"));

	if (!t)
		t = json_string_value(json_array_get(json_object_get(profile, "timing_modes"), 0));
	return t ? t : "tcg";
}

json_t *family_test_variants(json_t *family, json_t *test)
{
	json_t *own = json_object_get(test, "variants");

	return own ? own : json_object_get(family, "variants");
}

static int same_value(json_t *a, json_t *b)
{
	if (json_is_number(a) && json_is_number(b))
		return json_number_value(a) == json_number_value(b);
	return json_equal(a, b);
}

/* The cell's value of key is one of the listed ones (no list: any). */
static int listed(json_t *params, const char *key, json_t *allowed)
{
	json_t *v = json_object_get(params, key), *a;
	size_t i;

	if (!allowed)
		return 1;
	json_array_foreach(allowed, i, a)
		if (v && same_value(v, a))
			return 1;
	return 0;
}

int family_test_matches(json_t *family, json_t *test, const char *mode,
			const char *variant, const char *workload, const char *kconfig,
			const char *timing, json_t *params)
{
	const char *w = json_string_value(json_object_get(test, "workload")), *key;
	json_t *v, *allowed;
	size_t i;
	int named = 0;

	if (!w || strcmp(w, workload) || strcmp(family_kconfig(family), kconfig) ||
	    strcmp(mode, timing))
		return 0;
	json_array_foreach(family_test_variants(family, test), i, v)
		named |= json_is_string(v) && !strcmp(json_string_value(v), variant);
	if (!named || !listed(params, workload_tenant_param(workload),
			      json_object_get(test, "tenants")))
		return 0;
	json_object_foreach(json_object_get(test, "params"), key, allowed)
		if (!listed(params, key, allowed))
			return 0;
	return 1;
}

size_t family_test_metrics(json_t *test, const char **out, size_t cap)
{
	json_t *m = json_object_get(test, "metric"), *e;
	size_t i, n = 0;

	if (json_is_string(m) && cap) {
		out[0] = json_string_value(m);
		return 1;
	}
	json_array_foreach(m, i, e)
		if (json_is_string(e) && n < cap)
			out[n++] = json_string_value(e);
	return n;
}

double family_margin(json_t *margins, const char *path)
{
	const char *pattern;
	json_t *v;

	json_object_foreach(margins, pattern, v)
		if (json_is_number(v) && !fnmatch(pattern, path, 0))
			return json_number_value(v);
	return NAN;
}

int variant_is_aa(const char *name)
{
	size_t n = strlen(AA_VARIANT);

	if (strncmp(name, AA_VARIANT, n))
		return 0;
	for (name += n; *name; name++)
		if (!isdigit((unsigned char)*name))
			return 0;
	return 1;
}
