#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1
# A Debian sid root holding today's consumers of libtraceevent 1.9.0, for running them on our
# library as a distribution would ship it (tests/consumers/sid/sid_consumers.py):
# trace-cmd 3.4 (libtracecmd, python3-trace-cmd), libtracefs 1.8.3, Debian's perf (linux-perf:
# linked to libtraceevent.so.1), rtla, KernelShark 2.4 (and libkshark-dev for the probe),
# uftrace, rasdaemon, cxl, a C compiler and Xvfb; Debian's libtraceevent1 1:1.9.0 underneath.
#   sid-root.sh [DIR]            build it (about 3 minutes and 1.3 GB): a no-op when DIR is
#                                complete with this package list, an apt-get install of what is
#                                missing when DIR was completed with another list
#   sid-root.sh DIR enter CMD    run CMD inside, with /proc, /sys, /dev and tracefs mounted
# DIR defaults to /var/cache/libtraceevent-consumers/sid-root (outside the clone: it is kept
# between runs). The suite never changes it: it works in overlays (copy-on-write) of it.
# Needs root, debootstrap (installed when missing) and the Debian mirror apt already uses;
# exit 77 when the mirror cannot be reached and the root is not complete. The mirror serves a
# fixed sid whose Release file may have expired: Acquire::Check-Valid-Until is off inside.
set -eu
dir=$(realpath -m "${1:-/var/cache/libtraceevent-consumers/sid-root}")
[ $# -gt 0 ] && shift
packages="trace-cmd libtracecmd-dev python3-trace-cmd libtraceevent-dev libtracefs-dev linux-perf rtla"
packages="$packages kernelshark libkshark-dev libjson-c-dev uftrace rasdaemon cxl gcc libc6-dev pkg-config"
packages="$packages xvfb xdotool"
mounted() { grep -q " $1 " /proc/mounts; }
mount_all() {
	# DIR itself becomes a mount point first (unshare -m works inside then); the rest go on top
	mounted "$dir" || mount --bind "$dir" "$dir"
	mounted "$dir/proc" || mount -t proc proc "$dir/proc"
	[ -e /sys/kernel/tracing/events ] || mount -t tracefs nodev /sys/kernel/tracing
	mounted "$dir/sys" || mount --rbind /sys "$dir/sys"
	mounted "$dir/dev" || mount --rbind /dev "$dir/dev"
}
if [ "${1:-}" = enter ]; then
	shift
	mount_all
	exec chroot "$dir" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 "$@"
fi
if [ -f "$dir/.complete" ] && [ "$(cat "$dir/.complete")" = "$packages" ]; then
	echo "sid root ready in $dir"
	exit 0
fi
[ "$(id -u)" -eq 0 ] || { echo "sid-root.sh: needs root" >&2; exit 1; }
uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[ -n "$uri" ] || uri=$(awk '$1 == "deb" && $3 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
if ! python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1] + "/dists/sid/Release", timeout=20)' \
	"${uri:-none}" 2>/dev/null; then
	echo "sid-root.sh: the Debian mirror (${uri:-none found in apt's sources}) cannot be reached: no sid root"
	exit 77
fi
command -v debootstrap >/dev/null || apt-get install -y -q debootstrap >/dev/null
[ -x "$dir/usr/bin/apt-get" ] || debootstrap --variant=minbase sid "$dir" "$uri" >/dev/null
echo 'Acquire::Check-Valid-Until "false";' > "$dir/etc/apt/apt.conf.d/99no-valid-until"
# Inside a private mount namespace: no mount is left on the machine.
# shellcheck disable=SC2086
unshare --mount --propagation private sh "$0" "$dir" enter sh -c "apt-get update -q >/dev/null && \
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $packages >/dev/null && \
	apt-get clean"
echo "$packages" > "$dir/.complete"
chroot "$dir" dpkg-query -W libtraceevent1 trace-cmd libtracefs1 linux-perf rtla kernelshark uftrace \
	rasdaemon cxl python3-trace-cmd
echo "sid root ready in $dir"
