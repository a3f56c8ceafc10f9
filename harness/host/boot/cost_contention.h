/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_COST_CONTENTION_H
#define MMX_COST_CONTENTION_H

#include <jansson.h>

#include "insn_class.h"

/*
 * The contention and cycle half of metrics.cost (cost_metrics.c reads the
 * rest): the schedule-independent transfer estimate of the cost plugin's
 * version 2 output beside its serialized count, the instruction classes,
 * and the cycle model's price of both (cycle_model.h).
 *
 * The estimate's primary window is COST_MIX_PRIMARY_WINDOW guest
 * instructions (a full round of icount turns at 4 vCPUs); the others show
 * how the figure moves with the window's length, up to the whole run
 * (transfers_est_by_window.run).
 */
#define COST_MIX_PRIMARY_WINDOW 16000000ULL

struct contention_sums {
	int primary;		/* index of the primary window, -1: none */
	int nwindows;
	double window_insns[8];
	double est[8], page_counter_est[8];	/* per window, charge path */
	double probe, probe_est;	/* the agent's micro-case (contention-probe) */
	double ret_transfers;	/* serialized transfers at ret instructions */
	double stale;		/* memory callbacks dropped as stale */
	double instr_classes[IC_COUNT], charge_classes[IC_COUNT];
	double hold_ser[2][HOLDER_BUCKETS], hold_est[2][HOLDER_BUCKETS];
	json_t *cpu_est;	/* per vCPU, primary window, charge path */
};

/* Reads the run-level parts of out (windows, stale callbacks). */
void contention_begin(struct contention_sums *cs, json_t *out, int vcpus);
/*
 * Adds one function's part; its per-function entry (fentry, may be NULL)
 * gets transfers_est.  cls is "charge", "rx", "instr" or "probe".
 */
void contention_add_function(struct contention_sums *cs, json_t *fo, const char *name,
			     const char *cls, json_t *fentry, int vcpus);
/* Sets the totals into cost: the estimate by window, classes, turns. */
void contention_totals(struct contention_sums *cs, json_t *cost, json_t *out, int vcpus);
/*
 * Sets the per-unit metrics: the estimate, and modelled_cycles_<arch>_per_
 * <unit> for every arch of the cycle model, priced from the kernel's class
 * counts (less the instrumentation's) and the estimated transfers (with
 * _lb: the serialized count, a lower bound); charge_cycles_<arch>_per_<unit>
 * is the charge path's own part.
 */
void contention_per_unit(const struct contention_sums *cs, json_t *cost, json_t *out,
			 int vcpus, double units, const char *unit);
void contention_free(struct contention_sums *cs);

#endif
