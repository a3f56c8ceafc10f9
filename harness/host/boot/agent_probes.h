/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_AGENT_PROBES_H
#define MMX_AGENT_PROBES_H

#include <stddef.h>
#include <stdio.h>

/*
 * The guest agent's own micro-case functions (contention_probe_*, a
 * static non-PIE binary, so link-time addresses are the run's), read from
 * its ELF symbol table with libelf and appended to the cost plugin's
 * function set as "START END probe NAME" lines.  The number of functions
 * written, or -1 with err naming the agent file and what failed.
 */
int agent_probes_append(const char *agent, FILE *out, char *err, size_t errlen);

#endif
