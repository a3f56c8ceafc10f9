// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "log.h"
#include "run_store.h"

static ssize_t gz_read(void *gz, char *buf, size_t n)
{
	return gzread(gz, buf, (unsigned int)n);
}

static int gz_close(void *gz)
{
	return gzclose(gz) == Z_OK ? 0 : EOF;
}

/*
 * A store is read through zlib, which passes plain files through: so the
 * published stores can be kept gzipped (runs.jsonl.gz) and read as they are.
 */
static FILE *open_store(const char *path)
{
	gzFile gz = gzopen(path, "rb");
	cookie_io_functions_t io = { .read = gz_read, .close = gz_close };
	FILE *f;

	if (!gz)
		return NULL;
	f = fopencookie(gz, "r", io);
	if (!f)
		gzclose(gz);
	return f;
}

json_t *run_store_load(const char *path, size_t *skipped)
{
	FILE *f = open_store(path);
	json_t *runs;
	char *line = NULL;
	size_t cap = 0, lineno = 0;
	ssize_t len;

	*skipped = 0;
	if (!f)
		return NULL;
	runs = json_array();
	while ((len = getline(&line, &cap, f)) >= 0) {
		json_error_t err;
		json_t *rec;

		lineno++;
		if (strspn(line, " \t\r\n") == (size_t)len)
			continue;
		rec = json_loads(line, 0, &err);
		if (!json_is_object(rec)) {
			say("warning: %s:%zu: not a run record, skipped (%s)", path,
			    lineno, rec ? "not an object" : err.text);
			json_decref(rec);
			(*skipped)++;
			continue;
		}
		json_array_append_new(runs, rec);
	}
	free(line);
	fclose(f);
	return runs;
}

const char *run_str(json_t *rec, const char *field, const char *def)
{
	const char *s = json_string_value(json_object_get(rec, field));

	return s ? s : def;
}

const char *run_timing_mode(json_t *rec)
{
	return run_str(rec, "timing_mode", run_str(rec, "accel", "unknown"));
}
