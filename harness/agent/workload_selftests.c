// SPDX-License-Identifier: GPL-2.0
/*
 * memcg-selftests: the tree's own tools/testing/selftests/cgroup
 * test_memcontrol and test_kmem, built by the host from the same tree as
 * the kernel and shipped in the initramfs under /selftests.  Every TAP
 * result line becomes a check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gate_checks.h"
#include "workloads.h"

static const char *const selftests[] = { "test_memcontrol", "test_kmem" };

/* "ok 3 test_memcg_min", "not ok 4 x", "ok 5 # SKIP x" -> a check */
static void tap_line(json_t *checks, const char *prog, const char *line)
{
	char name[256];
	int n, skip = strstr(line, "# SKIP") != NULL;
	const char *rest;

	if (strncmp(line, "ok ", 3) == 0)
		rest = line + 3;
	else if (strncmp(line, "not ok ", 7) == 0)
		rest = line + 7;
	else
		return;
	if (sscanf(rest, "%d", &n) != 1)
		return;
	rest = strchr(rest, ' ');
	snprintf(name, sizeof(name), "%s: %s", prog, rest ? rest + 1 : "?");
	name[strcspn(name, "\n")] = '\0';
	check_add(checks, name, skip ? "skip" : line[0] == 'o' ? "pass" : "fail",
		  "%s", line);
}

int workload_memcg_selftests(json_t *params, json_t *metrics, char *err,
			     size_t errlen)
{
	json_t *checks = json_array();

	(void)params;
	json_object_set_new(metrics, "checks", checks);
	/* the tests create files in the working directory: use tmpfs */
	if (chdir("/tmp") < 0) {
		snprintf(err, errlen, "chdir /tmp failed");
		return -1;
	}
	for (size_t i = 0; i < sizeof(selftests) / sizeof(selftests[0]); i++) {
		char cmd[256], line[1024];
		FILE *p;
		int st;

		snprintf(cmd, sizeof(cmd), "/selftests/%s", selftests[i]);
		if (access(cmd, X_OK) < 0) {
			check_add(checks, selftests[i], "fail", "%s missing from the image",
				  cmd);
			continue;
		}
		snprintf(cmd, sizeof(cmd), "/selftests/%s 2>&1", selftests[i]);
		p = popen(cmd, "r");
		if (!p) {
			check_add(checks, selftests[i], "fail", "cannot start");
			continue;
		}
		while (fgets(line, sizeof(line), p)) {
			fputs(line, stderr);	/* keep the full TAP in the console log */
			tap_line(checks, selftests[i], line);
		}
		st = pclose(p);
		json_object_set_new(metrics, selftests[i],
				    json_integer(WIFEXITED(st) ? WEXITSTATUS(st) : -1));
	}
	return 0;
}
