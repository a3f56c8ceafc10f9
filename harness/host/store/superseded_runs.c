// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache_dir.h"
#include "file_read.h"
#include "log.h"
#include "superseded_runs.h"

#define MAX_SEEN 64

/* One (variant, old kernel) pair and how many of its records are moved. */
struct seen {
	char variant[128], old[13], now[13];
	long n;
};

static int cell_of(const struct cell_list *cells, const char *id)
{
	for (int i = 0; id && i < cells->n; i++)
		if (strcmp(cells->v[i].id, id) == 0)
			return i;
	return -1;
}

/* Is this store line a record of the profile made with a kernel its cell no longer has? */
static int superseded(const char *line, size_t len, const char *profile,
		      const struct cell_list *cells, const char *const *cell_kernel,
		      struct seen *seen, int *nseen)
{
	json_t *rec = json_loadb(line, len, 0, NULL), *mx;
	const char *have;
	int i, k, old = 0;

	if (!rec)
		return 0;	/* a torn or corrupt line stays where it is */
	mx = json_object_get(rec, "matrix");
	have = json_string_value(json_object_get(rec, "kernel_hash"));
	i = cell_of(cells, json_string_value(json_object_get(mx, "cell_id")));
	if (i >= 0 && have && cell_kernel[i] &&
	    strcmp(json_string_value(json_object_get(mx, "profile")) ?: "", profile) == 0 &&
	    strcmp(have, cell_kernel[i]) != 0) {
		old = 1;
		for (k = 0; k < *nseen; k++)
			if (!strcmp(seen[k].variant, cells->v[i].variant) &&
			    !strncmp(seen[k].old, have, 12))
				break;
		if (k == *nseen && k < MAX_SEEN) {
			snprintf(seen[k].variant, sizeof(seen[k].variant), "%s",
				 cells->v[i].variant);
			snprintf(seen[k].old, sizeof(seen[k].old), "%.12s", have);
			snprintf(seen[k].now, sizeof(seen[k].now), "%.12s", cell_kernel[i]);
			(*nseen)++;
		}
		if (k < MAX_SEEN)
			seen[k].n++;
	}
	json_decref(rec);
	return old;
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The kept lines to PATH.tmp, the moved ones appended to superseded.jsonl, then the rename. */
static int rewrite(const char *store_path, const char *buf, size_t len, const char *moved,
		   size_t moved_len, const char *aside)
{
	char tmp[4300];
	int fd, afd, rc = -1;

	pathf(tmp, sizeof(tmp), "%s.tmp", store_path);
	afd = open(aside, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (afd < 0 || write_all(afd, moved, moved_len) < 0 || fsync(afd) < 0) {
		fail_msg("cannot set superseded runs aside in %s: %s; the store %s is unchanged",
			 aside, strerror(errno), store_path);
		goto out;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd >= 0 && (write_all(fd, buf, len) < 0 || fsync(fd) < 0)) {
		close(fd);
		fd = -1;
	}
	if (fd < 0 || close(fd) < 0 || rename(tmp, store_path) < 0) {
		fail_msg("cannot rewrite %s without its superseded runs (%s): it is unchanged; "
			 "%s holds copies of them", store_path, strerror(errno), aside);
		unlink(tmp);
		goto out;
	}
	rc = 0;
out:
	if (afd >= 0)
		close(afd);
	return rc;
}

long store_set_aside_superseded(const char *store_path, const char *profile,
				const struct cell_list *cells, const char *const *cell_kernel,
				int dry)
{
	struct seen seen[MAX_SEEN];
	char aside[4300], *dir_end;
	char *buf, *kept, *moved;
	size_t len, kept_len = 0, moved_len = 0;
	long n = 0;
	int nseen = 0;

	buf = read_whole_file(store_path, &len);
	if (!buf)
		return 0;	/* no store yet */
	kept = malloc(len + 2);
	moved = malloc(len + 2);
	if (!kept || !moved) {
		free(buf);
		free(kept);
		free(moved);
		fail_msg("out of memory reading %s", store_path);
		return -1;
	}
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t line_len = nl ? (size_t)(nl - (buf + at)) + 1 : len - at;

		if (superseded(buf + at, line_len, profile, cells, cell_kernel, seen, &nseen)) {
			memcpy(moved + moved_len, buf + at, line_len);
			moved_len += line_len;
			if (!nl)
				moved[moved_len++] = '\n';
			n++;
		} else {
			memcpy(kept + kept_len, buf + at, line_len);
			kept_len += line_len;
		}
		at += line_len;
	}
	pathf(aside, sizeof(aside), "%s", store_path);
	dir_end = strrchr(aside, '/');
	pathf(dir_end ? dir_end + 1 : aside,
	      sizeof(aside) - (size_t)(dir_end ? dir_end + 1 - aside : 0), "superseded.jsonl");
	for (int k = 0; k < nseen; k++)
		say("%s: %ld run%s of %s %s made with kernel %s, not the %s it has now "
		    "(its patches or kconfig changed): %s, and their cells run again",
		    store_path, seen[k].n, seen[k].n == 1 ? "" : "s", seen[k].variant,
		    seen[k].n == 1 ? "was" : "were",
		    seen[k].old, seen[k].now, dry ? "to be moved to superseded.jsonl" :
		    "moved to superseded.jsonl beside it");
	/* under the caller's matrix lock no run of this store appends meanwhile */
	if (n && !dry && rewrite(store_path, kept, kept_len, moved, moved_len, aside) < 0)
		n = -1;
	free(buf);
	free(kept);
	free(moved);
	return n;
}
