/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_ANSWERS_H
#define MMX_ANSWERS_H

#include <stddef.h>

#include "evidence.h"
#include "model.h"
#include "tally.h"

/*
 * Each question's answer, built once from the comparisons and their
 * families: what it is (a class), what it rests on (the deciding
 * comparison), what qualifies it (caveats as flags), its counts (tallies)
 * and the descriptive comparisons shown beside it.  No text: the decisions
 * page and the first screen both render this structure.
 */

/* Which workloads a part of a question is about. */
enum answer_scope { SCOPE_ANY, SCOPE_RECEIVE, SCOPE_BEYOND_RECEIVE };

/* Which reference a member is compared with. */
enum answer_against { AGAINST_ANY, AGAINST_BASELINE, AGAINST_REFERENCE };

/* Which comparisons of the question's families a group of lines keeps. */
struct member_pick {
	const char *const *variants;	/* NULL-terminated; NULL: every variant */
	enum answer_scope scope;
	enum answer_against against;
};

int member_picked(const struct member_pick *p, const struct comparison *c);

/* A set of a question's confirmatory lines: the members a pick keeps, tallied. */
struct answer_group {
	struct member_pick pick;
	struct tally t;
};

enum answer_class {
	ANSWER_NO_DATA,		/* no comparison of its families has data */
	ANSWER_GATE_FAILED,	/* the variant failed the gate: shown, decides nothing */
	ANSWER_NONE_TESTED,	/* no line with an outcome (untrusted, no p, one side only) */
	ANSWER_BETTER,		/* better somewhere, worse nowhere */
	ANSWER_WORSE,		/* worse somewhere, better nowhere */
	ANSWER_TRADE_OFF,	/* both */
	ANSWER_EQUIVALENT,	/* equivalent within the margin in every line tested */
	ANSWER_UNDECIDED,	/* none of the above */
	ANSWER_DIFFERS,		/* RFC 3: some settings better or worse than baseline */
	ANSWER_NET_BATCH,	/* RFC 2: only the network batch beats baseline on receive */
	ANSWER_GENERAL,		/* RFC 2: only the general cache does */
	ANSWER_BOTH,		/* RFC 2: both do */
	ANSWER_NO_FAMILY,	/* no confirmatory family answers it: descriptive counts */
	ANSWER_NO_RT_AXIS,	/* RFC 4: no run on a PREEMPT_RT kconfig axis */
};

enum answer_caveat {
	/* the surest gain is larger than baseline's charge share: not the charge path's */
	CAVEAT_GAIN_BEYOND_SHARE = 1 << 0,
	/* some lines decided, the inconclusive rest needs more runs */
	CAVEAT_INCONCLUSIVE_REST = 1 << 1,
	/* cost lines left out: their crosscheck failed */
	CAVEAT_UNTRUSTED = 1 << 2,
	/* priced for Zen 2 a verdict differs: the answer depends on the machine */
	CAVEAT_PRICE_SENSITIVE = 1 << 3,
};

/* One answer of a question (RFC 1 has one per part of its question). */
struct answer_part {
	enum answer_class cls;
	struct tally t;		/* the lines it counts */
	unsigned caveats;	/* enum answer_caveat bits */
	const struct comparison *gain;	/* CAVEAT_GAIN_BEYOND_SHARE: that gain */
	double gain_share;	/* and baseline's charge share beside it */
	struct runs_needed more;	/* what would decide its undecided lines */
	/* the comparison it rests on, NULL: none; undecided: the hardest line */
	const struct comparison *deciding;
	int deciding_undecided;
	double deciding_share;	/* beyond_charge_share() of deciding, NAN: none */
};

/* RFC 3: the eviction policies its families' variants name. */
enum answer_policies {
	POLICIES_NO_MEMBERS,	/* the families have no comparison */
	POLICIES_NONE_NAMED,
	POLICIES_ONE,		/* only policy was measured */
	POLICIES_SEVERAL,
};

#define ANSWER_MAX_FAMILIES 16
#define ANSWER_MAX_GROUPS 4
#define ANSWER_MAX_PARTS 2

struct answer {
	const char *question;	/* "rfc1": family_questions[] */
	const struct family *fams[ANSWER_MAX_FAMILIES];
	size_t nfams;
	struct answer_group groups[ANSWER_MAX_GROUPS];
	size_t ngroups;
	struct answer_part parts[ANSWER_MAX_PARTS];
	size_t nparts;
	struct evidence_list descriptive;
	struct tally descriptive_t;	/* its verdicts, and those not measured here */
	/* RFC 3 */
	enum answer_policies policies;
	const char *policy;	/* POLICIES_ONE */
	int dynamic_measured;	/* a dynamic-size variant is among its members */
};

/* The groups of each question's page, by index (see answers.c). */
enum { RFC1_MULTI, RFC1_NONE };
enum { RFC2_NET, RFC2_GENERAL, RFC2_DEVIATION, RFC2_BEYOND };
enum { RFC3_BASELINE, RFC3_REFERENCE };

/* One answer per family_questions[] entry, in r->answers; -1: no memory. */
int answers_build(struct report *r);
void answers_free(struct report *r);
/* The answer of a question ("rfc2"), or NULL. */
const struct answer *answer_of(const struct report *r, const char *question);

#endif
