// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/nic_pair.h"
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
 * The MACs tell the agent which NIC is which.
 */
struct nic_pair_args {
	char dir[64];
	char rx_netdev[256], tx_netdev[256], rx_device[100], tx_device[100];
};

static int nic_pair_prepare(struct nic_pair_args *a)
{
	snprintf(a->dir, sizeof(a->dir), "/tmp/mmx-nic-XXXXXX");
	if (!mkdtemp(a->dir)) {
		fail_msg("cannot make a directory for the NIC pair's sockets: %s",
			 strerror(errno));
		return -1;
	}
	snprintf(a->rx_netdev, sizeof(a->rx_netdev),
		 "dgram,id=rx,local.type=unix,local.path=%s/rx,"
		 "remote.type=unix,remote.path=%s/tx", a->dir, a->dir);
	snprintf(a->tx_netdev, sizeof(a->tx_netdev),
		 "dgram,id=tx,local.type=unix,local.path=%s/tx,"
		 "remote.type=unix,remote.path=%s/rx", a->dir, a->dir);
	snprintf(a->rx_device, sizeof(a->rx_device), "virtio-net-pci,netdev=rx,mac=%s",
		 NIC_PAIR_RX_MAC);
	snprintf(a->tx_device, sizeof(a->tx_device), "virtio-net-pci,netdev=tx,mac=%s",
		 NIC_PAIR_TX_MAC);
	return 0;
}

static void nic_pair_cleanup(struct nic_pair_args *a)
{
	char path[sizeof(a->dir) + 4];

	snprintf(path, sizeof(path), "%s/rx", a->dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/tx", a->dir);
	unlink(path);
	rmdir(a->dir);
}


int vm_boot_run(const struct vm_boot *b, struct vm_outcome *o)
{
	char mem[32], smp[32], con[4200], res[4200], drive[4300], files[4200];
	struct nic_pair_args nics;
	const char *argv[80];
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
		if (nic_pair_prepare(&nics) < 0)
			return -1;
		argv[n++] = "-netdev";
		argv[n++] = nics.rx_netdev;
		argv[n++] = "-device";
		argv[n++] = nics.rx_device;
		argv[n++] = "-netdev";
		argv[n++] = nics.tx_netdev;
		argv[n++] = "-device";
		argv[n++] = nics.tx_device;
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
