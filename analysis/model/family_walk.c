// SPDX-License-Identifier: GPL-2.0
/*
 * The comparisons of a set of families, in one order: family by family as
 * given, each family's comparisons as the report holds them.  The answers,
 * the forest chart, the reference clauses and the families' power all walk
 * them with this.
 */
#include "model.h"

void family_walk_start(struct family_walk *w, const struct report *r,
		       const struct family *const *fams, size_t nf)
{
	*w = (struct family_walk){ .r = r, .fams = fams, .nf = fams ? nf : r->nfamilies };
}

static int walk_family(const struct family_walk *w, size_t k)
{
	return w->fams ? (int)(w->fams[k] - w->r->families) : (int)k;
}

const struct comparison *family_walk_next(struct family_walk *w)
{
	for (; w->k < w->nf; w->k++, w->i = 0) {
		int index = walk_family(w, w->k);

		while (w->i < w->r->ncmp) {
			const struct comparison *c = &w->r->cmp[w->i++];

			if (c->family == index)
				return c;
		}
	}
	return NULL;
}

int family_walk_holds(const struct family_walk *w, const struct comparison *c)
{
	for (size_t k = 0; k < w->nf; k++)
		if (c->family == walk_family(w, k))
			return 1;
	return 0;
}
