/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_PASS_NICS_H
#define MMX_PASS_NICS_H

#include <jansson.h>
#include <net/if.h>

/*
 * Which NICs' NAPI instances one NET_RX pass polls, from the same tracefs
 * text as pass_tally.h plus napi:napi_poll (recorded with work > 0 only,
 * so a poll that found nothing, or a TX-completion poll, does not count).
 * rx-mixed topology=virtio rx_nics=K > 1: K receiving NICs' interrupts on
 * one CPU; this says whether a pass really polls several of them.
 */
#define PASS_NICS_MAX 8

struct pass_nics {
	int in_pass;
	unsigned seen;			/* devices polled in the open pass (bits) */
	int ndev;
	char dev[PASS_NICS_MAX][IF_NAMESIZE];
	long long polls[PASS_NICS_MAX];	/* polls with work, inside passes */
	long long passes, nic_sum, max_nics, multi;
};

void pass_nics_init(struct pass_nics *n);
/* One line of a per-CPU trace file; lines of one CPU in their order. */
void pass_nics_line(struct pass_nics *n, const char *line);
/* A new CPU's file: an open pass of the previous one is not complete. */
void pass_nics_next_cpu(struct pass_nics *n);
/*
 * pass_count_with_nic_polls, pass_nics_mean, pass_nics_max,
 * pass_count_multi_nic and pass_nic_polls {device: polls} into metrics.
 */
void pass_nics_report(const struct pass_nics *n, json_t *metrics);

#endif
