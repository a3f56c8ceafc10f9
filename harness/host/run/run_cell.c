// SPDX-License-Identifier: GPL-2.0
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "accel_choice.h"
#include "beside_mmx.h"
#include "cache_dir.h"
#include "console_scan.h"
#include "cost_run.h"
#include "file_read.h"
#include "guest_boot.h"
#include "guest_image.h"
#include "guest_slots.h"
#include "kernel_build.h"
#include "log.h"
#include "perf_image.h"
#include "provenance.h"
#include "results_store.h"
#include "run_cell.h"
#include "selftest_build.h"
#include "source_tree.h"
#include "variant_chain.h"

/*
 * Boot allowance plus twice the workload's own time: its duration and
 * warm-up, or for workloads without a duration (the selftests) the
 * "expected_s" matrix.json states for them.
 */
static double default_deadline(const struct matrix *m, json_t *workload,
			       json_t *params, enum accel_mode accel)
{
	double work = json_number_value(json_object_get(params, "duration_s")) +
		      json_number_value(json_object_get(params, "warmup_s")) +
		      json_number_value(json_object_get(workload, "expected_s"));
	double d = (double)matrix_guest_int(m, "boot_allowance_s", 90) + 2 * work + 30;

	if (accel == ACCEL_ICOUNT)
		d *= (double)matrix_guest_int(m, "icount_slowdown", 20);
	return d;
}

/* the guest's vCPUs: a workload's cpus parameter, else $.guest.cpus */
static int guest_cpus(const struct matrix *m, json_t *params)
{
	json_t *cpus = json_object_get(params, "cpus");

	return json_is_integer(cpus) ? (int)json_integer_value(cpus) :
	       (int)matrix_guest_int(m, "cpus", 4);
}

/*
 * topology=virtio (rx-mixed): the guest gets two virtio NICs joined
 * together, rx_nics such pairs (default 1); 0: no NIC
 */
static int wants_nic_pair(json_t *params)
{
	const char *topology = json_string_value(json_object_get(params, "topology"));
	json_t *rx_nics = json_object_get(params, "rx_nics");

	if (!topology || strcmp(topology, "virtio") != 0)
		return 0;
	return json_is_integer(rx_nics) ? (int)json_integer_value(rx_nics) : 1;
}

/*
 * profile=1: perf record in the guest (harness/agent/probes/perf_record.h), which
 * needs perf in its image and sends perf.data and kallsyms home.  0 with
 * overlay empty when the run does not profile; -1 when it cannot be built.
 */
static int profile_overlay(json_t *params, char *overlay, size_t cap)
{
	json_t *profile = json_object_get(params, "profile");

	overlay[0] = '\0';
	if (!json_is_number(profile) || json_number_value(profile) <= 0)
		return 0;
	return perf_image_overlay(overlay, cap) < 0 ? -1 : 0;
}

/*
 * A run writes its console log (a debug kernel's selftests: a few MB) and
 * then one record; a full disk would cost the run and say "no-result".
 */
#define RUN_NEED_BYTES (16ULL << 20)

int run_space_ok(const char *store)
{
	char dir[4096];

	pathf(dir, sizeof(dir), "%s", store);
	return need_free_space(dirname(dir), RUN_NEED_BYTES,
			       "a run's logs and its record") == 0;
}

