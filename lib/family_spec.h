/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_FAMILY_SPEC_H
#define MMX_FAMILY_SPEC_H

#include <jansson.h>
#include <stddef.h>

/*
 * A profile's confirmatory families and equivalence margins as matrix.json
 * declares them ($.profiles.NAME.families, .margins), read the same way by
 * the report and by mmx matrix --dry-run.  A family answers one or more of
 * the questions below; its tests name a workload, the metric (a list: the
 * first with data in a store is used, so a store made before the cost
 * plugin still answers on throughput), the tenant counts and optionally
 * other parameters; its comparisons are every cell of its variants (a test
 * may name its own) that a test matches, each against the family's
 * reference variant (baseline unless it names another) at the same settings.
 */

/*
 * An A/A set: the baseline kernel measured again as an independent set, the
 * noise floor: AA_VARIANT or, where a profile runs more of them at the same
 * settings, AA_VARIANT followed by a number (baseline-aa2, ...).  Each is a
 * control, never ranked.
 */
#define AA_VARIANT "baseline-aa"
int variant_is_aa(const char *name);

/* The questions, in the decision summary's order; NULL-terminated. */
extern const char *const family_questions[];

/* The workload's tenant-count parameter ("tenants", "kmem_tenants"). */
const char *workload_tenant_param(const char *workload);
/* Whether a workload's load is network receive (RFC 2's "network" side). */
int workload_is_receive(const char *workload);

/* The family's kconfig axis: its "kconfig", else "base". */
const char *family_kconfig(json_t *family);
/*
 * The variant the family's comparisons are made against: its "reference",
 * else baseline (RFC 3's slot counts against upstream's 7 slots, say).
 */
const char *family_reference(json_t *family);
/*
 * The timing mode a family is judged in: its "timing_mode", else the
 * profile's first (its primary; a profile may add cells of another mode,
 * as a realism check, that stay descriptive).
 */
const char *family_timing(json_t *profile, json_t *family);
/* The variants a test compares: its own "variants", else the family's. */
json_t *family_test_variants(json_t *family, json_t *test);
/*
 * Whether a cell is one that test asks about (variant included); mode is
 * family_timing() of the family, timing the cell's.
 */
int family_test_matches(json_t *family, json_t *test, const char *mode,
			const char *variant, const char *workload, const char *kconfig,
			const char *timing, json_t *params);
/* The test's metric paths in the declared order; how many (at most cap). */
size_t family_test_metrics(json_t *test, const char **out, size_t cap);
/*
 * The equivalence margin of a metric path (a fraction: 0.02 = ±2%): the
 * value of the first key of margins that matches it as a shell pattern
 * ("cost.*"), in the file's order; NAN when none does.
 */
double family_margin(json_t *margins, const char *path);

#endif
