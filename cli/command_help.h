/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_COMMAND_HELP_H
#define MMX_COMMAND_HELP_H

#include <stdio.h>

/* Whether name is an mmx command ("run", "report", ...). */
int command_known(const char *name);
/* The command's usage, what it does, its options and its page under docs/. */
void command_help(FILE *f, const char *name);
/* Whether the arguments ask for help: -h or --help among them. */
int command_asks_help(int argc, char **argv);

#endif
