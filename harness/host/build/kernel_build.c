// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cache_dir.h"
#include "file_read.h"
#include "hashing.h"
#include "kconfig_check.h"
#include "kernel_build.h"
#include "log.h"
#include "subprocess.h"
#include "variant_chain.h"

#define KEY_DIR_CHARS 16

void kernel_artifact(const struct kernel_spec *ks, const char *name, char *buf,
		     size_t cap)
{
	pathf(buf, cap, "%s/%s", ks->dir, name);
}

static int add_fragment(const struct matrix *m, struct kernel_spec *ks,
			const char *rel, const char *where)
{
	if (ks->nfrags == KCONFIG_FRAGMENTS_MAX) {
		fail_msg("%s: more than %d kconfig fragments", where,
			 KCONFIG_FRAGMENTS_MAX);
		return -1;
	}
	matrix_repo_path(m, rel, ks->frags[ks->nfrags], sizeof(ks->frags[0]));
	snprintf(ks->frag_names[ks->nfrags], sizeof(ks->frag_names[0]), "%s", rel);
	if (access(ks->frags[ks->nfrags], R_OK) < 0) {
		fail_msg("%s: kconfig fragment %s cannot be read: %s", where, rel,
			 strerror(errno));
		return -1;
	}
	ks->nfrags++;
	return 0;
}

int kernel_spec_resolve(const struct matrix *m, const struct source_tree *st,
			const char *variant, const char *axis,
			struct kernel_spec *ks)
{
	json_t *v = matrix_variant(m, variant), *frags, *f;
	const char *series_rel, *chain[MATRIX_BASE_DEPTH];
	char series_dir[4096], err[4096], where[256];
	int depth;
	struct hasher *h;
	size_t i;

	memset(ks, 0, sizeof(*ks));
	snprintf(ks->variant, sizeof(ks->variant), "%s", variant);
	snprintf(ks->axis, sizeof(ks->axis), "%s", axis);
	if (!v) {
		fail_msg("unknown variant '%s' ($.variants in %s)", variant, m->path);
		matrix_list_names(m, "variants", variant);
		return -1;
	}
	if (variant_chain(m, variant, chain, &depth) < 0)
		return -1;
	/* a stacked variant's patches come after its base's, in chain order */
	for (int c = 0; c < depth; c++) {
		json_t *cv = matrix_variant(m, chain[c]);
		struct series part;

		series_rel = json_string_value(json_object_get(cv, "series"));
		if (!series_rel)
			continue;
		matrix_repo_path(m, series_rel, series_dir, sizeof(series_dir));
		if (series_read(series_dir, &part, err, sizeof(err)) < 0) {
			fail_msg("variant %s: %s", chain[c], err);
			return -1;
		}
		if (ks->series.count + part.count > SERIES_MAX) {
			fail_msg("variant %s: more than %d patches with its bases", variant,
				 SERIES_MAX);
			return -1;
		}
		memcpy(ks->series.patches[ks->series.count], part.patches,
		       sizeof(part.patches[0]) * (size_t)part.count);
		ks->series.count += part.count;
		snprintf(ks->series.dir, sizeof(ks->series.dir), "%s", part.dir);
	}
	frags = matrix_kconfig_axis(m, axis);
	if (!json_is_array(frags)) {
		fail_msg("%s: $.kconfig.axes.%s: no such kconfig axis (expected an "
			 "array of fragment paths)", m->path, axis);
		return -1;
	}
	snprintf(where, sizeof(where), "$.kconfig.axes.%s", axis);
	json_array_foreach(frags, i, f)
		if (!json_is_string(f) ||
		    add_fragment(m, ks, json_string_value(f), where) < 0)
			return -1;
	for (int c = 0; c < depth; c++) {
		snprintf(where, sizeof(where), "$.variants.%s.kconfig", chain[c]);
		json_array_foreach(json_object_get(matrix_variant(m, chain[c]), "kconfig"), i, f)
			if (!json_is_string(f) ||
			    add_fragment(m, ks, json_string_value(f), where) < 0)
				return -1;
	}

	h = hasher_new();
	hasher_add_str(h, "mmx-kernel-v1");
	hasher_add_str(h, st->version);
	hasher_add_str(h, matrix_kconfig_base_target(m));
	for (int k = 0; k < ks->nfrags; k++) {
		hasher_add_str(h, ks->frag_names[k]);
		hasher_add_file(h, ks->frags[k]);
	}
	for (int k = 0; k < ks->series.count; k++) {
		char tmp[4096];

		snprintf(tmp, sizeof(tmp), "%s", ks->series.patches[k]);
		hasher_add_str(h, basename(tmp));
		hasher_add_file(h, ks->series.patches[k]);
	}
	hasher_finish(h, ks->key);
	{
		char rel[64];

		snprintf(rel, sizeof(rel), "kernels/%.*s", KEY_DIR_CHARS, ks->key);
		cache_path(rel, ks->dir, sizeof(ks->dir));
	}
	return 0;
}

