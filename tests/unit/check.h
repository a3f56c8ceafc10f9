/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal TAP-like checks for the unit tests: each CHECK prints one
 * "ok"/"not ok" line; check_summary() prints "N passed, N failed" and
 * returns the exit status.
 */
#ifndef MMX_CHECK_H
#define MMX_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond, name) do {						\
	if (cond) {							\
		check_passed++;						\
		printf("ok - %s\n", name);				\
	} else {							\
		check_failed++;						\
		printf("not ok - %s (%s:%d: %s)\n", name, __FILE__,	\
		       __LINE__, #cond);				\
	}								\
} while (0)

#define CHECK_STR(got, want, name) do {					\
	const char *g_ = (got), *w_ = (want);				\
	int same_ = (g_ && w_) ? strcmp(g_, w_) == 0 : g_ == w_;	\
	CHECK(same_, name);						\
	if (!same_)							\
		printf("#   got '%s', want '%s'\n", g_ ? g_ : "(null)",	\
		       w_ ? w_ : "(null)");				\
} while (0)

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* got within tol of want; says both when not, for the failing CHECK */
static inline int near(double got, double want, double tol)
{
	int ok = got - want <= tol && want - got <= tol;

	if (!ok)
		printf("#   got %.12g, want %.12g\n", got, want);
	return ok;
}

static inline int check_summary(void)
{
	printf("%d passed, %d failed\n", check_passed, check_failed);
	return check_failed ? 1 : 0;
}

#endif
