// SPDX-License-Identifier: GPL-2.0
/*
 * The methodology's account of the intervals: how each is built and, for
 * every sample size this report has, the rank it uses and the coverage
 * that rank gives, so a reader never has to take "95%" on trust.
 */
#include <math.h>
#include <string.h>

#include "report_format.h"
#include "report_md.h"

#define MAX_SIZES 64

struct size_count {
	size_t n1, n2;		/* n2 = 0 for a cell's n */
	size_t count;
};

static void tally(struct size_count *s, size_t *ns, size_t n1, size_t n2)
{
	for (size_t i = 0; i < *ns; i++)
		if (s[i].n1 == n1 && s[i].n2 == n2) {
			s[i].count++;
			return;
		}
	if (*ns < MAX_SIZES)
		s[(*ns)++] = (struct size_count){ n1, n2, 1 };
}

static void sort_sizes(struct size_count *s, size_t ns)
{
	for (size_t i = 1; i < ns; i++)
		for (size_t j = i; j > 0 && (s[j].n1 < s[j - 1].n1 ||
		     (s[j].n1 == s[j - 1].n1 && s[j].n2 < s[j - 1].n2)); j--) {
			struct size_count t = s[j];

			s[j] = s[j - 1];
			s[j - 1] = t;
		}
}

static void median_sizes(FILE *f, const struct report *r)
{
	struct size_count s[MAX_SIZES];
	size_t ns = 0;

	for (size_t i = 0; i < r->ncells; i++)
		for (size_t m = 0; m < metric_defs_count; m++)
			if (r->cells[i].metrics[m].n)
				tally(s, &ns, r->cells[i].metrics[m].n, 0);
	sort_sizes(s, ns);
	for (size_t i = 0; i < ns; i++) {
		struct interval ci = { .exact = 1 };
		char cov[16];
		size_t l = stats_median_rank(s[i].n1, REPORT_LEVEL, &ci.coverage);

		if (s[i].n1 < STATS_CI_MIN_N)
			fprintf(f, "  - n = %zu: no interval (%zu cell metrics)\n", s[i].n1,
				s[i].count);
		else
			fprintf(f, "  - n = %zu: [x(%zu), x(%zu)], coverage %s (%zu cell "
				"metrics)\n", s[i].n1, l, s[i].n1 + 1 - l,
				fmt_coverage(cov, sizeof(cov), &ci), s[i].count);
	}
}

static void ratio_sizes(FILE *f, const struct report *r)
{
	struct size_count s[MAX_SIZES];
	size_t ns = 0, inside = 0, with = 0, without = 0;
	const char *why = NULL;

	for (size_t i = 0; i < r->ncmp; i++) {
		const struct comparison *c = &r->cmp[i];
		size_t n1 = c->cell->metrics[c->metric].n, n2 = c->base->metrics[c->metric].n;

		/* a degenerate comparison has no interval to account for */
		if (c->not_tested)
			continue;
		tally(s, &ns, n1, n2);
		/* enough runs but no interval: a value the log cannot take */
		if (!c->ci.valid && n1 >= STATS_CI_MIN_N && n2 >= STATS_CI_MIN_N) {
			without++;
			why = c->ci.why;
		}
		if (c->ci.valid && !isnan(c->ratio)) {
			with++;
			inside += c->ci.lo <= c->ratio && c->ratio <= c->ci.hi;
		}
	}
	sort_sizes(s, ns);
	for (size_t i = 0; i < ns; i++) {
		struct interval ci;
		char cov[16];
		size_t k = stats_shift_rank(s[i].n1, s[i].n2, REPORT_LEVEL, &ci.coverage,
					    &ci.exact);

		if (s[i].n1 < STATS_CI_MIN_N || s[i].n2 < STATS_CI_MIN_N)
			fprintf(f, "  - n = %zu vs %zu: no interval (%zu comparisons)\n",
				s[i].n1, s[i].n2, s[i].count);
		else
			fprintf(f, "  - n = %zu vs %zu: k = %zu of %zu differences, coverage %s "
				"(%zu comparisons)\n", s[i].n1, s[i].n2, k, s[i].n1 * s[i].n2,
				fmt_coverage(cov, sizeof(cov), &ci), s[i].count);
	}
	if (without)
		fprintf(f, "  - of these, %zu comparisons have no interval (%s)\n", without,
			why ? why : "?");
	if (with == inside)
		fprintf(f, "\nIn all %zu comparisons with an interval the ratio of medians lies "
			"inside it.\n", with);
	else
		fprintf(f, "\nIn %zu of %zu comparisons with an interval the ratio of medians "
			"lies outside it: there the two cells differ by more than a factor (in "
			"shape or spread), and the interval belongs to the Hodges-Lehmann factor, "
			"`ratio_hl` in comparisons.csv, not to the ratio of medians.\n",
			with - inside, with);
}

