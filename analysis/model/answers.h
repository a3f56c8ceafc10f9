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

struct upstream_calibration;

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
	/*
	 * the runs would decide (measured holds what they say), but they do not
	 * reproduce the regime the question is about (regime says why)
	 */
	ANSWER_NOT_HERE,
};

/* Why the runs do not reproduce the regime a network answer is about. */
enum answer_regime {
	/*
	 * the change it would rest on, a gain or a loss, is larger than
	 * baseline's charge share there: other receive work, not the charge path
	 */
	REGIME_BEYOND_SHARE = 1 << 0,
	/* the calibration's gain does not grow with clients as upstream's does */
	REGIME_SHAPE = 1 << 1,
};

enum answer_caveat {
	/* some lines decided, the inconclusive rest needs more runs */
	CAVEAT_INCONCLUSIVE_REST = 1 << 0,
	/* cost lines left out: their crosscheck failed */
	CAVEAT_UNTRUSTED = 1 << 1,
	/* priced for Zen 2 a verdict differs: the answer depends on the machine */
	CAVEAT_PRICE_SENSITIVE = 1 << 2,
	/* another question answers the same design differently: other names it */
	CAVEAT_OTHER_VERDICT = 1 << 3,
};

/* The calibration's shape where REGIME_SHAPE: its gain's steps against upstream's. */
struct regime_shape {
	size_t rises, steps, upstream_rises, upstream_steps;
};

/* One answer of a question (RFC 1 has one per part of its question). */
struct answer_part {
	enum answer_class cls;
	struct tally t;		/* the lines it counts */
	unsigned caveats;	/* enum answer_caveat bits */
	/* ANSWER_NOT_HERE: what the runs alone say, and why it does not count */
	enum answer_class measured;
	unsigned regime;	/* enum answer_regime bits */
	const struct comparison *beyond;	/* REGIME_BEYOND_SHARE: that change */
	double beyond_share;	/* and the charge share that bounds it */
	const struct cell *beyond_whose;	/* whose share: baseline's or the variant's */
	struct regime_shape shape;	/* REGIME_SHAPE */
	/* CAVEAT_OTHER_VERDICT: the question and part that answers it otherwise */
	const char *other_question;
	size_t other_part;
	struct runs_needed more;	/* what would decide its undecided lines */
	/* the comparison it rests on, NULL: none; undecided: the hardest line */
	const struct comparison *deciding;
	int deciding_undecided;
	double deciding_share;	/* beyond_charge_share() of deciding, NAN: none */
	const struct cell *deciding_whose;
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
	/* while answers_build runs: the store's calibrations against upstream */
	const struct upstream_calibration *cal;
	size_t ncal;
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
