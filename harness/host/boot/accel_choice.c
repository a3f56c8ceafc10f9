// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "accel_choice.h"
#include "cache_dir.h"
#include "guest_boot.h"
#include "log.h"

int accel_parse(const char *s, enum accel_mode *a, int *is_auto)
{
	*is_auto = 0;
	if (strcmp(s, "kvm") == 0)
		*a = ACCEL_KVM;
	else if (strcmp(s, "tcg") == 0)
		*a = ACCEL_TCG;
	else if (strcmp(s, "icount") == 0)
		*a = ACCEL_ICOUNT;
	else if (strcmp(s, "auto") == 0)
		*is_auto = 1;
	else
		return -1;
	return 0;
}

int accel_kvm_host_ready(int vcpus, char *why, size_t cap)
{
	const char *dev = getenv("MMX_KVM_DEVICE");
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int fd;

	if (!dev || !*dev)
		dev = "/dev/kvm";
	fd = open(dev, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, cap, "KVM is not available here (%s: %s)", dev, strerror(errno));
		return -1;
	}
	close(fd);
	if (cpus < vcpus) {
		snprintf(why, cap, "its guests have %d vCPUs and this host has %ld CPUs: with "
			 "vCPUs sharing cores the contention it measures would not be there",
			 vcpus, cpus);
		return -1;
	}
	return 0;
}

static void host_key(char *buf, size_t cap)
{
	struct utsname u;

	uname(&u);
	snprintf(buf, cap, "%s | %s", qemu_version(), u.release);
}

enum accel_mode accel_auto(const char *bzimage, const char *base_image,
			   const char *cmdline, int memory_mb)
{
	char cache[4096], key[512], logdir[4096];
	const char *t = getenv("MMX_KVM_PROBE_TIMEOUT");
	json_t *c, *spec, *out;
	json_error_t jerr;
	int fd, ok;

	fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return ACCEL_TCG;
	close(fd);
	cache_path("accel-probe.json", cache, sizeof(cache));
	host_key(key, sizeof(key));
	c = json_load_file(cache, 0, &jerr);
	if (c && strcmp(json_string_value(json_object_get(c, "host")) ?: "", key) == 0) {
		ok = json_is_true(json_object_get(c, "kvm_works"));
		json_decref(c);
		return ok ? ACCEL_KVM : ACCEL_TCG;
	}
	json_decref(c);

	say("probing KVM: /dev/kvm exists; booting the kernel once under it");
	cache_path("accel-probe", logdir, sizeof(logdir));
	spec = json_pack("{s:s, s:{}, s:s}", "workload", "probe", "params",
			 "run_id", "kvm-probe");
	out = json_object();
	{
		struct boot_request r = {
			.bzimage = bzimage, .base_image = base_image, .spec = spec,
			.cmdline = cmdline, .cpus = 1, .memory_mb = memory_mb,
			.accel = ACCEL_KVM, .deadline_s = t ? atof(t) : 30.0,
			.log_dir = logdir,
		};

		ok = guest_boot(&r, out) == 0 &&
		     strcmp(json_string_value(json_object_get(out, "status")) ?: "",
			    "ok") == 0;
	}
	if (ok)
		say("KVM works here: using it");
	else
		say("KVM probe failed (%s: %s; log %s): using TCG",
		    json_string_value(json_object_get(out, "reason")) ?: "?",
		    json_string_value(json_object_get(out, "detail")) ?: "",
		    logdir);
	c = json_pack("{s:s, s:b, s:s}", "host", key, "kvm_works", ok,
		      "probe_log", logdir);
	json_dump_file(c, cache, JSON_INDENT(2));
	json_decref(c);
	json_decref(spec);
	json_decref(out);
	return ok ? ACCEL_KVM : ACCEL_TCG;
}
