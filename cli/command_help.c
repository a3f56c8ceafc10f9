// SPDX-License-Identifier: GPL-2.0
/*
 * Each command's help, printed by `mmx CMD --help` and `mmx help CMD` with
 * exit 0, before matrix.json is read: help must work where nothing else
 * does yet.  The full account of each is its page under docs/.
 */
#include <string.h>

#include "command_help.h"

static const struct {
	const char *name, *usage, *what, *options;
} commands[] = {
	{ "kernels", "mmx kernels [VARIANT...] [kconfig=AXIS] [--profile NAME] [--dry-run]",
	  "builds the kernels of the variants named (every variant by default) on a kconfig "
	  "axis, or those a profile's cells need; cached by their hash, so a built one is "
	  "reused",
	  "  kconfig=AXIS      the kconfig axis (matrix.json $.kconfig.axes; default base)\n"
	  "  --profile NAME    the kernels of that profile's cells\n"
	  "  --dry-run         each kernel's key and whether it is built; builds nothing\n" },
	{ "run", "mmx run VARIANT WORKLOAD [key=value...] [accel=auto|kvm|tcg|icount] "
	  "[timeout_s=S] [kconfig=AXIS] [--out FILE]",
	  "boots the variant's kernel once in QEMU with the workload, prints the run's JSON "
	  "record and appends it to results/adhoc/runs.jsonl (logs in results/adhoc/logs/ID/)",
	  "  key=value         a workload parameter (docs/workloads.md)\n"
	  "  accel=MODE        auto (KVM if a probe boot works, else TCG), kvm, tcg, icount\n"
	  "  timeout_s=S       the guest's deadline\n"
	  "  kconfig=AXIS      the kconfig axis (default base)\n"
	  "  --out FILE        the store to append to, instead of results/adhoc/runs.jsonl\n" },
	{ "check", "mmx check VARIANT [kconfig=AXIS[,AXIS]] [items=ITEM[,ITEM]] [--out FILE]",
	  "the correctness gate: accounting integrity, limits, CPU hotplug and the memcg "
	  "selftests on the variant's kernel; a failing item marks the variant invalid",
	  "  kconfig=AXES      the axes to gate on (default base,debug)\n"
	  "  items=ITEMS       selftests, integrity, limits, hotplug (default all)\n"
	  "  --out FILE        the summary (default results/check/VARIANT.json)\n" },
	{ "report", "mmx report [RESULTS_DIR|STORE...] [--gate DIR] [--out DIR]",
	  "statistics, charts and REPORT.md from the stores named (default "
	  "results/matrix/quick), written beside the first store unless --out names a "
	  "directory; a committed report is never overwritten unless --out names it",
	  "  --gate DIR        the gate summaries (default results/check)\n"
	  "  --out DIR         where REPORT.md and report/ go\n" },
	{ "matrix", "mmx matrix [--profile NAME] [--dry-run] [-j N] [--results DIR] [--seed N] "
	  "[--retries N] [--shard I/N]",
	  "runs a profile of matrix.json (default quick): its kernels, then every (cell, "
	  "repetition) in randomized blocks; resumable: run it again after an interruption",
	  "  --profile NAME    the profile ($.profiles)\n"
	  "  --dry-run         the plan, the kernels, the estimate and what its families can "
	  "detect; nothing run\n"
	  "  -j N              guests at once (icount runs share the cores)\n"
	  "  --results DIR     the store (default results/matrix/PROFILE)\n"
	  "  --seed N          the plan's order\n"
	  "  --retries N       runs of a failed cell again\n"
	  "  --shard I/N       the I-th of N shards of the plan\n" },
	{ "slurm", "mmx slurm --profile NAME --shards N [--dry-run] [--results DIR] [--seed S] "
	  "[-j J] [--retries R] [SBATCH_OPTION...]",
	  "the matrix as a Slurm job array: one shard a task, then a job that merges them "
	  "and writes the report",
	  "  --shards N        how many tasks\n"
	  "  --dry-run         the batch scripts, not submitted\n"
	  "  SBATCH_OPTION     one word each, e.g. --partition=batch --time=2:00:00\n" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

int command_known(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return 1;
	return 0;
}

void command_help(FILE *f, const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			fprintf(f, "usage: %s\n\n%s.\n\noptions:\n%s\nmore: docs/mmx-%s.md\n",
				commands[i].usage, commands[i].what, commands[i].options,
				commands[i].name);
}

int command_asks_help(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return 1;
	return 0;
}