static void set_build_env(void)
{
	char ccache[4096];

	cache_path("ccache", ccache, sizeof(ccache));
	setenv("CCACHE_DIR", ccache, 0);
	/* rewrite absolute paths so every kernel directory shares hits */
	setenv("CCACHE_BASEDIR", cache_dir(), 0);
	setenv("CCACHE_MAXSIZE", "8G", 0);
	setenv("CCACHE_SLOPPINESS", "time_macros,include_file_mtime,include_file_ctime", 0);
	/* reproducible version strings keep init/version.o cacheable */
	setenv("KBUILD_BUILD_TIMESTAMP", "1970-01-01", 0);
	setenv("KBUILD_BUILD_USER", "mmx", 0);
	setenv("KBUILD_BUILD_HOST", "memcg-matrix", 0);
}

static int tool_missing(const char *tool)
{
	char *argv[] = { "sh", "-c", "command -v \"$0\" >/dev/null", (char *)tool, NULL };

	return run_logged(argv, NULL) != 0;
}

static int check_tools(void)
{
	static const char *const tools[] = { "gcc", "make", "flex", "bison", "bc",
					     "patch", "ccache", "perl", "cp", "tar" };

	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		if (tool_missing(tools[i])) {
			fail_msg("'%s' is needed to build kernels and is missing; run "
				 "'make deps' as root (it installs the Debian packages "
				 "listed in the README)", tools[i]);
			return -1;
		}
	}
	return 0;
}

static void show_log_tail(const char *log)
{
	char *argv[] = { "tail", "-n", "25", (char *)log, NULL };

	fprintf(stderr, "---- last lines of %s ----\n", log);
	run_logged(argv, NULL);
	fprintf(stderr, "----\n");
}

static int step_prepare_tree(const struct source_tree *st,
			     const struct kernel_spec *ks, const char *log)
{
	char src[4096], tmp[4096], marker[4200], err[4096];

	kernel_artifact(ks, "src", src, sizeof(src));
	snprintf(marker, sizeof(marker), "%s/.mmx-applied", src);
	if (access(marker, F_OK) == 0)
		return 0;
	pathf(tmp, sizeof(tmp), "%s.tmp", src);
	{
		char *rm[] = { "rm", "-rf", tmp, src, NULL };

		run_logged(rm, NULL);
	}
	say("%s: hard-link copy of %s", ks->variant, st->path);
	{
		char *cp[] = { "cp", "-al", (char *)st->path, tmp, NULL };

		if (run_logged(cp, log) != 0) {
			fail_msg("variant %s: copying the tree to %s failed (disk full?); "
				 "see %s", ks->variant, tmp, log);
			return -1;
		}
	}
	if (ks->series.count)
		say("%s: applying %d patch(es) from %s", ks->variant,
		    ks->series.count, ks->series.dir);
	if (series_apply(&ks->series, ks->variant, tmp, log, err, sizeof(err)) < 0) {
		fail_msg("%s", err);
		return -1;
	}
	if (rename(tmp, src) < 0) {
		fail_msg("rename %s: %s", tmp, strerror(errno));
		return -1;
	}
	{
		FILE *f = fopen(marker, "w");

		if (!f || fclose(f) != 0) {
			fail_msg("cannot write %s: %s", marker, strerror(errno));
			return -1;
		}
	}
	return 0;
}

/* The text of fragments from..nfrags-1, joined: the settings that override earlier ones. */
static char *later_fragments(const struct kernel_spec *ks, int from)
{
	char *all = strdup("");

	for (int k = from; all && k < ks->nfrags; k++) {
		char *frag = read_whole_file(ks->frags[k], NULL), *joined = NULL;

		if (!frag)
			continue;	/* resolving the spec has already named it */
		if (asprintf(&joined, "%s%s\n", all, frag) < 0)
			joined = NULL;
		free(frag);
		free(all);
		all = joined;
	}
	return all;
}

