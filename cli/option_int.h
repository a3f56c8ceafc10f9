/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_OPTION_INT_H
#define MMX_OPTION_INT_H

/*
 * The integer value of a command-line option: 0, or -1 with an error
 * naming the option and the range (max LLONG_MAX: no upper bound).
 */
int option_int(const char *opt, const char *text, long long min, long long max,
	       long long *out);

#endif
