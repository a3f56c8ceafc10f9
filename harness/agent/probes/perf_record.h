/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PERF_RECORD_H
#define MMX_PERF_RECORD_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Debian's perf (carried into the guest image for profile=1 runs, with its
 * libraries) recording one CPU's kernel: cpu-clock samples (a software
 * hrtimer event, so it works under TCG, which has no PMU) with kernel
 * callchains, into PERF_RECORD_DATA:
 *
 *	perf record -e cpu-clock:k -c <ns> -a -C <cpu> -g --kernel-callchains
 *		    -D -1 --control fifo:<ctl>,<ack> --buildid-all -N -q
 *		    -o PERF_RECORD_DATA
 *
 * It starts with its event disabled (-D -1): perf's own start-up (task
 * synthesis, reading kallsyms) happens before the window, and the window
 * is exactly what lies between perf_record_enable and perf_record_stop,
 * each acknowledged by perf through its control FIFO.  --buildid-all
 * writes the kernel's build-id without a pass over the samples at exit
 * (perf report then refuses a kallsyms or vmlinux of another kernel).  perf runs on every
 * CPU but the recorded one, so its own work stays out of the profile.
 *
 * perf is no child of the agent, so a load that reaps every child when it
 * stops (waitpid(-1, ...)) never waits for it: its parent is a keeper
 * process cloned without an exit signal, which waitpid(-1, ...) skips
 * (only __WCLONE waits for it; perf itself could not be that child, exec
 * makes its exit signal SIGCHLD again).  The keeper exits with perf's
 * status (128 + signal when a signal ended it).
 */
#define PERF_RECORD_BIN "/usr/bin/perf"
#define PERF_RECORD_DATA "/tmp/perf.data"
/* the guest's /proc/kallsyms at the end of the record: perf report's symbols */
#define PERF_RECORD_KALLSYMS "/tmp/kallsyms"

struct perf_record {
	pid_t keeper;		/* 0 when not running */
	pid_t pid;		/* perf's, for its signals */
	int ctl_fd, ack_fd;
	int cpu, hz;
};

/* The environment perf runs with: its libraries, a HOME, no pager. */
extern char *const perf_env[];

/* Forks perf record on cpu (-1: every CPU) at hz, events disabled; -1 with err. */
int perf_record_start(struct perf_record *pr, int cpu, int hz, char *err,
		      size_t errlen);
/* Enables the event; returns once perf acknowledged (or -1 with err). */
int perf_record_enable(struct perf_record *pr, char *err, size_t errlen);
/* Disables the event; returns once perf acknowledged (or -1 with err). */
int perf_record_disable(struct perf_record *pr, char *err, size_t errlen);
/* Stops perf (SIGINT) so it completes PERF_RECORD_DATA; -1 with err. */
int perf_record_stop(struct perf_record *pr, char *err, size_t errlen);
/* The guest's /proc/kallsyms as PERF_RECORD_KALLSYMS; -1 with err. */
int perf_record_save_kallsyms(char *err, size_t errlen);
/* Kills a perf that is still running; safe on a zeroed or finished record. */
void perf_record_close(struct perf_record *pr);

#endif
