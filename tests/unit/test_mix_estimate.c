// SPDX-License-Identifier: GPL-2.0
/*
 * The mixing estimate (mix_estimate.h) against answers known in advance:
 * closed forms for store-only windows, and for windows with loads the
 * exact expectation from every permutation, replayed here through the
 * owner model independently of the module.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "check.h"
#include "insn_class.h"
#include "mix_estimate.h"

#define NV 8
#define NF 4
#define NONE 0xffffffffu

struct acc {
	unsigned int v, f;
	int store;
};

/* Exact expectations: the owner model over all n! orders of a. */
static void brute(const struct acc *a, int n, unsigned int owner, uint64_t holders,
		  double vf[NV][NF], double hb[NF][2][HOLDER_BUCKETS])
{
	int idx[8], count = 0;

	memset(vf, 0, sizeof(double) * NV * NF);
	memset(hb, 0, sizeof(double) * NF * 2 * HOLDER_BUCKETS);
	for (int i = 0; i < n; i++)
		idx[i] = i;
	for (;;) {
		unsigned int o = owner;
		uint64_t s = holders;
		int i, j;

		for (i = 0; i < n; i++) {
			const struct acc *x = &a[idx[i]];
			uint64_t bit = 1ULL << x->v;

			if (o != NONE && o != x->v && !(s & bit)) {
				int h = __builtin_popcountll(s & ~bit);

				vf[x->v][x->f] += 1;
				hb[x->f][x->store][holder_bucket(h ? h : 1)] += 1;
			}
			if (x->store) {
				o = x->v;
				s = bit;
			} else {
				s |= bit;
			}
		}
		count++;
		/* next permutation, lexicographic */
		for (i = n - 2; i >= 0 && idx[i] > idx[i + 1]; i--)
			;
		if (i < 0)
			break;
		for (j = n - 1; idx[j] < idx[i]; j--)
			;
		int tmp = idx[i];

		idx[i] = idx[j];
		idx[j] = tmp;
		for (i++, j = n - 1; i < j; i++, j--) {
			tmp = idx[i];
			idx[i] = idx[j];
			idx[j] = tmp;
		}
	}
	for (int v = 0; v < NV; v++)
		for (int f = 0; f < NF; f++)
			vf[v][f] /= count;
	for (int f = 0; f < NF; f++)
		for (int k = 0; k < 2 * HOLDER_BUCKETS; k++)
			hb[f][k / HOLDER_BUCKETS][k % HOLDER_BUCKETS] /= count;
}

static void feed(struct mix_table *t, uint64_t line, const struct acc *a, int n,
		 uint64_t now)
{
	for (int i = 0; i < n; i++)
		mix_access(t, line << 6 | (uint64_t)(i % 64), a[i].v, a[i].f, a[i].store, now);
}

static double total(const struct mix_table *t)
{
	double sum = 0;

	for (unsigned int v = 0; v < NV; v++)
		for (unsigned int f = 0; f < NF; f++)
			sum += mix_expected(t, v, f);
	return sum;
}

static double holders_total(const struct mix_table *t)
{
	double sum = 0;

	for (unsigned int f = 0; f < NF; f++)
		for (int k = 0; k < 2 * HOLDER_BUCKETS; k++)
			sum += mix_expected_by_holders(t, f, k / HOLDER_BUCKETS,
						       k % HOLDER_BUCKETS);
	return sum;
}

/* Two vCPUs, n stores each, one window: n, half each, all "1", stores. */
static void test_two_writers(void)
{
	struct mix_table *t = mix_table_new(1024, NV, NF, 1000000, 1);
	const int n = 50;

	for (int i = 0; i < n; i++) {
		mix_access(t, 0x1000, 0, 1, 1, (uint64_t)i);
		mix_access(t, 0x1008, 1, 1, 1, (uint64_t)i);
	}
	mix_flush(t);
	CHECK(near(total(t), n, 1e-9), "two writers: total n");
	CHECK(near(mix_expected(t, 0, 1), n / 2.0, 1e-9) &&
	      near(mix_expected(t, 1, 1), n / 2.0, 1e-9), "two writers: n/2 each");
	CHECK(near(mix_expected_by_holders(t, 1, 1, holder_bucket(1)), n, 1e-9),
	      "two writers: all in bucket \"1\", stores");
	CHECK(near(holders_total(t), n, 1e-9), "two writers: nothing in other buckets");
	mix_table_free(t);
}

