/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PERF_PROFILE_H
#define MMX_PERF_PROFILE_H

#include <jansson.h>
#include <stddef.h>

/*
 * profile=1's record, from perf's own reading of a perf record
 * (perf_record.h) with the guest's kallsyms:
 *
 *	perf report --stdio --no-children --sort sym -n -g none: lost samples
 *		and the top 20 symbols by self samples
 *	perf script -F ip,sym: every sample's callchain, for the shares
 *
 * {cpus, hz, samples, lost_samples, unresolved_samples, top20 [{symbol,
 * self_samples, self_share}], memcg_charge_samples_self/_children,
 * memcg_charge_share_self/_children, memcg_charge_functions,
 * perf_data_bytes, kallsyms_bytes}.  Shares are of all samples, idle
 * included (as perf report counts them).  NULL with err when perf fails.
 */
#include "charge_functions.h"

json_t *perf_profile_report(const char *data, const char *kallsyms, int cpu,
			    int hz, char *err, size_t errlen);

/*
 * After the window and the load: stops pr's perf, saves the kallsyms,
 * reads the record as above, and sends PERF_RECORD_DATA and PERF_RECORD_KALLSYMS to the run's
 * log directory as perf.data and kallsyms (guest_file_port.h).  Returns
 * the report, or NULL with err; a file that did not reach the host leaves
 * its error in files_err (empty when both did).
 */
struct perf_record;
json_t *perf_profile_collect(struct perf_record *pr, char *err, size_t errlen,
			     char *files_err, size_t files_errlen);

#endif
