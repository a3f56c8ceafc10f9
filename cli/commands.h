/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_COMMANDS_H
#define MMX_COMMANDS_H

#include "matrix_file.h"

/* Each returns the process exit status: 0 ok, 1 failure, 2 usage error. */
int cmd_kernels(const struct matrix *m, int argc, char **argv);
int cmd_run(const struct matrix *m, int argc, char **argv);
int cmd_check(const struct matrix *m, int argc, char **argv);
int cmd_report(const struct matrix *m, int argc, char **argv);
int cmd_matrix(const struct matrix *m, int argc, char **argv);
int cmd_slurm(const struct matrix *m, int argc, char **argv);

#endif