/* Three writers, 10, 20, 30 stores: sum n_i (1 - n_i / 60). */
static void test_three_writers(void)
{
	struct mix_table *t = mix_table_new(1024, NV, NF, 1000000, 1);
	int left[3] = { 10, 20, 30 };
	double want = 10 * (1 - 10 / 60.0) + 20 * (1 - 20 / 60.0) + 30 * (1 - 30 / 60.0);

	for (int i = 0; i < 30; i++)
		for (int v = 0; v < 3; v++)
			if (left[v]-- > 0)
				mix_access(t, 0x2000, (unsigned int)v, 0, 1, 0);
	mix_flush(t);
	CHECK(near(total(t), want, 1e-9), "three writers: closed form");
	CHECK(near(mix_expected(t, 2, 0), 30 * 0.5, 1e-9), "three writers: vCPU 2's share");
	mix_table_free(t);
}

/* Closed form with a carried owner agrees with the owner model over all orders. */
static void test_closed_vs_brute(void)
{
	struct mix_table *t = mix_table_new(1024, NV, NF, 10, 1);
	struct acc a[] = { { 1, 2, 1 }, { 1, 2, 1 }, { 0, 3, 1 }, { 1, 2, 1 } };
	double vf[NV][NF], hb[NF][2][HOLDER_BUCKETS];
	int same = 1;

	mix_access(t, 0x3000, 0, 0, 1, 0);	/* window 0: vCPU 0 owns */
	feed(t, 0x3000 >> 6, a, 4, 10);
	mix_flush(t);
	brute(a, 4, 0, 1ULL << 0, vf, hb);
	CHECK(near(vf[1][2] + vf[0][3], 2.25, 1e-12), "brute force: 3/4 + 3 * 1/2");
	for (int v = 0; v < NV; v++)
		for (int f = 0; f < NF; f++)
			same &= near(mix_expected(t, (unsigned int)v, (unsigned int)f), vf[v][f], 1e-9);
	for (int f = 0; f < NF; f++)
		for (int k = 0; k < 2 * HOLDER_BUCKETS; k++)
			same &= near(mix_expected_by_holders(t, (unsigned int)f, k / HOLDER_BUCKETS,
							     k % HOLDER_BUCKETS),
				     hb[f][k / HOLDER_BUCKETS][k % HOLDER_BUCKETS], 1e-9);
	CHECK(same, "store-only closed form equals the exact expectation");
	mix_table_free(t);
}

/* Private lines, and a single vCPU: no transfers, over many windows. */
static void test_private(void)
{
	struct mix_table *t = mix_table_new(1024, NV, NF, 7, 1);
	uint64_t tracked, dropped, windows;

	for (uint64_t now = 0; now < 1000; now++)
		for (unsigned int v = 0; v < 4; v++)
			mix_access(t, 0x10000 + v * 64, v, v, (int)((now + v) % 3 == 0), now);
	mix_flush(t);
	mix_stats(t, &tracked, &dropped, &windows);
	CHECK(total(t) == 0, "private lines: 0");
	CHECK(tracked == 4 && dropped == 0 && windows == 4 * (999 / 7 + 1),
	      "private lines: 4 lines, one window per 7 instructions each");
	mix_table_free(t);

	t = mix_table_new(1024, NV, NF, 5, 1);
	for (uint64_t now = 0; now < 1000; now++)
		mix_access(t, 0x20000 + (now % 8) * 8, 3, 1, (int)(now % 4 == 0), now);
	mix_flush(t);
	CHECK(total(t) == 0, "one vCPU: 0");
	mix_table_free(t);
}

/* 2n alternating stores at now = 0, 1, ...; windows of w instructions. */
static double alternating(int n, uint64_t w)
{
	struct mix_table *t = mix_table_new(1024, NV, NF, w, 1);
	double sum;

	for (int i = 0; i < 2 * n; i++)
		mix_access(t, 0x4000, (unsigned int)(i % 2), 0, 1, (uint64_t)i);
	mix_flush(t);
	sum = total(t);
	mix_table_free(t);
	return sum;
}

