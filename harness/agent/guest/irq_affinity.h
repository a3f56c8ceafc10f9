/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_IRQ_AFFINITY_H
#define MMX_IRQ_AFFINITY_H

#include <stddef.h>

#define IRQ_MAX_FOUND 8

/*
 * IRQs in /proc/interrupts whose handler list names device dev exactly
 * ("virtio0": legacy INTx, one IRQ for every queue) or dev followed by
 * suffix ("virtio0" + "-input" matches MSI-X "virtio0-input.0").  Also
 * reports in *shared whether another virtio handler shares one of them.
 * Returns how many were stored in irqs.
 */
int irq_find(const char *dev, const char *suffix, int *irqs, int max,
	     int *shared);

/* Writes /proc/irq/N/smp_affinity so only cpu takes IRQ irq. */
int irq_pin_to_cpu(int irq, int cpu, char *err, size_t errlen);

/* Interrupts IRQ irq has taken on cpu so far, or -1. */
long long irq_count_on_cpu(int irq, int cpu);

#endif
