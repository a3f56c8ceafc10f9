// SPDX-License-Identifier: GPL-2.0
/*
 * The charts of a report: each kind writes its .dat and .gp script
 * (chart_bars.c, chart_lines.c), then gnuplot draws each as SVG and PNG.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chart_bars.h"
#include "chart_forest.h"
#include "chart_lines.h"
#include "chart_upstream.h"
#include "charts.h"
#include "log.h"
#include "subprocess.h"

static int file_exists(const char *dir, const char *name, const char *ext)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.%s", dir, name, ext);
	f = fopen(path, "r");
	if (f)
		fclose(f);
	return f != NULL;
}

static void draw(const char *dir, struct chart *c)
{
	char script[300], log[4096];
	char *argv[] = { "sh", "-c", NULL, NULL };
	char cmd[4500];

	snprintf(script, sizeof(script), "%s.gp", c->name);
	snprintf(log, sizeof(log), "%s/gnuplot.log", dir);
	/* gnuplot writes its outputs relative to the script's directory */
	snprintf(cmd, sizeof(cmd), "cd '%s' && exec gnuplot '%s'", dir, script);
	argv[2] = cmd;
	c->drawn = run_logged(argv, log) == 0 && file_exists(dir, c->name, "svg") &&
		   file_exists(dir, c->name, "png");
	if (!c->drawn)
		say("warning: gnuplot did not draw %s/%s (see %s)", dir, script, log);
}

/*
 * Charts of an earlier report into the same directory go first: one this
 * report does not draw (another profile, a renumbered group) would linger
 * beside REPORT.md as if it were current.
 */
static void remove_old_charts(const char *dir)
{
	static const char *const ext[] = { ".svg", ".png", ".dat", ".gp" };
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4400];

	if (!d)
		return;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);

		for (size_t i = 0; i < sizeof(ext) / sizeof(ext[0]); i++)
			if (n > strlen(ext[i]) &&
			    !strcmp(e->d_name + n - strlen(ext[i]), ext[i])) {
				snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
				unlink(path);
				break;
			}
	}
	closedir(d);
}

int charts_write(const struct report *r, const char *dir, struct chart_list *out)
{
	char log[4096];

	memset(out, 0, sizeof(*out));
	remove_old_charts(dir);
	/* the log is this report's alone: draw() appends to it */
	snprintf(log, sizeof(log), "%s/gnuplot.log", dir);
	unlink(log);
	chart_upstream(r, dir, out);
	chart_forest(r, dir, out);
	chart_lines_vs_tenants(r, dir, out);
	chart_slot_heatmap(r, dir, out);
	chart_rt_bars(r, dir, out);
	chart_charge_share(r, dir, out);
	for (size_t i = 0; i < out->n; i++)
		draw(dir, &out->v[i]);
	return 0;
}

void charts_free(struct chart_list *l)
{
	free(l->v);
	l->v = NULL;
	l->n = 0;
}
