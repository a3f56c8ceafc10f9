// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "provenance.h"
#include "qemu_vm.h"

static void host_cpu(char *buf, size_t cap)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];

	snprintf(buf, cap, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (strncmp(line, "model name", 10) == 0 && colon) {
			colon[strcspn(colon, "\n")] = '\0';
			snprintf(buf, cap, "%s", colon + 2);
			break;
		}
	}
	fclose(f);
}

void provenance_host(json_t *out)
{
	char cpu[256];
	struct utsname u;

	host_cpu(cpu, sizeof(cpu));
	uname(&u);
	json_object_set_new(out, "host_cpu", json_string(cpu));
	json_object_set_new(out, "host_cpus", json_integer(sysconf(_SC_NPROCESSORS_ONLN)));
	json_object_set_new(out, "host_kernel", json_string(u.release));
	json_object_set_new(out, "qemu_version", json_string(qemu_version()));
	/* empty when built outside a git checkout: then no claim is made */
	if (harness_build_rev[0])
		json_object_set_new(out, "harness_rev", json_string(harness_build_rev));
}

void iso_time_now(char *buf, size_t cap)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, cap, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

void new_run_id(char *buf, size_t cap)
{
	time_t t = time(NULL);
	struct tm tm;
	char stamp[32];

	gmtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	srandom((unsigned int)(t ^ getpid()));
	snprintf(buf, cap, "%s-%d-%04lx", stamp, (int)getpid(), random() & 0xffff);
}
