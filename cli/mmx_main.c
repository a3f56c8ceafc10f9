// SPDX-License-Identifier: GPL-2.0
/* mmx: the memcg-matrix host tool. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_help.h"
#include "commands.h"
#include "log.h"
#include "matrix_file.h"
#include "matrix_validate.h"

static int usage(FILE *f)
{
	fprintf(f,
		"usage: mmx COMMAND [ARGS]\n"
		"  kernels [VARIANT...] [kconfig=AXIS] [--profile NAME]\n"
		"                                        build kernels (all variants by default)\n"
		"  run VARIANT WORKLOAD [key=value...] [--out FILE]\n"
		"                                        boot once, print and store the result\n"
		"  check VARIANT [kconfig=base,debug] [items=...]\n"
		"                                        the correctness gate\n"
		"  report [RESULTS_DIR|STORE...] [--gate DIR] [--out DIR]\n"
		"                                        statistics, charts and REPORT.md\n"
		"  matrix [--profile NAME] [--dry-run] [-j N] [--results DIR] [--seed N]\n"
		"         [--retries N] [--shard I/N]    run a profile (default quick), resumable\n"
		"  slurm --profile NAME --shards N [--dry-run] [SBATCH_OPTION...]\n"
		"                                        the matrix as a Slurm job array\n"
		"environment: MMX_MATRIX (matrix.json path), MMX_CACHE (cache dir),\n"
		"             MMX_JOBS (make -j), MMX_SOURCE_VERSION (override the pin)\n");
	return f == stderr ? 2 : 0;
}

int main(int argc, char **argv)
{
	const char *path = getenv("MMX_MATRIX");
	struct matrix m;
	int rc;

	if (argc < 2)
		return usage(stderr);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    (!strcmp(argv[1], "help") && argc == 2))
		return usage(stdout);
	/* mmx help CMD and mmx CMD --help: before matrix.json, which help needs not */
	if (!strcmp(argv[1], "help") || command_asks_help(argc - 2, argv + 2)) {
		const char *name = strcmp(argv[1], "help") ? argv[1] : argv[2];

		if (!command_known(name)) {
			fail_msg("unknown command '%s'", name);
			return usage(stderr);
		}
		command_help(stdout, name);
		return 0;
	}
	if (matrix_load(&m, path ? path : "matrix.json") < 0)
		return 2;
	if (matrix_validate(&m) > 0) {
		fail_msg("%s is not valid (errors above); fix it before running anything",
			 m.path);
		matrix_free(&m);
		return 2;
	}
	if (!strcmp(argv[1], "kernels"))
		rc = cmd_kernels(&m, argc - 2, argv + 2);
	else if (!strcmp(argv[1], "run"))
		rc = cmd_run(&m, argc - 2, argv + 2);
	else if (!strcmp(argv[1], "check"))
		rc = cmd_check(&m, argc - 2, argv + 2);
	else if (!strcmp(argv[1], "report"))
		rc = cmd_report(&m, argc - 2, argv + 2);
	else if (!strcmp(argv[1], "matrix"))
		rc = cmd_matrix(&m, argc - 2, argv + 2);
	else if (!strcmp(argv[1], "slurm"))
		rc = cmd_slurm(&m, argc - 2, argv + 2);
	else {
		fail_msg("unknown command '%s'", argv[1]);
		rc = usage(stderr);
	}
	matrix_free(&m);
	return rc;
}
