#!/bin/sh
# Installs the Debian packages memcg-matrix needs, and only those missing.
# Called by `make` and `make test`; safe to run again (does nothing then).
set -eu

pin=$(jq -r '.source.version' matrix.json 2>/dev/null || true)
[ -n "$pin" ] || pin=$(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' matrix.json | head -n1)

# package list: build tools, QEMU, JSON/crypto/zlib libraries, plotting, load
# tools, perf (linux-perf: profile=1 records with it in the guest and its
# perf.data is read with it on the host), Capstone (the cost plugin classifies
# instructions with the disassembler QEMU itself links), and Slurm with munge
# (mmx slurm; the test starts a one-node cluster)
pkgs="gcc make flex bison bc patch perl libelf-dev libssl-dev zlib1g-dev ccache
cpio xz-utils e2fsprogs jq gnuplot-nox iperf3 linux-perf libjansson-dev qemu-system-x86
python3-ply python3-git linux-source-6.12 libglib2.0-dev pkg-config libcapstone-dev
slurmctld slurmd slurm-client munge"
# the tests add a package that does not exist, to see the message
pkgs="$pkgs ${MMX_DEPS_EXTRA:-}"

missing=""
for p in $pkgs; do
	want=""
	[ "$p" = linux-source-6.12 ] && want="$pin"
	have=$(dpkg-query -W -f='${db:Status-Abbrev}${Version}' "$p" 2>/dev/null || true)
	case "$have" in
	"ii "*)
		if [ -n "$want" ] && [ "${have#ii }" != "$want" ]; then
			missing="$missing $p=$want"
		fi
		;;
	*)
		if [ -n "$want" ]; then missing="$missing $p=$want"; else missing="$missing $p"; fi
		;;
	esac
done

# the cost plugin's header: from Debian's qemu source package of the
# installed QEMU, fetched once into the cache
plugin_header() {
	./scripts/qemu-plugin-header.sh >/dev/null
}

if [ -z "$missing" ]; then
	echo "[mmx] deps: all packages present"
	plugin_header
	exit 0
fi
echo "[mmx] deps: installing:$missing"
if [ "$(id -u)" != 0 ]; then
	echo "mmx: error: these Debian packages are missing:$missing" >&2
	echo "mmx: error: run 'sudo make deps' once, or install them with apt-get" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null || echo "[mmx] deps: apt-get update failed; trying the cached lists"
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing
plugin_header
echo "[mmx] deps: done"