static void test_windows(void)
{
	struct mix_table *t = mix_table_new(1024, NV, NF, 100, 1);
	uint64_t w[] = { 1, 2, 4, 5, 10, 20 };
	double prev = 1e30;
	int down = 1;

	mix_access(t, 0x5000, 0, 0, 1, 0);
	mix_access(t, 0x5000, 1, 0, 1, 150);
	mix_flush(t);
	CHECK(mix_expected(t, 1, 0) == 1 && mix_expected(t, 0, 0) == 0,
	      "carried owner: window 1's first position is a transfer");
	mix_table_free(t);

	CHECK(near(alternating(10, 1), 19, 1e-9), "one access per window: serialized 2n - 1");
	CHECK(near(alternating(10, 2), 14.5, 1e-9), "pairs: 1 + 1.5 (n - 1)");
	CHECK(near(alternating(10, 20), 10, 1e-9), "one window: n");
	for (size_t i = 0; i < N_OF(w); i++) {
		double x = alternating(10, w[i]);

		down &= x <= prev + 1e-9;
		prev = x;
	}
	CHECK(down, "longer windows mix more: the count falls from 2n - 1 to n");

	/*
	 * A hot line keeps its list from window to window, then a cold window
	 * frees it: 5 windows of 500 + 500 stores, 500 each and, after the
	 * first, 1/2 for vCPU 0 at position 1 (vCPU 1 stored last); then 1.5.
	 */
	t = mix_table_new(1024, NV, NF, 1000, 1);
	for (uint64_t w = 0; w < 5; w++)
		for (uint64_t i = 0; i < 1000; i++)
			mix_access(t, 0x6000, i < 500 ? 0 : 1, 0, 1, w * 1000 + i);
	mix_access(t, 0x6000, 0, 0, 1, 5000);
	mix_access(t, 0x6000, 1, 0, 1, 5001);
	mix_flush(t);
	CHECK(near(total(t), 5 * 500 + 4 * 0.5 + 1.5, 1e-9), "hot line over windows");
	mix_table_free(t);
}

/*
 * A pattern with loads on L distinct lines (one shuffle each), averaged,
 * against the exact expectation: total within 2 %, every (vCPU, function)
 * and bucket within 5 standard deviations (each access transfers at most
 * once, so each is a Bernoulli mean).
 */
static int mixed(const struct acc *a, int n, int carried, uint64_t seed, int L,
		 double vf[NV][NF], double hb[NF][2][HOLDER_BUCKETS], double *tot)
{
	struct mix_table *t = mix_table_new((uint64_t)L, NV, NF, 10, seed);
	uint64_t tracked, dropped, windows;
	int ok = 1;

	for (int l = 0; l < L; l++) {
		if (carried >= 0)
			mix_access(t, (uint64_t)l << 6, (unsigned int)carried, 0, 1, 0);
		feed(t, (uint64_t)l, a, n, 10);
	}
	mix_flush(t);
	mix_stats(t, &tracked, &dropped, &windows);
	ok &= tracked == (uint64_t)L && dropped == 0;
	*tot = total(t) / L;
	for (int v = 0; v < NV; v++)
		for (int f = 0; f < NF; f++) {
			double p = vf[v][f], got = mix_expected(t, (unsigned int)v,
								 (unsigned int)f) / L;

			ok &= near(got, p, 5 * sqrt(p * (1 - p) / L) + 1e-12);
			vf[v][f] = got;
		}
	for (int f = 0; f < NF; f++)
		for (int k = 0; k < 2 * HOLDER_BUCKETS; k++) {
			double *q = &hb[f][k / HOLDER_BUCKETS][k % HOLDER_BUCKETS];
			double got = mix_expected_by_holders(t, (unsigned int)f, k / HOLDER_BUCKETS,
							     k % HOLDER_BUCKETS) / L;

			ok &= near(got, *q, 5 * sqrt(*q * (1 - *q) / L) + 1e-12);
			*q = got;
		}
	mix_table_free(t);
	return ok;
}