/* One boot of the cell; the record, not yet stored, or NULL. */
static json_t *run_cell_once(const struct matrix *m, const struct cell *c)
{
	char run_id[96], started[32], log_dir[4200], tmp[4096];
	char agent[4200], base_image[4200], bzimage[4200], cmdline[2048];
	char selftests[4200], overlay[4200];
	enum accel_mode accel = c->accel;
	struct source_tree st;
	struct kernel_spec ks;
	json_t *meta, *spec, *rec, *guest;
	char vcmd[1024];
	struct cost_run cost;
	time_t t0;
	double wait_s = 0;

	if (source_tree_ensure(m, &st) < 0 ||
	    kernel_spec_resolve(m, &st, c->variant, c->axis, &ks) < 0 ||
	    kernel_ensure_built(m, &st, &ks, &meta) < 0)
		return NULL;
	/* the static agent is built beside mmx */
	beside_mmx("MMX_AGENT", "mmx-agent", agent, sizeof(agent));
	if (selftests_ensure_built(m, &ks, selftests, sizeof(selftests)) < 0 ||
	    guest_image_base(ks.dir, agent, selftests, base_image,
			     sizeof(base_image)) < 0 ||
	    profile_overlay(c->params, overlay, sizeof(overlay)) < 0) {
		json_decref(meta);
		return NULL;
	}
	kernel_artifact(&ks, "bzImage", bzimage, sizeof(bzimage));
	variant_cmdline(m, c->variant, vcmd, sizeof(vcmd));
	snprintf(cmdline, sizeof(cmdline), "%s%s%s",
		 matrix_guest_str(m, "cmdline") ?: "console=ttyS0 panic=-1",
		 *vcmd ? " " : "", vcmd);
	if (!run_space_ok(c->store)) {
		json_decref(meta);
		return NULL;
	}
	new_run_id(run_id, sizeof(run_id));
	pathf(tmp, sizeof(tmp), "%s", c->store);
	pathf(log_dir, sizeof(log_dir), "%s/logs/%s", dirname(tmp), run_id);
	/* cost=1 settles the accelerator (TCG) before any KVM probe */
	if (cost_run_prepare(&cost, c->params, &ks, log_dir, &accel, c->accel_auto) < 0) {
		json_decref(meta);
		return NULL;
	}
	if (c->accel_auto && !cost.on)
		accel = accel_auto(bzimage, base_image, cmdline,
				   (int)matrix_guest_int(m, "memory_mb", 1024));
	spec = json_pack("{s:s, s:O, s:s}", "workload", c->workload, "params",
			 c->params, "run_id", run_id);
	rec = json_object();
	iso_time_now(started, sizeof(started));
	say("run %s: %s/%s %s on %s (%s), logs in %s", run_id, c->variant, c->axis,
	    c->workload, json_string_value(json_object_get(meta, "kernel_release")),
	    accel_name(accel), log_dir);
	{
		struct boot_request r = {
			.bzimage = bzimage, .base_image = base_image, .spec = spec,
			.cmdline = cmdline,
			.cpus = guest_cpus(m, c->params),
			.memory_mb = (int)matrix_guest_int(m, "memory_mb", 1024),
			.accel = accel,
			.deadline_s = c->timeout_s > 0 ? c->timeout_s :
				      default_deadline(m, matrix_workload(m, c->workload),
						       c->params, accel),
			.log_dir = log_dir,
			.scratch_disk_mb = (int)json_integer_value(json_object_get(
				matrix_workload(m, c->workload), "scratch_disk_mb")),
			.nic_pair = wants_nic_pair(c->params),
			.plugin = cost.on ? cost.plugin_arg : NULL,
			.overlay = overlay[0] ? overlay : NULL,
			.guest_files = overlay[0] != '\0',
		};

		/* host time (tcg, kvm) is measured alone; icount's is instructions */
		int alone = accel != ACCEL_ICOUNT, slot = -1, booted;
		struct guest_slots_all all;
		time_t asked = time(NULL);

		if (alone)
			booted = guest_slots_acquire_all(&all);
		else
			booted = (slot = guest_slot_acquire()) >= 0 ? 0 : -1;
		wait_s = difftime(time(NULL), asked);
		t0 = time(NULL);
		if (booted == 0)
			booted = guest_boot(&r, rec);
		if (alone)
			guest_slots_release_all(&all);
		else
			guest_slot_release(slot);
		if (booted < 0) {
			json_decref(rec);
			json_decref(spec);
			json_decref(meta);
			return NULL;
		}
	}
	guest = json_object_get(rec, "guest");
	json_object_set_new(rec, "run_id", json_string(run_id));
	json_object_set_new(rec, "variant", json_string(c->variant));
	json_object_set_new(rec, "kconfig", json_string(c->axis));
	json_object_set_new(rec, "workload", json_string(c->workload));
	json_object_set(rec, "params", c->params);
	json_object_set_new(rec, "accel", json_string(accel_name(accel)));
	json_object_set_new(rec, "started_at", json_string(started));
	json_object_set_new(rec, "duration_s", json_real(difftime(time(NULL), t0)));
	/* the wait for a guest slot is not the run's; a host-timed run ran alone */
	json_object_set_new(rec, "slot_wait_s", json_real(wait_s));
	json_object_set_new(rec, "ran_alone", json_boolean(accel != ACCEL_ICOUNT));
	json_object_set(rec, "kernel_release", json_object_get(meta, "kernel_release"));
	json_object_set(rec, "kernel_hash", json_object_get(meta, "key"));
	json_object_set(rec, "series", json_object_get(meta, "series"));
	json_object_set(rec, "config_sha256", json_object_get(meta, "config_sha256"));
	json_object_set(rec, "source_version", json_object_get(meta, "source_version"));
	json_object_set_new(rec, "cmdline", json_string(cmdline));
	json_object_set(rec, "metrics", json_object_get(guest, "metrics") ?:
			json_object());
	cost_run_finish(&cost, rec);
	provenance_host(rec);
	if (c->extra)
		json_object_update(rec, c->extra);
	json_decref(spec);
	json_decref(meta);
	return rec;
}

