/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_ANSWER_TEXT_H
#define MMX_ANSWER_TEXT_H

#include <stdio.h>

#include "answers.h"

/*
 * What the bold label of an answer says in parentheses: "confirmatory,
 * multi-memcg designs", "confirmatory"; NULL for an answer no family gives.
 */
const char *answer_scope(const struct answer *a, size_t part, char *buf, size_t cap);
/* The answer's sentence, after its label, on one line (no newline). */
void answer_sentence(FILE *f, const struct report *r, const struct answer *a, size_t part);
/*
 * "`multi-slot` vs baseline, sendfile-clients at tenants=1, ...: -14.0%
 * [-20.8%, -4.5%] (96.8%) (Hodges-Lehmann), **better** (Holm 0.024 ...),
 * n = 5 vs 5": the comparison p rests on (p->deciding set), on one line.
 */
void deciding_sentence(FILE *f, const struct report *r, const struct answer_part *p);
/* "about 62 runs per cell (now 5) would decide it ...", or "" (RUNS_NONE). */
const char *runs_needed_text(char *buf, size_t cap, const struct runs_needed *rn);

#endif
