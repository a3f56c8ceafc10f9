/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RUN_CELL_H
#define MMX_RUN_CELL_H

#include <jansson.h>

#include "matrix_file.h"
#include "qemu_vm.h"

/* One measured boot: a variant's kernel on one kconfig axis, one workload. */
struct cell {
	const char *variant;
	const char *axis;	/* kconfig axis, "base" by default */
	const char *workload;
	json_t *params;		/* complete and validated */
	int accel_auto;
	enum accel_mode accel;
	double timeout_s;	/* 0: derived from the workload's time */
	const char *store;	/* JSONL file the record is appended to */
	json_t *extra;		/* fields added to the record (matrix provenance) */
};

/*
 * Builds the kernel if needed, boots it, and returns the run's record
 * (already appended to the store), or NULL when nothing could be run; the
 * error has been reported then.  The record's "status" says ok or failed.
 * A multi-threaded TCG run that failed on QEMU's text-patching race (a
 * stale int3: console_stale_int3) is run once more: the first record is
 * stored with "rerun": TCG_RACE_REASON, the second, returned, with
 * "rerun_of" (the first's run_id) and "rerun_reason".
 */
#define TCG_RACE_REASON "tcg-stale-int3"
json_t *run_cell(const struct matrix *m, const struct cell *c);

/* 1 when the store's directory has room for a run; else says so, 0. */
int run_space_ok(const char *store);

#endif