static void store(const struct cell *c, json_t *rec)
{
	if (results_append(c->store, rec) < 0)
		json_object_set_new(rec, "store_error", json_string(c->store));
}

/*
 * A failed multi-threaded TCG run whose console shows a stale
 * text-patching int3 (console_stale_int3): QEMU's race, not the kernel's
 * fault.  1 then, with its RIP line in where.
 */
static int hit_tcg_race(json_t *rec, char *where, size_t cap)
{
	const char *log = json_string_value(json_object_get(rec, "console_log"));
	char *text;
	size_t len;
	int hit;

	if (strcmp(json_string_value(json_object_get(rec, "status")) ?: "", "failed") ||
	    strcmp(json_string_value(json_object_get(rec, "accel")) ?: "", "tcg") ||
	    strncmp(json_string_value(json_object_get(rec, "reason")) ?: "", "kernel-", 7) ||
	    !log || !(text = read_whole_file(log, &len)))
		return 0;
	hit = console_stale_int3(text, len, where, cap);
	free(text);
	return hit;
}

json_t *run_cell(const struct matrix *m, const struct cell *c)
{
	json_t *rec = run_cell_once(m, c), *again;
	char where[512];

	if (!rec || !hit_tcg_race(rec, where, sizeof(where))) {
		if (rec)
			store(c, rec);
		return rec;
	}
	/*
	 * Once more, both records kept and marked: the first stays failed
	 * (never data), the second says what it re-runs and why.  A second
	 * hit fails for good: a real kernel bug repeats, the race (about 1
	 * run in 190 here) hardly ever does twice.
	 */
	json_object_set_new(rec, "rerun", json_string(TCG_RACE_REASON));
	store(c, rec);
	say("run %s hit QEMU's text-patching race under multi-threaded TCG (a stale int3, "
	    "%s): running it once more (docs/troubleshooting.md)",
	    json_string_value(json_object_get(rec, "run_id")), where[0] ? where : "no RIP");
	again = run_cell_once(m, c);
	if (again) {
		json_object_set(again, "rerun_of", json_object_get(rec, "run_id"));
		json_object_set_new(again, "rerun_reason", json_string(TCG_RACE_REASON));
		store(c, again);
	}
	json_decref(rec);
	return again;
}
