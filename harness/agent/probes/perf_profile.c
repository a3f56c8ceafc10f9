// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest_file_port.h"
#include "perf_output.h"
#include "perf_profile.h"
#include "perf_record.h"

#define TOP_N 20

struct report_reading {
	unsigned long long lost;
	int lost_seen;
	json_t *rows;	/* [{symbol, self_samples}] */
};

typedef void (*line_fn)(void *ctx, const char *line);

/* Runs perf with argv, feeding each line of its stdout to fn; -1 with err. */
static int run_perf(char *const argv[], line_fn fn, void *ctx, char *err,
		    size_t errlen)
{
	char line[4096];
	int fds[2], status;
	FILE *out;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) < 0) {
		snprintf(err, errlen, "perf %s: pipe: %s", argv[1], strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "perf %s: fork: %s", argv[1], strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		int devnull = open("/dev/null", O_WRONLY);

		if (dup2(fds[1], STDOUT_FILENO) < 0 || devnull < 0 ||
		    dup2(devnull, STDERR_FILENO) < 0)
			_exit(126);
		execve(PERF_RECORD_BIN, argv, perf_env);
		_exit(127);
	}
	close(fds[1]);
	out = fdopen(fds[0], "r");
	while (out && fgets(line, sizeof(line), out)) {
		line[strcspn(line, "\n")] = '\0';
		fn(ctx, line);
	}
	if (out)
		fclose(out);
	else
		close(fds[0]);
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		snprintf(err, errlen, "perf %s failed (status %d)", argv[1], status);
		return -1;
	}
	return 0;
}

static void script_line(void *ctx, const char *line)
{
	perf_script_tally_line(ctx, line);
}

static void report_line(void *ctx, const char *line)
{
	struct report_reading *r = ctx;
	struct perf_report_row row;

	if (perf_report_lost_line(line, &r->lost))
		r->lost_seen = 1;
	else if (json_array_size(r->rows) < TOP_N && perf_report_row_line(line, &row))
		json_array_append_new(r->rows, json_pack("{s:s, s:I}",
			"symbol", row.symbol, "self_samples", (json_int_t)row.samples));
}

static json_t *share(unsigned long long part, unsigned long long whole)
{
	return whole ? json_real((double)part / (double)whole) : json_null();
}

static json_int_t file_bytes(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (json_int_t)st.st_size : -1;
}

json_t *perf_profile_report(const char *data, const char *kallsyms, int cpu,
			    int hz, char *err, size_t errlen)
{
	char *const script[] = { "perf", "script", "-i", (char *)data, "--kallsyms",
				 (char *)kallsyms, "-F", "ip,sym", NULL };
	char *const report[] = { "perf", "report", "-i", (char *)data, "--kallsyms",
				 (char *)kallsyms, "--stdio", "--no-children",
				 "--sort", "sym", "-n", "-g", "none", NULL };
	struct perf_script_tally t = { 0 };
	struct report_reading r = { .rows = json_array() };
	json_t *patterns = json_array(), *cpus = json_array(), *entry;
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	size_t i;

	if (run_perf(script, script_line, &t, err, errlen) < 0 ||
	    run_perf(report, report_line, &r, err, errlen) < 0) {
		json_decref(r.rows);
		json_decref(patterns);
		json_decref(cpus);
		return NULL;
	}
	perf_script_tally_end(&t);
	json_array_foreach(r.rows, i, entry)
		json_object_set_new(entry, "self_share", share((unsigned long long)
			json_integer_value(json_object_get(entry, "self_samples")), t.samples));
	for (int c = cpu < 0 ? 0 : cpu; c < (cpu < 0 ? ncpus : cpu + 1); c++)
		json_array_append_new(cpus, json_integer(c));
	for (i = 0; i < memcg_charge_functions_count; i++)
		json_array_append_new(patterns, json_string(memcg_charge_functions[i]));
	return json_pack("{s:o, s:i, s:I, s:o, s:I, s:o, s:I, s:I, s:o, s:o, s:o, s:I, s:I}",
		"cpus", cpus,
		"hz", hz,
		"samples", (json_int_t)t.samples,
		"lost_samples", r.lost_seen ? json_integer((json_int_t)r.lost) : json_null(),
		"unresolved_samples", (json_int_t)t.unresolved,
		"top20", r.rows,
		"memcg_charge_samples_self", (json_int_t)t.charge_self,
		"memcg_charge_samples_children", (json_int_t)t.charge_children,
		"memcg_charge_share_self", share(t.charge_self, t.samples),
		"memcg_charge_share_children", share(t.charge_children, t.samples),
		"memcg_charge_functions", patterns,
		"perf_data_bytes", file_bytes(data),
		"kallsyms_bytes", file_bytes(kallsyms));
}

json_t *perf_profile_collect(struct perf_record *pr, char *err, size_t errlen,
			     char *files_err, size_t files_errlen)
{
	json_t *report;

	files_err[0] = '\0';
	if (perf_record_stop(pr, err, errlen) < 0 ||
	    perf_record_save_kallsyms(err, errlen) < 0)
		return NULL;
	report = perf_profile_report(PERF_RECORD_DATA, PERF_RECORD_KALLSYMS, pr->cpu,
				     pr->hz, err, errlen);
	if (guest_file_port_send("perf.data", PERF_RECORD_DATA, files_err,
				 files_errlen) == 0)
		guest_file_port_send("kallsyms", PERF_RECORD_KALLSYMS, files_err,
				     files_errlen);
	return report;
}
