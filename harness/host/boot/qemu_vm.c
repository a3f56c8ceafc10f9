// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../common/nic_pair.h"
#include "log.h"
#include "monotonic.h"
#include "qemu_vm.h"
#include "subprocess.h"

#define QEMU "qemu-system-x86_64"

const char *accel_name(enum accel_mode a)
{
	switch (a) {
	case ACCEL_KVM:
		return "kvm";
	case ACCEL_TCG:
		return "tcg";
	case ACCEL_ICOUNT:
		return "icount";
	}
	return "?";
}

const char *qemu_version(void)
{
	static char v[256];

	if (!v[0]) {
		char *argv[] = { QEMU, "--version", NULL };
		char out[1024];

		if (run_capture(argv, out, sizeof(out)) == 0) {
			out[strcspn(out, "\n")] = '\0';
			snprintf(v, sizeof(v), "%.255s", out);
		} else {
			snprintf(v, sizeof(v), "unknown");
		}
	}
	return v;
}

/*
 * Topology virtio: two virtio-net NICs whose backends are unix datagram
 * sockets addressed to each other in a private directory, so every frame
 * one NIC sends arrives at the other and nothing reaches a host network
 * (no IP endpoint at all, and no port to collide with a parallel run).
 * The MACs tell the agent which NIC is which.  rx_nics=K gives K such
 * pairs (see nic_pair_device).
 */
struct nic_pair_args {
	char dir[64];
	int count;
	char netdev[NIC_PAIR_MAX][2][256], device[NIC_PAIR_MAX][2][100];
};

/* pair 0's names are "rx" and "tx" as with one pair; pair k's "rxk", "txk" */
static void nic_name(char *buf, size_t cap, int k, int rx)
{
	if (k == 0)
		snprintf(buf, cap, "%s", rx ? "rx" : "tx");
	else
		snprintf(buf, cap, "%s%d", rx ? "rx" : "tx", k);
}

/*
 * Several pairs: the guest has no MSI, and the pc machine's firmware
 * routes PCI slot s's INTA to IRQ 10 when s mod 4 is 1 or 2, else to
 * IRQ 11.  The receiving NICs go to slots on one line and the sending
 * NICs to slots on the other, so pinning each line puts every receiving
 * NIC's interrupt, and only those, on the receive CPU.
 */
static const int nic_slot[NIC_PAIR_MAX][2] = {	/* [pair][rx] */
	{ 3, 2 }, { 4, 5 }, { 7, 6 }, { 8, 9 },
};

static void nic_pair_device(struct nic_pair_args *a, int k, int rx)
{
	char id[16], mac[48], addr[16] = "";

	nic_name(id, sizeof(id), k, rx);
	snprintf(mac, sizeof(mac), NIC_PAIR_MAC_FMT, k,
		 rx ? NIC_PAIR_MAC_RX : NIC_PAIR_MAC_TX);
	/* one pair: the command line as it always was */
	if (a->count > 1)
		snprintf(addr, sizeof(addr), ",addr=0x%x", nic_slot[k][rx]);
	snprintf(a->device[k][rx], sizeof(a->device[k][rx]),
		 "virtio-net-pci,netdev=%s,mac=%s%s", id, mac, addr);
}

static int nic_pair_prepare(struct nic_pair_args *a, int count)
{
	if (count < 1 || count > NIC_PAIR_MAX) {
		fail_msg("rx_nics=%d: 1 to %d NIC pairs", count, NIC_PAIR_MAX);
		return -1;
	}
	a->count = count;
	snprintf(a->dir, sizeof(a->dir), "/tmp/mmx-nic-XXXXXX");
	if (!mkdtemp(a->dir)) {
		fail_msg("cannot make a directory for the NIC pair's sockets: %s",
			 strerror(errno));
		return -1;
	}
	for (int k = 0; k < count; k++) {
		for (int rx = 1; rx >= 0; rx--) {
			char self[16], peer[16];

			nic_name(self, sizeof(self), k, rx);
			nic_name(peer, sizeof(peer), k, !rx);
			snprintf(a->netdev[k][rx], sizeof(a->netdev[k][rx]),
				 "dgram,id=%s,local.type=unix,local.path=%s/%s,"
				 "remote.type=unix,remote.path=%s/%s", self, a->dir,
				 self, a->dir, peer);
			nic_pair_device(a, k, rx);
		}
	}
	return 0;
}

static void nic_pair_cleanup(struct nic_pair_args *a)
{
	char path[sizeof(a->dir) + 16], name[16];

	for (int k = 0; k < a->count; k++) {
		for (int rx = 0; rx < 2; rx++) {
			nic_name(name, sizeof(name), k, rx);
			snprintf(path, sizeof(path), "%s/%s", a->dir, name);
			unlink(path);
		}
	}
	rmdir(a->dir);
}