static void test_loads(void)
{
	/* vCPU 0 stores, 1..3 load; function = vCPU */
	struct acc a[] = { { 0, 0, 1 }, { 1, 1, 0 }, { 2, 2, 0 }, { 3, 3, 0 } };
	double vf[NV][NF], hb[NF][2][HOLDER_BUCKETS], vf2[NV][NF], hb2[NF][2][HOLDER_BUCKETS];
	double tot, want;
	const int L = 100000;

	/* no carried state: each load transfers iff after the store, 3 * 1/2 */
	brute(a, 4, NONE, 0, vf, hb);
	want = vf[1][1] + vf[2][2] + vf[3][3] + vf[0][0];
	CHECK(near(want, 1.5, 1e-12), "loads, nothing carried: exact 1.5");
	CHECK(mixed(a, 4, -1, 1, L, vf, hb, &tot), "loads, nothing carried: every part");
	CHECK(near(tot, want, 0.02 * want), "loads, nothing carried: total within 2 %");

	/*
	 * vCPU 1 owned it before: its load transfers iff after the store (1/2),
	 * 2's, 3's and the store always: 3.5.  The store after the three loads
	 * (1 in 4), or third after 2's and 3's (1 in 12), sees holders 1, 2, 3:
	 * bucket "3" 1/3.
	 */
	brute(a, 4, 1, 1ULL << 1, vf, hb);
	want = vf[1][1] + vf[2][2] + vf[3][3] + vf[0][0];
	CHECK(near(want, 3.5, 1e-12), "loads, vCPU 1 carried: exact 3.5");
	CHECK(near(hb[0][1][holder_bucket(3)], 1 / 3.0, 1e-12), "exact: store in bucket \"3\" 1/3");
	memcpy(vf2, vf, sizeof(vf));
	memcpy(hb2, hb, sizeof(hb));
	CHECK(mixed(a, 4, 1, 1, L, vf, hb, &tot), "loads, vCPU 1 carried: every part");
	CHECK(near(tot, want, 0.02 * want), "loads, vCPU 1 carried: total within 2 %");
	CHECK(near(hb[0][1][holder_bucket(3)], 1 / 3.0, 0.02 / 3),
	      "store after 3 holders: bucket \"3\", 1/3 within 2 %");

	/* same seed: identical; another seed: different draws, same mean */
	{
		double vf3[NV][NF], hb3[NF][2][HOLDER_BUCKETS], tot3;

		memcpy(vf3, vf2, sizeof(vf));
		memcpy(hb3, hb2, sizeof(hb));
		mixed(a, 4, 1, 1, L, vf3, hb3, &tot3);
		CHECK(memcmp(vf3, vf, sizeof(vf)) == 0 && memcmp(hb3, hb, sizeof(hb)) == 0,
		      "same inputs and seed: identical");
		memcpy(vf3, vf2, sizeof(vf));
		memcpy(hb3, hb2, sizeof(hb));
		CHECK(mixed(a, 4, 1, 2, L, vf3, hb3, &tot3), "another seed: every part");
		CHECK(memcmp(vf3, vf, sizeof(vf)) != 0, "another seed: other draws");
		CHECK(near(tot3, want, 0.02 * want), "another seed: same mean within 2 %");
	}
}

/* A tiny table: lines that do not fit are counted, not hidden. */
static void test_overflow(void)
{
	struct mix_table *t = mix_table_new(1, NV, NF, 10, 1);
	uint64_t tracked, dropped, windows;
	const uint64_t n = 10000;

	for (uint64_t l = 0; l < n; l++)
		mix_access(t, l << 6, 0, 0, 1, 0);
	mix_access(t, 0, NV, 0, 1, 0);	/* out-of-range vCPU or function: ignored */
	mix_access(t, 0, 0, NF, 1, 0);
	mix_flush(t);
	mix_stats(t, &tracked, &dropped, &windows);
	CHECK(dropped > 0 && tracked + dropped == n, "overflow: every access counted");
	CHECK(tracked <= 64 * 8, "overflow: stripes stay half full");
	CHECK(mix_accesses(t) == tracked && windows == tracked,
	      "overflow: recorded and ended only the lines tracked");
	mix_table_free(t);
}

#define THREADS 4
#define ITERS 200000
#define PRIVATE 1000

struct worker {
	struct mix_table *t;
	unsigned int v;
};

static void *work(void *arg)
{
	struct worker *w = arg;

	for (uint64_t i = 0; i < ITERS; i++) {
		uint64_t now = i * THREADS + w->v;

		mix_access(w->t, ((uint64_t)w->v * PRIVATE + i % PRIVATE) << 6, w->v, 0,
			   (int)(i % 3 == 0), now);
		if (i % 4 == 0)
			mix_access(w->t, 1ULL << 40, w->v, 1, 1, now);
	}
	return NULL;
}

