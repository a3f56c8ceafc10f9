/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_RUN_OUTCOME_H
#define MMX_RUN_OUTCOME_H

#include <jansson.h>
#include <stddef.h>

#include "qemu_vm.h"

/*
 * Decides what one boot produced.  Fills result with "status" ("ok" or
 * "failed"), "reason" and "detail" when failed, and the agent's own fields
 * (metrics, kernel_release, ...) under "guest" when its frame was intact.
 *
 * Order of judgement: a kernel problem in the console (panic, oops, BUG,
 * WARNING, lockdep) fails the run even if a result arrived; then a deadline
 * overrun; then a QEMU killed from outside; then a missing, truncated or
 * corrupted result frame; then an error the agent reported.
 */
void run_outcome_judge(const struct vm_outcome *o, const char *console,
		       size_t console_len, const char *result, size_t result_len,
		       json_t *out);

#endif
