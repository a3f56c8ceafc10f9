/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_BESIDE_MMX_H
#define MMX_BESIDE_MMX_H

#include <stddef.h>

/*
 * A file make builds beside mmx (the agent, the cost plugin): $env when it
 * is set and not empty, else name in the directory of the running mmx.
 */
void beside_mmx(const char *env, const char *name, char *buf, size_t cap);

#endif
