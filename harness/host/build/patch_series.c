// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache_dir.h"
#include "patch_series.h"
#include "subprocess.h"

int series_read(const char *dir, struct series *s, char *err, size_t errlen)
{
	char path[4096], line[1024];
	FILE *f;

	memset(s, 0, sizeof(*s));
	snprintf(s->dir, sizeof(s->dir), "%s", dir);
	snprintf(path, sizeof(path), "%s/series", dir);
	f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "cannot read %s: %s (every variant needs a "
			 "series file, empty for none)", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *p = line + strspn(line, " \t");

		p[strcspn(p, "\r\n")] = '\0';
		if (!*p || *p == '#')
			continue;
		if (s->count == SERIES_MAX) {
			snprintf(err, errlen, "%s lists more than %d patches", path,
				 SERIES_MAX);
			fclose(f);
			return -1;
		}
		snprintf(s->patches[s->count], sizeof(s->patches[0]), "%s/%s", dir, p);
		if (access(s->patches[s->count], R_OK) < 0) {
			snprintf(err, errlen, "%s names %s, which cannot be read: %s",
				 path, p, strerror(errno));
			fclose(f);
			return -1;
		}
		s->count++;
	}
	fclose(f);
	return 0;
}

/* Replaces a hard link into the pristine tree by a private copy. */
static int unshare_file(const char *path)
{
	char tmp[4200];
	struct stat st;
	char buf[65536];
	int in, out;
	ssize_t n;

	if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) || st.st_nlink < 2)
		return 0;
	pathf(tmp, sizeof(tmp), "%s.mmx-unshare", path);
	in = open(path, O_RDONLY);
	out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, st.st_mode & 07777);
	if (in < 0 || out < 0)
		goto fail;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			goto fail;
	close(in);
	if (close(out) != 0)
		return -1;
	return rename(tmp, path);
fail:
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	unlink(tmp);
	return -1;
}

static int unshare_patched_files(const char *patch, const char *tree)
{
	char line[4096], path[8192];
	FILE *f = fopen(patch, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "--- a/", 6) != 0 && strncmp(line, "+++ b/", 6) != 0)
			continue;
		line[strcspn(line, "\t\r\n")] = '\0';
		snprintf(path, sizeof(path), "%s/%s", tree, line + 6);
		if (unshare_file(path) < 0) {
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	return 0;
}

void patch_failure_summary(const char *output, char *out, size_t cap)
{
	const char *line = output, *file = "?";
	char filebuf[512] = "?", first_error[512] = "";
	size_t off = 0;

	out[0] = '\0';
	while (line && *line) {
		const char *next = strchr(line, '\n');
		size_t len = next ? (size_t)(next - line) : strlen(line);
		char l[1024];
		int hunk, at;

		snprintf(l, sizeof(l), "%.*s", (int)(len < 1023 ? len : 1023), line);
		if (sscanf(l, "patching file %511s", filebuf) == 1 ||
		    sscanf(l, "checking file %511s", filebuf) == 1) {
			file = filebuf;
		} else if (sscanf(l, "Hunk #%d FAILED at %d", &hunk, &at) == 2) {
			if (off < cap)
				off += (size_t)snprintf(out + off, cap - off,
							"%s%s: hunk #%d FAILED at line %d",
							off ? "; " : "", file, hunk, at);
		} else if (!first_error[0] &&
			   (strstr(l, "can't find file") || strstr(l, "malformed") ||
			    strstr(l, "Only garbage") || strstr(l, "Reversed") ||
			    strstr(l, "No such file"))) {
			pathf(first_error, sizeof(first_error), "%s", l);
		}
		line = next ? next + 1 : NULL;
	}
	if (!out[0])
		snprintf(out, cap, "%s", first_error[0] ? first_error :
			 "patch failed (no hunk report; see the log)");
}

int series_apply(const struct series *s, const char *variant, const char *tree,
		 const char *log_path, char *err, size_t errlen)
{
	for (int i = 0; i < s->count; i++) {
		const char *patch = s->patches[i];
		char *argv[] = { "patch", "-p1", "--forward", "--batch",
				 "--no-backup-if-mismatch", "-d", (char *)tree,
				 "-i", (char *)patch, NULL };
		static char output[65536];
		char summary[2048];
		int rc;

		if (unshare_patched_files(patch, tree) < 0) {
			snprintf(err, errlen, "variant %s: cannot unshare the files %s "
				 "touches in %s", variant, patch, tree);
			return -1;
		}
		rc = run_capture(argv, output, sizeof(output));
		{
			FILE *log = fopen(log_path, "a");

			if (log) {
				fprintf(log, "== patch %s (exit %d)\n%s\n", patch, rc, output);
				fclose(log);
			}
		}
		if (rc != 0) {
			patch_failure_summary(output, summary, sizeof(summary));
			snprintf(err, errlen, "variant %s: patch %s does not apply: %s "
				 "(full output in %s)", variant, patch, summary, log_path);
			return -1;
		}
	}
	return 0;
}
