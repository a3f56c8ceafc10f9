// SPDX-License-Identifier: GPL-2.0
/* NICs polled per NET_RX pass, from ftrace's text (pass_nics.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass_nics.h"

void pass_nics_init(struct pass_nics *n)
{
	memset(n, 0, sizeof(*n));
}

static void close_pass(struct pass_nics *n)
{
	int k = __builtin_popcount(n->seen);

	n->in_pass = 0;
	if (!k)
		return;
	n->passes++;
	n->nic_sum += k;
	if (k > n->max_nics)
		n->max_nics = k;
	if (k > 1)
		n->multi++;
}

/* the index of device name (added when new), or -1 past PASS_NICS_MAX */
static int dev_index(struct pass_nics *n, const char *name)
{
	for (int i = 0; i < n->ndev; i++)
		if (strcmp(n->dev[i], name) == 0)
			return i;
	if (n->ndev == PASS_NICS_MAX)
		return -1;
	snprintf(n->dev[n->ndev], sizeof(n->dev[0]), "%s", name);
	return n->ndev++;
}

/* "... napi_poll: napi poll on napi struct 00.. for device eth0 work 12 budget 64" */
static void napi_poll(struct pass_nics *n, const char *line)
{
	const char *d = strstr(line, " for device "), *w;
	char name[IF_NAMESIZE];
	size_t len;
	int i;

	if (!d || !(w = strstr(d, " work ")) || atol(w + 6) <= 0)
		return;
	d += strlen(" for device ");
	len = (size_t)(w - d);
	if (len == 0 || len >= sizeof(name))
		return;
	memcpy(name, d, len);
	name[len] = '\0';
	if ((i = dev_index(n, name)) < 0)
		return;
	n->polls[i]++;
	n->seen |= 1u << i;
}

void pass_nics_line(struct pass_nics *n, const char *line)
{
	if (strstr(line, ": softirq_entry: vec=3 ")) {
		n->in_pass = 1;
		n->seen = 0;
	} else if (strstr(line, ": softirq_exit: vec=3 ")) {
		if (n->in_pass)
			close_pass(n);
	} else if (n->in_pass && strstr(line, ": napi_poll: ")) {
		napi_poll(n, line);
	}
}

void pass_nics_next_cpu(struct pass_nics *n)
{
	n->in_pass = 0;
}

void pass_nics_report(const struct pass_nics *n, json_t *metrics)
{
	json_t *polls = json_object();

	for (int i = 0; i < n->ndev; i++)
		json_object_set_new(polls, n->dev[i], json_integer(n->polls[i]));
	json_object_set_new(metrics, "pass_count_with_nic_polls", json_integer(n->passes));
	json_object_set_new(metrics, "pass_nics_mean", n->passes ?
			    json_real((double)n->nic_sum / (double)n->passes) : json_null());
	json_object_set_new(metrics, "pass_nics_max", json_integer(n->max_nics));
	json_object_set_new(metrics, "pass_count_multi_nic", json_integer(n->multi));
	json_object_set_new(metrics, "pass_nic_polls", polls);
}
