// SPDX-License-Identifier: GPL-2.0
/*
 * mmx slurm --profile NAME --shards N [--dry-run] [--results DIR] [--seed S]
 *           [-j J] [--retries R] [SBATCH_OPTION...]
 *
 * Runs a profile on a Slurm cluster: writes two batch scripts beside the
 * profile's results, a kernels job (mmx kernels --profile NAME) and a job
 * array whose task I runs mmx matrix --shard I/N into DIR/shard-I, and
 * submits them with sbatch, the array depending on the kernels job
 * (afterok).  Every shard gets the same seed, kept in DIR/cluster.json, so
 * the same command later resumes: shards whose store is complete are not
 * submitted again, the others continue where they stopped.  --dry-run
 * prints the scripts and submits nothing.  Other options (one word each,
 * --partition=P, --time=2:00:00) go into both scripts as #SBATCH lines.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cache_dir.h"
#include "commands.h"
#include "log.h"
#include "matrix_shard.h"
#include "option_int.h"
#include "sharded_results.h"
#include "slurm_script.h"
#include "subprocess.h"

struct slurm_options {
	const char *profile, *results;
	int shards, dry_run, jobs, retries;
	long long seed;
	char **sbatch_opts;
	int nopts;
};

static int usage(void)
{
	fprintf(stderr, "usage: mmx slurm --profile NAME --shards N [--dry-run] "
		"[--results DIR] [--seed S] [-j J] [--retries R] [SBATCH_OPTION...]\n"
		"  SBATCH_OPTION: one word each, e.g. --partition=batch --time=2:00:00\n");
	return 2;
}

/* Options mmx sets itself: a user's copy would break the jobs' wiring. */
static int reserved_sbatch_option(const char *a)
{
	static const char *const own[] = { "--array", "-a", "--output", "-o",
					   "--job-name", "-J", "--dependency", "-d",
					   "--parsable", "--wrap" };

	for (size_t i = 0; i < sizeof(own) / sizeof(*own); i++) {
		size_t n = strlen(own[i]);

		if (!strncmp(a, own[i], n) && (a[n] == '\0' || a[n] == '='))
			return 1;
	}
	return 0;
}

static int parse_options(int argc, char **argv, struct slurm_options *o)
{
	long long v;

	memset(o, 0, sizeof(*o));
	o->profile = "quick";
	o->jobs = 1;
	o->retries = 2;
	o->seed = -1;
	o->sbatch_opts = calloc((size_t)argc + 1, sizeof(char *));
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		int ours = !strcmp(a, "--profile") || !strcmp(a, "--shards") ||
			   !strcmp(a, "--results") || !strcmp(a, "--seed") ||
			   !strcmp(a, "-j") || !strcmp(a, "--retries");

		if (!strcmp(a, "--dry-run")) {
			o->dry_run = 1;
		} else if (ours && !val) {
			fail_msg("%s needs a value", a);
			return -1;
		} else if (!strcmp(a, "--profile")) {
			o->profile = argv[++i];
		} else if (!strcmp(a, "--results")) {
			o->results = argv[++i];
		} else if (ours) {
			if (option_int(a, val, !strcmp(a, "--seed") || !strcmp(a, "--retries") ? 0 : 1,
				   !strcmp(a, "--shards") ? MAX_SHARDS :
				   !strcmp(a, "-j") ? 8 : (1LL << 62), &v) < 0)
				return -1;
			i++;
			if (!strcmp(a, "--shards"))
				o->shards = (int)v;
			else if (!strcmp(a, "--seed"))
				o->seed = v;
			else if (!strcmp(a, "-j"))
				o->jobs = (int)v;
			else
				o->retries = (int)v;
		} else if (a[0] != '-') {
			fail_msg("'%s': not an option; sbatch options are passed as one word "
				 "each (--partition=NAME, not --partition NAME)", a);
			return -1;
		} else if (reserved_sbatch_option(a)) {
			fail_msg("%s: mmx slurm sets the jobs' array, output, name and "
				 "dependency itself; drop it", a);
			return -1;
		} else {
			o->sbatch_opts[o->nopts++] = argv[i];
		}
	}
	if (!o->shards) {
		fail_msg("--shards N is required: the number of array tasks the profile "
			 "is split into");
		return -1;
	}
	return 0;
}