static int step_configure(const struct matrix *m, const struct kernel_spec *ks,
			  const char *log)
{
	char src[4096], build[4096], odir[4200], config[4200], merge[4200];
	char marker[4200], problems[8192] = "";
	char *config_text;
	int bad = 0;

	kernel_artifact(ks, "src", src, sizeof(src));
	kernel_artifact(ks, "build", build, sizeof(build));
	snprintf(marker, sizeof(marker), "%s/.mmx-configured", build);
	if (access(marker, F_OK) == 0)
		return 0;
	make_dirs(build);
	snprintf(odir, sizeof(odir), "O=%s", build);
	snprintf(config, sizeof(config), "%s/.config", build);
	snprintf(merge, sizeof(merge), "%s/scripts/kconfig/merge_config.sh", src);
	say("%s: configuring (%s + %d fragment(s))", ks->variant,
	    matrix_kconfig_base_target(m), ks->nfrags);
	{
		char *argv[] = { "make", "-C", src, odir,
				 (char *)matrix_kconfig_base_target(m), NULL };

		if (run_logged(argv, log) != 0)
			goto failed;
	}
	{
		char *argv[KCONFIG_FRAGMENTS_MAX + 8] = { merge, "-m", "-O", build,
							  config };
		int n = 5;

		for (int k = 0; k < ks->nfrags; k++)
			argv[n++] = (char *)ks->frags[k];
		argv[n] = NULL;
		if (run_logged(argv, log) != 0)
			goto failed;
	}
	{
		char *argv[] = { "make", "-C", src, odir, "olddefconfig", NULL };

		if (run_logged(argv, log) != 0)
			goto failed;
	}
	config_text = read_whole_file(config, NULL);
	if (!config_text)
		goto failed;
	for (int k = 0; k < ks->nfrags; k++) {
		char *frag = read_whole_file(ks->frags[k], NULL);
		char *later = later_fragments(ks, k + 1);

		if (frag)
			bad += kconfig_check(ks->frag_names[k], frag, later, config_text,
					     problems, sizeof(problems));
		free(later);
		free(frag);
	}
	free(config_text);
	if (bad) {
		fail_msg("variant %s: %d kconfig option(s) asked for are not in the "
			 "final %s (an unmet dependency; add it to the fragment):\n%s",
			 ks->variant, bad, config, problems);
		return -1;
	}
	{
		FILE *f = fopen(marker, "w");

		if (!f || fclose(f) != 0)
			return -1;
	}
	return 0;
failed:
	fail_msg("variant %s: configuring the kernel failed; see %s", ks->variant, log);
	show_log_tail(log);
	return -1;
}

/* Objects compiled since byte offset `from` of the (appended) build log. */
static long count_compiled(const char *log, long from)
{
	FILE *f = fopen(log, "r");
	char line[512];
	long n = 0;

	if (!f)
		return 0;
	fseek(f, from, SEEK_SET);
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, "  CC ", 5) == 0 || strncmp(line, "  AS ", 5) == 0)
			n++;
	fclose(f);
	return n;
}

static int step_make(const struct kernel_spec *ks, const char *log)
{
	char src[4096], build[4096], odir[4200], jobs[32];
	const char *j = getenv("MMX_JOBS");
	time_t t0 = time(NULL);
	struct stat lst;
	long log_start = stat(log, &lst) == 0 ? (long)lst.st_size : 0;
	pid_t pid;
	int st;

	kernel_artifact(ks, "src", src, sizeof(src));
	kernel_artifact(ks, "build", build, sizeof(build));
	snprintf(odir, sizeof(odir), "O=%s", build);
	snprintf(jobs, sizeof(jobs), "-j%ld", j ? atol(j) : sysconf(_SC_NPROCESSORS_ONLN));
	{
		char *argv[] = { "make", "-C", src, odir, jobs, "CC=ccache gcc",
				 "bzImage", NULL };

		say("%s: building kernel %.*s (log: %s)", ks->variant, KEY_DIR_CHARS,
		    ks->key, log);
		pid = spawn_logged(argv, log);
	}
	if (pid < 0) {
		fail_msg("cannot start make: %s", strerror(errno));
		return -1;
	}
	for (;;) {
		pid_t r = waitpid(pid, &st, WNOHANG);

		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return -1;
		progress("%s: compiling, %ld files done, %lds elapsed", ks->variant,
			 count_compiled(log, log_start), (long)(time(NULL) - t0));
		sleep(2);
	}
	progress_done();
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fail_msg("variant %s: kernel build failed (make exit %d); build log: %s",
			 ks->variant, WIFEXITED(st) ? WEXITSTATUS(st) : -1, log);
		show_log_tail(log);
		return -1;
	}
	say("%s: kernel built in %lds", ks->variant, (long)(time(NULL) - t0));
	return 0;
}

static int copy_file(const char *from, const char *to)
{
	char *argv[] = { "cp", "-f", (char *)from, (char *)to, NULL };

	return run_logged(argv, NULL);
}

