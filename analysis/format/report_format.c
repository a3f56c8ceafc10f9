// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_format.h"
#include "run_store.h"

const char *fmt_value(char *buf, size_t cap, const struct metric_def *d, double v)
{
	double shown = v * d->scale;

	if (isnan(v))
		snprintf(buf, cap, "n/a");
	else if (fabs(shown) >= 1e5 || (shown != 0 && fabs(shown) < 1e-2))
		snprintf(buf, cap, "%.3e", shown);
	else
		snprintf(buf, cap, "%.4g", shown);
	return buf;
}

const char *fmt_coverage(char *buf, size_t cap, const struct interval *ci)
{
	/* rounded down: the coverage stated is never more than the one held */
	snprintf(buf, cap, "%s%.1f%%", ci->exact ? "" : "≈",
		 floor(ci->coverage * 1000 + 1e-9) / 10);
	return buf;
}

const char *fmt_median_ci(char *buf, size_t cap, const struct metric_def *d,
			  const struct cell_metric *cm)
{
	char m[32], lo[32], hi[32], cov[16];

	if (cm->n == 0)
		snprintf(buf, cap, "no data");
	else if (!cm->ci.valid)
		snprintf(buf, cap, "%s (no interval: n=%zu < %d)",
			 fmt_value(m, sizeof(m), d, cm->median), cm->n, STATS_CI_MIN_N);
	else
		snprintf(buf, cap, "%s [%s, %s] (%s)", fmt_value(m, sizeof(m), d, cm->median),
			 fmt_value(lo, sizeof(lo), d, cm->ci.lo),
			 fmt_value(hi, sizeof(hi), d, cm->ci.hi),
			 fmt_coverage(cov, sizeof(cov), &cm->ci));
	return buf;
}

static const char *pct(char *buf, size_t cap, double ratio)
{
	if (isnan(ratio) || isinf(ratio))
		snprintf(buf, cap, "n/a");
	else
		snprintf(buf, cap, "%+.1f%%", (ratio - 1.0) * 100.0);
	return buf;
}

const char *fmt_delta(char *buf, size_t cap, double ratio, const struct interval *ci)
{
	char a[24], lo[24], hi[24], cov[16];

	if (ci && ci->valid)
		snprintf(buf, cap, "%s [%s, %s] (%s)", pct(a, sizeof(a), ratio),
			 pct(lo, sizeof(lo), ci->lo), pct(hi, sizeof(hi), ci->hi),
			 fmt_coverage(cov, sizeof(cov), ci));
	else if (ci && ci->why)
		snprintf(buf, cap, "%s (no interval: %s)", pct(a, sizeof(a), ratio), ci->why);
	else
		snprintf(buf, cap, "%s", pct(a, sizeof(a), ratio));
	return buf;
}

const char *fmt_p(char *buf, size_t cap, double p)
{
	if (isnan(p))
		snprintf(buf, cap, "n/a");
	else if (p < 0.001)
		snprintf(buf, cap, "%.1e", p);
	else
		snprintf(buf, cap, "%.3f", p);
	return buf;
}

const char *verdict_word(const struct report *r, const struct comparison *c)
{
	(void)r;
	return verdict_text(c->verdict);
}

const char *fmt_adjusted(char *buf, size_t cap, const struct report *r,
			 const struct comparison *c)
{
	char p[24];

	if (c->not_tested)
		snprintf(buf, cap, "not tested");
	else if (isnan(c->p_adj))
		snprintf(buf, cap, "not adjusted: decides nothing");
	else if (c->family >= 0)
		snprintf(buf, cap, "Holm %s in family %s", fmt_p(p, sizeof(p), c->p_adj),
			 r->families[c->family].id);
	else
		snprintf(buf, cap, "BH %s, descriptive", fmt_p(p, sizeof(p), c->p_adj));
	return buf;
}

const char *fmt_cv(char *buf, size_t cap, double cv)
{
	/* the cost counts repeat to a hundredth of a percent: show it */
	if (isnan(cv))
		snprintf(buf, cap, "n/a");
	else
		snprintf(buf, cap, cv < 0.01 ? "%.2f%%" : "%.1f%%", cv * 100);
	return buf;
}

const char *fmt_margin(char *buf, size_t cap, double margin)
{
	if (isnan(margin))
		snprintf(buf, cap, "no margin declared");
	else
		snprintf(buf, cap, "±%g%%", margin * 100);
	return buf;
}

const char *reproduce_cmd(char *buf, size_t cap, const struct cell *c)
{
	size_t len = snprintf(buf, cap, "./build/mmx run %s %s%s%s accel=%s",
			      c->variant, c->workload, c->params[0] ? " " : "",
			      c->params, c->timing);

	if (strcmp(c->kconfig, "base") && len < cap)
		snprintf(buf + len, cap - len, " kconfig=%s", c->kconfig);
	return buf;
}

const char *slug(char *buf, size_t cap, const char *s)
{
	size_t n = 0;

	for (; *s && n + 1 < cap; s++)
		buf[n++] = isalnum((unsigned char)*s) || *s == '-' || *s == '.' ?
			   *s : '_';
	buf[n] = '\0';
	return buf;
}

const char *gate_word(enum gate_state g)
{
	return g == GATE_PASS ? "pass" : g == GATE_INVALID ? "INVALID" : "not gated";
}

void distinct_field(const struct report *r, const char *variant, const char *field,
		    char *buf, size_t cap)
{
	size_t i, len = 0;
	json_t *rec;

	buf[0] = '\0';
	json_array_foreach(r->runs, i, rec) {
		const char *v = run_str(rec, field, NULL);
		char quoted[600];

		if (!v || (variant && strcmp(run_str(rec, "variant", ""), variant)))
			continue;
		snprintf(quoted, sizeof(quoted), "`%s`", v);
		if (strstr(buf, quoted))
			continue;
		len += snprintf(buf + len, len < cap ? cap - len : 0, "%s%s",
				len ? ", " : "", quoted);
	}
	if (!buf[0])
		snprintf(buf, cap, "not recorded");
}

const char *question_title(const char *id)
{
	static const char *const titles[][2] = {
		{ "rfc1", "RFC 1" }, { "rfc2", "RFC 2" }, { "rfc3", "RFC 3" },
		{ "rfc4", "RFC 4" }, { "article1", "Article 1" }, { "article2", "Article 2" },
		{ "article3", "Article 3" },
	};

	for (size_t i = 0; i < sizeof(titles) / sizeof(titles[0]); i++)
		if (!strcmp(titles[i][0], id))
			return titles[i][1];
	return id;
}

const char *question_heading(const char *id)
{
	static const char *const headings[][2] = {
		{ "rfc1", "RFC 1. Keep the single-memcg per-CPU stock at all?" },
		{ "rfc2", "RFC 2. A network-specific batch, or a general multi-memcg cache?" },
		{ "rfc3", "RFC 3. If multi-memcg: how many slots, static or dynamic, which "
		  "eviction policy?" },
		{ "rfc4", "RFC 4. Does throughput matter on PREEMPT_RT?" },
		{ "article1", "Article 1. Plain atomics, no per-CPU cache, as the baseline to beat" },
		{ "article2", "Article 2. Split task/irq stocks (no irq disabling on the task "
		  "path)" },
		{ "article3", "Article 3. A local-lock objcg (byte) stock" },
	};

	for (size_t i = 0; i < sizeof(headings) / sizeof(headings[0]); i++)
		if (!strcmp(headings[i][0], id))
			return headings[i][1];
	return id;
}