static int write_script(const char *path, const struct slurm_job *j,
			void (*writer)(FILE *, const struct slurm_job *))
{
	FILE *f = fopen(path, "w");

	if (!f) {
		fail_msg("cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	writer(f, j);
	if (fclose(f) != 0) {
		fail_msg("cannot write %s (disk full?)", path);
		return -1;
	}
	return 0;
}

/* sbatch --parsable [--dependency=afterok:ID] SCRIPT; the job id in id. */
static int submit(const char *script, const char *after, char *id, size_t cap)
{
	char dep[128], out[4096], *last;
	char *argv[] = { "sbatch", "--parsable", dep, (char *)script, NULL };

	if (after)
		snprintf(dep, sizeof(dep), "--dependency=afterok:%s", after);
	else
		argv[2] = (char *)script, argv[3] = NULL;
	if (run_capture(argv, out, sizeof(out)) != 0) {
		fail_msg("sbatch %s failed: %s (is this a Slurm submit host? sbatch must "
			 "be on PATH and reach slurmctld)", script, out[0] ? out : "no output");
		return -1;
	}
	/* --parsable prints "ID" or "ID;CLUSTER", after any warnings */
	last = strrchr(out, '\n');
	last = last ? last + 1 : out;
	snprintf(id, cap, "%.*s", (int)strcspn(last, ";"), last);
	if (!id[0] || strspn(id, "0123456789") != strlen(id)) {
		fail_msg("sbatch %s: expected a job id, got '%s'", script, out);
		return -1;
	}
	return 0;
}

int cmd_slurm(const struct matrix *m, int argc, char **argv)
{
	struct slurm_options o;
	struct slurm_job j = { 0 };
	char dir[4200], logs[4300], kscript[4400], sscript[4400], mmx[4096], cwd[4096];
	char array[8192], kid[64], aid[64];
	unsigned long long seed;
	int left;
	ssize_t n;

	if (parse_options(argc, argv, &o) < 0)
		return usage();
	if (matrix_profile_repetitions(m, o.profile) < 1)
		return 2;
	if (o.results)
		pathf(dir, sizeof(dir), "%s", o.results);
	else
		pathf(dir, sizeof(dir), "%s/results/matrix/%s", m->repo_root, o.profile);
	/* the jobs run elsewhere: every path they get must be absolute */
	if (dir[0] != '/') {
		char rel[4200];

		if (!getcwd(cwd, sizeof(cwd)))
			return 1;
		snprintf(rel, sizeof(rel), "%s", dir);
		pathf(dir, sizeof(dir), "%s/%s", cwd, rel);
	}
	n = readlink("/proc/self/exe", mmx, sizeof(mmx) - 1);
	if (n <= 0 || !getcwd(cwd, sizeof(cwd))) {
		fail_msg("cannot tell where mmx or the current directory is");
		return 1;
	}
	mmx[n] = '\0';
	if (sharded_results_state(dir, o.profile, o.shards, o.seed, !o.dry_run, &seed) < 0 ||
	    sharded_results_left(m, o.profile, o.shards, dir, seed, array, sizeof(array),
				 &left) < 0)
		return 1;
	pathf(logs, sizeof(logs), "%s/slurm", dir);
	pathf(kscript, sizeof(kscript), "%s/kernels.sbatch", logs);
	pathf(sscript, sizeof(sscript), "%s/shards.sbatch", logs);
	j = (struct slurm_job){ .mmx = mmx, .workdir = cwd, .matrix = m->path,
				.profile = o.profile, .results = dir, .log_dir = logs,
				.shards = o.shards, .jobs = o.jobs, .retries = o.retries,
				.seed = seed, .array = array, .sbatch_opts = o.sbatch_opts,
				.nopts = o.nopts };
	if (!left) {
		say("matrix %s: every one of the %d shards is complete; nothing to submit "
		    "(mmx report %s merges them)", o.profile, o.shards, dir);
		return 0;
	}
	if (o.dry_run) {
		printf("# %s\n", kscript);
		slurm_write_kernels_script(stdout, &j);
		printf("\n# %s\n", sscript);
		slurm_write_shards_script(stdout, &j);
		printf("\n# submitted (not now: --dry-run) as\n"
		       "#   sbatch --parsable %s\n"
		       "#   sbatch --parsable --dependency=afterok:KERNELS_JOB %s\n",
		       kscript, sscript);
		return 0;
	}
	make_dirs(logs);
	if (write_script(kscript, &j, slurm_write_kernels_script) < 0 ||
	    write_script(sscript, &j, slurm_write_shards_script) < 0 ||
	    submit(kscript, NULL, kid, sizeof(kid)) < 0)
		return 1;
	printf("kernels job %s\n", kid);
	if (submit(sscript, kid, aid, sizeof(aid)) < 0) {
		fail_msg("the kernels job %s was submitted, the shards were not: scancel %s, "
			 "then run the same command again", kid, kid);
		return 1;
	}
	printf("shards job %s (array %s of %d, after %s)\n", aid, array, o.shards, kid);
	say("matrix %s: %d shard(s) submitted; output in %s; when done: mmx report %s",
	    o.profile, left, logs, dir);
	free(o.sbatch_opts);
	return 0;
}