static int step_collect(const struct source_tree *st, const struct kernel_spec *ks,
			double build_s, json_t **meta)
{
	char build[4096], from[4200], to[4200], rel_path[4200], hex[65];
	char release[256] = "";
	json_t *j = json_object(), *arr;
	FILE *f;

	kernel_artifact(ks, "build", build, sizeof(build));
	snprintf(from, sizeof(from), "%s/arch/x86/boot/bzImage", build);
	kernel_artifact(ks, "bzImage", to, sizeof(to));
	if (copy_file(from, to) != 0)
		return -1;
	snprintf(from, sizeof(from), "%s/System.map", build);
	kernel_artifact(ks, "System.map", to, sizeof(to));
	if (copy_file(from, to) != 0)
		return -1;
	snprintf(from, sizeof(from), "%s/.config", build);
	kernel_artifact(ks, "config", to, sizeof(to));
	if (copy_file(from, to) != 0)
		return -1;
	kernel_artifact(ks, "series", to, sizeof(to));
	make_dirs(to);
	snprintf(from, sizeof(from), "%s/include/config/kernel.release", build);
	f = fopen(from, "r");
	if (f) {
		if (fgets(release, sizeof(release), f))
			release[strcspn(release, "\n")] = '\0';
		fclose(f);
	}
	json_object_set_new(j, "key", json_string(ks->key));
	json_object_set_new(j, "built_for_variant", json_string(ks->variant));
	json_object_set_new(j, "kconfig_axis", json_string(ks->axis));
	json_object_set_new(j, "source_version", json_string(st->version));
	json_object_set_new(j, "kernel_release", json_string(release));
	arr = json_array();
	for (int k = 0; k < ks->series.count; k++) {
		char tmp[4096];
		json_t *p = json_object();

		snprintf(tmp, sizeof(tmp), "%s", ks->series.patches[k]);
		sha256_file(ks->series.patches[k], hex);
		json_object_set_new(p, "patch", json_string(basename(tmp)));
		json_object_set_new(p, "sha256", json_string(hex));
		json_array_append_new(arr, p);
		snprintf(rel_path, sizeof(rel_path), "%s/series", ks->dir);
		copy_file(ks->series.patches[k], rel_path);
	}
	json_object_set_new(j, "series", arr);
	arr = json_array();
	for (int k = 0; k < ks->nfrags; k++) {
		json_t *p = json_object();

		sha256_file(ks->frags[k], hex);
		json_object_set_new(p, "fragment", json_string(ks->frag_names[k]));
		json_object_set_new(p, "sha256", json_string(hex));
		json_array_append_new(arr, p);
	}
	json_object_set_new(j, "fragments", arr);
	kernel_artifact(ks, "config", to, sizeof(to));
	sha256_file(to, hex);
	json_object_set_new(j, "config_sha256", json_string(hex));
	json_object_set_new(j, "built_at", json_integer((json_int_t)time(NULL)));
	json_object_set_new(j, "build_seconds", json_real(build_s));
	kernel_artifact(ks, "kernel.json.tmp", from, sizeof(from));
	kernel_artifact(ks, "kernel.json", to, sizeof(to));
	/* kernel.json appears last and atomically: it marks a complete kernel */
	if (json_dump_file(j, from, JSON_INDENT(2) | JSON_SORT_KEYS) < 0 ||
	    rename(from, to) < 0) {
		fail_msg("cannot write %s (disk full?)", to);
		json_decref(j);
		return -1;
	}
	*meta = j;
	return 0;
}

int kernel_ensure_built(const struct matrix *m, const struct source_tree *st,
			const struct kernel_spec *ks, json_t **meta)
{
	char done[4200], log[4200], lock[4200];
	json_error_t jerr;
	time_t t0;
	int fd, rc = -1;

	(void)m;
	kernel_artifact(ks, "kernel.json", done, sizeof(done));
	*meta = json_load_file(done, 0, &jerr);
	if (*meta)
		return 0;
	if (check_tools() < 0)
		return -1;
	make_dirs(ks->dir);
	snprintf(lock, sizeof(lock), "%s.lock", ks->dir);
	fd = lock_file_wait(lock, "building this kernel");
	if (fd < 0)
		return -1;
	/* another process may have finished it while we waited */
	*meta = json_load_file(done, 0, &jerr);
	if (*meta) {
		unlock_file(fd);
		return 0;
	}
	set_build_env();
	kernel_artifact(ks, "build.log", log, sizeof(log));
	t0 = time(NULL);
	if (step_prepare_tree(st, ks, log) == 0 &&
	    step_configure(m, ks, log) == 0 &&
	    step_make(ks, log) == 0 &&
	    step_collect(st, ks, (double)(time(NULL) - t0), meta) == 0)
		rc = 0;
	unlock_file(fd);
	return rc;
}
