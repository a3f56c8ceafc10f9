// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guest_files.h"
#include "irq_affinity.h"

static int token_matches(const char *tok, const char *dev, const char *suffix)
{
	size_t n = strlen(dev);

	if (strncmp(tok, dev, n) != 0)
		return 0;
	if (tok[n] == '\0')
		return 1;
	return suffix && strncmp(tok + n, suffix, strlen(suffix)) == 0;
}

int irq_find(const char *dev, const char *suffix, int *irqs, int max,
	     int *shared)
{
	FILE *f = fopen("/proc/interrupts", "re");
	char line[1024];
	int found = 0;

	*shared = 0;
	if (!f)
		return 0;
	while (found < max && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *end, *tok, *save;
		int irq, match = 0, handlers = 0;

		if (!colon)
			continue;
		irq = (int)strtol(line, &end, 10);
		if (end != colon)
			continue;	/* NMI, LOC, ... are not device IRQs */
		/* counts, chip and trigger come first; handler names last */
		for (tok = strtok_r(colon + 1, " ,\n", &save); tok;
		     tok = strtok_r(NULL, " ,\n", &save)) {
			if (token_matches(tok, dev, suffix))
				match = 1;
			if (strncmp(tok, "virtio", 6) == 0)
				handlers++;
		}
		if (match) {
			irqs[found++] = irq;
			if (handlers > 1)
				*shared = 1;
		}
	}
	fclose(f);
	return found;
}

int irq_pin_to_cpu(int irq, int cpu, char *err, size_t errlen)
{
	char path[64], mask[32];

	snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", irq);
	snprintf(mask, sizeof(mask), "%llx", 1ULL << cpu);
	if (write_file(path, mask) < 0) {
		snprintf(err, errlen, "pin IRQ %d to CPU %d (%s = %s): %s", irq, cpu,
			 path, mask, strerror(errno));
		return -1;
	}
	return 0;
}

long long irq_count_on_cpu(int irq, int cpu)
{
	FILE *f = fopen("/proc/interrupts", "re");
	char line[1024];
	long long count = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p, *end;

		if (strtol(line, &end, 10) != irq || *end != ':' || end == line)
			continue;
		p = end + 1;
		for (int c = 0; c <= cpu; c++) {
			count = strtoll(p, &end, 10);
			if (end == p) {
				count = -1;
				break;
			}
			p = end;
		}
		break;
	}
	fclose(f);
	return count;
}
