// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "log.h"
#include "option_int.h"

int option_int(const char *opt, const char *text, long long min, long long max,
	       long long *out)
{
	char *end;

	errno = 0;
	*out = strtoll(text, &end, 10);
	if (!errno && !*end && end != text && *out >= min && *out <= max)
		return 0;
	if (max == LLONG_MAX)
		fail_msg("%s %s: expected an integer >= %lld", opt, text, min);
	else
		fail_msg("%s %s: expected an integer from %lld to %lld", opt, text, min, max);
	return -1;
}
