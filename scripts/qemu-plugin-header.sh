#!/bin/sh
# Puts the TCG plugin header of the installed QEMU into the cache and prints
# its directory: include/qemu/qemu-plugin.h from Debian's `qemu` source
# package of exactly the version installed, so the cost plugin is built
# against the API the running QEMU loads.  Needs a deb-src entry (added
# here, beside the deb entry) and root for `apt-get update`; once fetched,
# the header is reused from the cache.
set -eu

cache=${MMX_CACHE:-$HOME/.cache/memcg-matrix}
srcver=$(dpkg-query -W -f='${source:Version}' qemu-system-x86 2>/dev/null || true)
if [ -z "$srcver" ]; then
	echo "mmx: error: qemu-system-x86 is not installed; run 'make deps'" >&2
	exit 1
fi
# make cannot take a colon (the epoch) in a path
dir="$cache/qemu-plugin/$(echo "$srcver" | tr : _)"
if [ -f "$dir/qemu/qemu-plugin.h" ]; then
	echo "$dir"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "mmx: error: the QEMU plugin header for qemu $srcver is not in $dir;" \
		"run 'sudo make deps' once (it fetches Debian's qemu source package)" >&2
	exit 1
fi
echo "[mmx] deps: fetching qemu $srcver's plugin header (Debian source package qemu)" >&2
srclist=/etc/apt/sources.list.d/mmx-deb-src.sources
if ! grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
	if [ ! -f /etc/apt/sources.list.d/debian.sources ]; then
		echo "mmx: error: no deb-src entry and no /etc/apt/sources.list.d/debian.sources" \
			"to copy one from; add a deb-src line for Debian's main archive" >&2
		exit 1
	fi
	sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$srclist"
	echo "[mmx] deps: added $srclist (deb-src copy of debian.sources)" >&2
	apt-get update -q >/dev/null || echo "[mmx] deps: apt-get update failed; trying the cached lists" >&2
fi
work="$cache/qemu-plugin/download.$$"
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
if ! (cd "$work" && apt-get source -q --download-only "qemu=$srcver" >&2); then
	echo "mmx: error: 'apt-get source --download-only qemu=$srcver' failed; check the" \
		"deb-src entry in $srclist and the network" >&2
	exit 1
fi
orig=$(ls "$work"/qemu_*.orig.tar.* 2>/dev/null | head -n1)
if [ -z "$orig" ]; then
	echo "mmx: error: no qemu_*.orig.tar.* in the downloaded source package ($work)" >&2
	exit 1
fi
tar -xf "$orig" -C "$work" --wildcards '*/include/qemu/qemu-plugin.h'
hdr=$(find "$work" -path '*/include/qemu/qemu-plugin.h' | head -n1)
# a Debian patch touching the header would apply on top of the upstream one
if tar -tf "$(ls "$work"/qemu_*.debian.tar.* | head -n1)" | grep -q 'qemu-plugin'; then
	echo "mmx: error: Debian's qemu $srcver patches the plugin API; apply its" \
		"debian/patches before using the header" >&2
	exit 1
fi
mkdir -p "$dir/qemu"
cp "$hdr" "$dir/qemu/qemu-plugin.h.tmp"
mv "$dir/qemu/qemu-plugin.h.tmp" "$dir/qemu/qemu-plugin.h"
echo "[mmx] deps: plugin header in $dir/qemu/qemu-plugin.h" >&2
echo "$dir"
