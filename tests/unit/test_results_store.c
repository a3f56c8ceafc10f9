// SPDX-License-Identifier: GPL-2.0
#include <jansson.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "results_store.h"

static int count_valid_lines(const char *path, int *invalid)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int valid = 0;

	*invalid = 0;
	while (f && fgets(line, sizeof(line), f)) {
		json_t *j = json_loads(line, 0, NULL);

		if (j)
			valid++;
		else
			(*invalid)++;
		json_decref(j);
	}
	if (f)
		fclose(f);
	return valid;
}

int main(void)
{
	char dir[] = "/tmp/mmx-store-XXXXXX", path[256];
	json_t *rec = json_pack("{s:s, s:i}", "run_id", "a", "n", 1);
	int invalid;
	FILE *f;

	CHECK(mkdtemp(dir) != NULL, "temp dir");
	snprintf(path, sizeof(path), "%s/sub/runs.jsonl", dir);
	CHECK(results_append(path, rec) == 0, "append creates the store and its directory");
	CHECK(results_append(path, rec) == 0, "second append");
	CHECK(count_valid_lines(path, &invalid) == 2 && invalid == 0,
	      "two complete lines");
	/* a crash mid-append leaves a torn last line without newline */
	f = fopen(path, "a");
	fputs("{\"run_id\":\"torn\",\"n\":", f);
	fclose(f);
	CHECK(results_append(path, rec) == 0, "append after a torn line");
	CHECK(count_valid_lines(path, &invalid) == 3 && invalid == 1,
	      "the torn line stays alone; the new record is intact");
	json_decref(rec);
	{
		char cmd[300];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		CHECK(system(cmd) == 0, "cleanup");
	}
	return check_summary();
}