static void threaded(uint64_t window, const char *what)
{
	/* headroom: the hash does not fill the stripes evenly */
	struct mix_table *t = mix_table_new(2 * (THREADS * PRIVATE + 1), NV, NF, window, 7);
	struct worker w[THREADS];
	pthread_t th[THREADS];
	uint64_t tracked, dropped, windows, shared = ITERS / 4;
	double s = 0;
	char name[128];

	for (unsigned int v = 0; v < THREADS; v++) {
		w[v] = (struct worker){ t, v };
		pthread_create(&th[v], NULL, work, &w[v]);
	}
	for (int v = 0; v < THREADS; v++)
		pthread_join(th[v], NULL);
	mix_flush(t);
	mix_stats(t, &tracked, &dropped, &windows);
	for (unsigned int v = 0; v < THREADS; v++)
		s += mix_expected(t, v, 1);
	snprintf(name, sizeof(name), "threads, %s: private lines 0", what);
	CHECK(near(total(t) - s, 0, 0), name);
	snprintf(name, sizeof(name), "threads, %s: every access recorded", what);
	CHECK(tracked == THREADS * PRIVATE + 1 && dropped == 0 &&
	      mix_accesses(t) == THREADS * (ITERS + shared), name);
	snprintf(name, sizeof(name), "threads, %s: shared line", what);
	if (window > THREADS * ITERS)	/* one window: 4 n (1 - 1/4), any order */
		CHECK(near(s, 3.0 * shared, 1e-6 * shared), name);
	else
		CHECK(s > 0 && s <= THREADS * shared, name);
	mix_table_free(t);
}

/*
 * The hottest lines: a line two writers share (50 stores each, n = 100:
 * 50 transfers), one three writers share (10, 20, 30: 60 - 1400/60), and
 * one line per vCPU that only its vCPU writes (none): the two shared lines
 * in that order, with their own totals, vCPUs and functions.
 */
static void test_hot_lines(void)
{
	struct mix_table *t = mix_table_new(1024, NV, NF, 1000000, 1);
	struct mix_line hot[4];
	int left[3] = { 10, 20, 30 };
	size_t n;

	for (int i = 0; i < 50; i++) {
		mix_access(t, 0x1000, 0, 1, 1, (uint64_t)i);
		mix_access(t, 0x1008, 1, 2, 1, (uint64_t)i);
		mix_access(t, 0x3000, 0, 3, 1, (uint64_t)i);
		mix_access(t, 0x3040, 1, 3, 1, (uint64_t)i);
	}
	for (int v = 0; v < 3; v++)
		for (int i = 0; i < left[v]; i++)
			mix_access(t, 0x2000, (unsigned int)v + 2, 0, 1, (uint64_t)i);
	mix_flush(t);
	n = mix_hot_lines(t, hot, 4);
	CHECK(n == 2, "hot lines: the two shared lines only (private lines have none)");
	CHECK(hot[0].addr == 0x1000 && near(hot[0].expected, 50, 1e-9) && hot[0].accesses == 100 &&
	      hot[0].vcpus == 3 && hot[0].nfuncs == 2 && hot[0].funcs[0] + hot[0].funcs[1] == 3,
	      "hot lines: first the two writers' line, 50 transfers, vCPUs 0 and 1, functions 1 and 2");
	CHECK(hot[1].addr == 0x2000 && near(hot[1].expected, 60 - 1400.0 / 60, 1e-9) &&
	      hot[1].accesses == 60 && hot[1].vcpus == 0x1c && hot[1].nfuncs == 1 &&
	      hot[1].funcs[0] == 0, "hot lines: then the three writers' line, 60 - 1400/60");
	CHECK(near(hot[0].expected + hot[1].expected, total(t), 1e-9),
	      "hot lines: together every transfer of the table");
	n = mix_hot_lines(t, hot, 1);
	CHECK(n == 1 && hot[0].addr == 0x1000, "hot lines: k = 1 keeps the hottest");
	mix_table_free(t);
}

int main(void)
{
	test_two_writers();
	test_three_writers();
	test_closed_vs_brute();
	test_private();
	test_windows();
	test_loads();
	test_overflow();
	test_hot_lines();
	threaded(1ULL << 40, "one window");
	threaded(64, "short windows");
	return check_summary();
}