/* "93.7%": the coverage of the order-statistic interval at n */
static const char *median_coverage(char *buf, size_t cap, size_t n)
{
	struct interval ci = { .exact = 1 };

	stats_median_rank(n, REPORT_LEVEL, &ci.coverage);
	return fmt_coverage(buf, cap, &ci);
}

/* The smallest n whose interval [x(l), x(n+1-l)] reaches the level: l = 1: 6, l = 2: 9. */
static size_t median_min_n(size_t l)
{
	double coverage;
	size_t n = 1;

	while (n < 256 && (stats_median_rank(n, REPORT_LEVEL, &coverage) < l ||
			   !(coverage >= REPORT_LEVEL)))
		n++;
	return n;
}

void md_intervals(FILE *f, const struct report *r)
{
	char c3[16], c5[16], c9[16];
	size_t range_from = median_min_n(1), inner_from = median_min_n(2);

	fprintf(f, "Intervals are distribution-free and computed, not resampled: nothing is "
		"random, and the same store always gives the same intervals. Each is printed "
		"with its coverage in parentheses, the probability that an interval built so "
		"covers its target: exact for continuous data, only higher with ties, rounded "
		"down; each is built to reach %.0f%% where its sample sizes allow.\n\n",
		REPORT_LEVEL * 100);
	fprintf(f, "- **Median of a cell**: the order-statistic interval [x(l), x(n+1-l)], "
		"the l-th smallest to the l-th largest of the n runs, l the largest rank whose "
		"coverage 1 - 2 P(B < l), B ~ binomial(n, 1/2), is at least %.0f%%. Below "
		"n = %zu not even [min, max] reaches it: the range is given with the coverage "
		"it has (n = 5: %s, n = 3: %s); no interval below n = %d. Up to n = %zu the "
		"range is the only interval that reaches it (the next one in, [x(2), x(n-1)], "
		"first does at n = %zu: %s), so more runs narrow the interval only from "
		"there. In this report:\n", REPORT_LEVEL * 100, range_from,
		median_coverage(c5, sizeof(c5), 5), median_coverage(c3, sizeof(c3), 3),
		STATS_CI_MIN_N, inner_from - 1, inner_from,
		median_coverage(c9, sizeof(c9), inner_from));
	median_sizes(f, r);
	fprintf(f, "- **Ratio to baseline**: the Hodges-Lehmann (Moses) interval of the "
		"factor between the variant's runs and the baseline's. On log values a factor "
		"is a shift; the interval is the k-th smallest to the k-th largest of the "
		"n1 x n2 differences log(variant run) - log(baseline run), exponentiated, k "
		"the largest rank whose coverage 1 - 2 P(U < k), U the Mann-Whitney count "
		"when nothing differs (its exact distribution; the normal approximation, "
		"marked ≈, when n1 + n2 > %d), is at least %.0f%%. It assumes the variant's "
		"runs are the baseline's times a factor; that factor is then the ratio of "
		"medians shown, and its own estimate, exp of the median log difference, is "
		"`ratio_hl` in comparisons.csv. A metric with a value <= 0 in either cell has "
		"no log scale: its ratio is shown without an interval (the Mann-Whitney p "
		"still holds). In this report:\n", STATS_MWU_EXACT_MAX_N, REPORT_LEVEL * 100);
	ratio_sizes(f, r);
	fputc('\n', f);
}
