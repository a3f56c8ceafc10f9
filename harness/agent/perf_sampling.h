/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PERF_SAMPLING_H
#define MMX_PERF_SAMPLING_H

#include <jansson.h>
#include <stddef.h>

#include "kernel_symbols.h"

/*
 * A kernel profile of some CPUs: cpu-clock samples (a software hrtimer
 * event, so it works under TCG, which has no PMU) with the kernel
 * callchain, read from one mmap ring buffer per CPU by a thread that
 * aggregates as it reads (memory does not grow with the window) and
 * resolves addresses against /proc/kallsyms.
 *
 * "memcg charging" is the fixed list of function-name globs below (printed
 * in every report): charge, uncharge and the per-CPU stocks of every
 * variant.  Self share: samples whose instruction pointer is in one of them.
 * Children share: samples with one of them anywhere on the callchain.
 * Shares are of all samples, idle included (as perf report counts them).
 */
#include "charge_functions.h"

struct perf_sampler;

/*
 * Opens a disabled sampling event on each of cpus at hz and maps its ring
 * buffer; ks must outlive the sampler.  NULL with err on failure.
 */
struct perf_sampler *perf_sampler_open(const int *cpus, int ncpus, int hz,
				       const struct kernel_symbols *ks,
				       char *err, size_t errlen);
/* Enables the events and starts the reader thread. */
int perf_sampler_start(struct perf_sampler *s, char *err, size_t errlen);
/* Disables the events, reads what is left and stops the thread. */
void perf_sampler_stop(struct perf_sampler *s);
/* {cpus, hz, samples, lost_samples, unresolved_samples, top20, memcg_...} */
json_t *perf_sampler_report(const struct perf_sampler *s);
void perf_sampler_close(struct perf_sampler *s);

#endif