int vm_boot_run(const struct vm_boot *b, struct vm_outcome *o)
{
	char mem[32], smp[32], con[4200], res[4200], drive[4300], files[4200];
	struct nic_pair_args nics;
	const char *argv[96];
	double t0 = monotonic_s();
	int n = 0, st;
	pid_t pid;

	memset(o, 0, sizeof(*o));
	o->agent_code = -1;
	snprintf(mem, sizeof(mem), "%d", b->memory_mb);
	snprintf(smp, sizeof(smp), "%d", b->cpus);
	snprintf(con, sizeof(con), "file,id=console,path=%s", b->console_log);
	snprintf(res, sizeof(res), "file,id=result,path=%s", b->result_file);
	/*
	 * setpriv (util-linux) execs QEMU with a parent-death signal: if mmx
	 * is killed, its guest dies with it instead of running on unseen.
	 */
	argv[n++] = "setpriv";
	argv[n++] = "--pdeathsig";
	argv[n++] = "KILL";
	argv[n++] = "--";
	argv[n++] = QEMU;
	argv[n++] = "-M";
	argv[n++] = "pc";
	switch (b->accel) {
	case ACCEL_KVM:
		argv[n++] = "-accel";
		argv[n++] = "kvm";
		argv[n++] = "-cpu";
		argv[n++] = "host";
		break;
	case ACCEL_TCG:
		argv[n++] = "-accel";
		argv[n++] = "tcg,thread=multi";
		argv[n++] = "-cpu";
		argv[n++] = "max";
		break;
	case ACCEL_ICOUNT:
		/* guest time becomes an instruction count: deterministic */
		argv[n++] = "-accel";
		argv[n++] = "tcg";
		argv[n++] = "-icount";
		argv[n++] = "shift=0,sleep=off";
		argv[n++] = "-cpu";
		argv[n++] = "max";
		break;
	}
	argv[n++] = "-m";
	argv[n++] = mem;
	argv[n++] = "-smp";
	argv[n++] = smp;
	argv[n++] = "-nodefaults";
	argv[n++] = "-display";
	argv[n++] = "none";
	argv[n++] = "-no-reboot";
	argv[n++] = "-kernel";
	argv[n++] = b->bzimage;
	argv[n++] = "-initrd";
	argv[n++] = b->initrd;
	argv[n++] = "-append";
	argv[n++] = b->cmdline;
	argv[n++] = "-chardev";
	argv[n++] = con;
	argv[n++] = "-serial";
	argv[n++] = "chardev:console";
	argv[n++] = "-chardev";
	argv[n++] = res;
	argv[n++] = "-serial";
	argv[n++] = "chardev:result";
	/*
	 * no NIC unless a workload asks for the pair, which is wired only to
	 * itself: no packet leaves the guest
	 */
	argv[n++] = "-nic";
	argv[n++] = "none";
	if (b->nic_pair) {
		if (nic_pair_prepare(&nics, b->nic_pair) < 0)
			return -1;
		for (int k = 0; k < nics.count; k++) {
			for (int rx = 1; rx >= 0; rx--) {
				argv[n++] = "-netdev";
				argv[n++] = nics.netdev[k][rx];
				argv[n++] = "-device";
				argv[n++] = nics.device[k][rx];
			}
		}
	}
	if (b->plugin) {
		argv[n++] = "-plugin";
		argv[n++] = b->plugin;
	}
	argv[n++] = "-device";
	argv[n++] = "isa-debug-exit,iobase=0xf4,iosize=0x04";
	if (b->file_port) {
		/* the guest's files (guest_file_port.h), only for runs that send some */
		snprintf(files, sizeof(files), "file,id=files,path=%s", b->file_port);
		argv[n++] = "-device";
		argv[n++] = "virtio-serial-pci,id=vser";
		argv[n++] = "-chardev";
		argv[n++] = files;
		argv[n++] = "-device";
		argv[n++] = "virtserialport,bus=vser.0,chardev=files,name=mmx.files";
	}
	if (b->disk_image) {
		snprintf(drive, sizeof(drive), "file=%s,if=virtio,format=raw,cache=unsafe",
			 b->disk_image);
		argv[n++] = "-drive";
		argv[n++] = drive;
	}
	argv[n] = NULL;

	{
		FILE *f = fopen(b->qemu_log, "w");

		if (f) {
			for (int i = 0; i < n; i++)
				fprintf(f, "%s%s", i ? " " : "+ ", argv[i]);
			fputc('\n', f);
			fclose(f);
		}
	}
	pid = spawn_logged((char *const *)argv, b->qemu_log);
	if (pid < 0) {
		if (b->nic_pair)
			nic_pair_cleanup(&nics);
		fail_msg("cannot start %s: %s; run 'make deps' (package "
			 "qemu-system-x86)", QEMU, strerror(errno));
		return -1;
	}
	for (;;) {
		pid_t r = waitpid(pid, &st, WNOHANG);

		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			break;
		if (monotonic_s() - t0 > b->deadline_s) {
			o->timed_out = 1;
			kill(pid, SIGKILL);
			waitpid(pid, &st, 0);
			break;
		}
		usleep(50000);
	}
	o->wall_s = monotonic_s() - t0;
	if (b->nic_pair)
		nic_pair_cleanup(&nics);
	if (WIFEXITED(st)) {
		o->qemu_status = WEXITSTATUS(st);
		/* isa-debug-exit: status = (code << 1) | 1 */
		if (o->qemu_status & 1)
			o->agent_code = o->qemu_status >> 1;
	} else if (WIFSIGNALED(st)) {
		o->qemu_status = 128 + WTERMSIG(st);
		o->killed_by_signal = !o->timed_out;
	}
	return 0;
}
