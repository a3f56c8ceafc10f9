/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_COST_WINDOW_H
#define MMX_COST_WINDOW_H

/*
 * The measured window as the cost plugin (harness/plugin/) sees it.  The
 * agent executes one of these two instructions on a CPU right after it has
 * read that CPU's counters at the window's begin, and right before it reads
 * them at the end, so the plugin's per-vCPU window nests inside the kprobe
 * counters' window of the same CPU.
 *
 * Each is a 7-byte "nopl disp32(%rax)" whose displacement spells "MMXB" or
 * "MMXE": a no-op on any x86-64 CPU (no memory access), so a run without
 * the plugin executes it for nothing, and unlikely to be emitted by a
 * compiler with exactly that displacement.
 */
#define COST_MARK_LEN 7
#define COST_MARK_BEGIN_BYTES 0x0f, 0x1f, 0x80, 0x4d, 0x4d, 0x58, 0x42
#define COST_MARK_END_BYTES   0x0f, 0x1f, 0x80, 0x4d, 0x4d, 0x58, 0x45

#define COST_STR2(...) #__VA_ARGS__
#define COST_STR(...) COST_STR2(__VA_ARGS__)

#if defined(__x86_64__)
static inline void cost_window_mark_begin(void)
{
	__asm__ volatile(".byte " COST_STR(COST_MARK_BEGIN_BYTES) ::: "memory");
}

static inline void cost_window_mark_end(void)
{
	__asm__ volatile(".byte " COST_STR(COST_MARK_END_BYTES) ::: "memory");
}
#endif

#endif
