#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# Packaging check: this tree as Debian packages that swap in for Debian's libtraceevent.
#   tests/packaging/check.sh [--build BUILDDIR] [--work DIR] [--reuse-debs]
# Steps (each timed):
#   debs      dpkg-buildpackage -b of a copy of the tree with tests/packaging/debian: packages
#             libtraceevent1, libtraceevent1-plugin, libtraceevent-dev, libtraceevent-doc,
#             version 1:1.9.0-2cpp1 (no network: only installed build dependencies);
#   contents  each package's file list against Debian's (dpkg -L of the installed 1.7.1 ones,
#             and forky's 1.9.0 debs when the mirror answers: cached), control fields,
#             SONAME, shlibs/symbols, version above the installed Debian one;
#   lintian   no error; warnings and informational tags printed (justified in README.md);
#   root      a throwaway root: an overlay (copy-on-write) of / in a private mount namespace,
#             where apt-get installs the packages over Debian's, then tests/packaging/in-root.sh
#             checks ldd trace-cmd, trace-cmd list -O, a static and a dynamic link against
#             libtraceevent-dev, trace-cmd report of tests/data/traces against the oracle,
#             and the consumers suite with CONSUMERS_OURS=system when BUILDDIR has it.
#             Nothing of it touches the real system: the overlay goes with the namespace.
# --reuse-debs skips 'debs' when WORK (default: build-packaging) has them from a previous run.
# BUILDDIR (default: build) is a configured build of this tree, for its -Doracle= directory
# and its test suites. Needs root (mount namespace, overlayfs), dpkg-dev, debhelper, lintian,
# trace-cmd. Exits non-zero if any step fails; last line 'packaging: N passed, N failed'.
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$src/build
work=$src/build-packaging
reuse=0
while [ $# -gt 0 ]; do
	case $1 in
		--build) build=$(realpath -m "$2"); shift 2 ;;
		--work) work=$(realpath -m "$2"); shift 2 ;;
		--reuse-debs) reuse=1; shift ;;
		*) echo "usage: $0 [--build BUILDDIR] [--work DIR] [--reuse-debs]" >&2; exit 2 ;;
	esac
done
# Debian's packages of 1.9.0, for their file lists: kept between runs, outside the tree.
cache=${PACKAGING_CACHE:-/var/cache/libtraceevent-packaging}
version=1:1.9.0-2cpp1
packages="libtraceevent1 libtraceevent1-plugin libtraceevent-dev libtraceevent-doc"
passed=0 failed=0
export LC_ALL=C.UTF-8

step() { step_name=$1; step_start=$(date +%s); echo; echo "=== $1: $2"; }
step_end() {
	local rc=$1 took=$(( $(date +%s) - step_start ))
	if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); echo "--- $step_name: ok (${took}s)"
	else failed=$((failed + 1)); echo "--- $step_name: FAILED (${took}s)"; fi
}
finish() { echo; echo "packaging: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }

[ "$(id -u)" -eq 0 ] || { echo "packaging: needs root (mount namespace, overlayfs, dpkg)"; exit 1; }
for tool in dpkg-buildpackage dh lintian unshare trace-cmd git; do
	command -v "$tool" >/dev/null || { echo "packaging: needs $tool"; exit 1; }
done
oracle=$(meson introspect --buildoptions "$build" 2>/dev/null \
	| python3 -c 'import json,sys; print(next((o["value"] for o in json.load(sys.stdin) if o["name"] == "oracle"), ""))' \
	2>/dev/null || true)

debs=$work
ours() { for p in $packages; do ls "$debs/${p}_${version#*:}_"*.deb 2>/dev/null; done; }
if [ $reuse -eq 1 ] && [ "$(ours | wc -l)" -eq 4 ]; then
	echo "=== debs: reusing $(ours | wc -l) packages in $work"
	rm -rf "$work/logs" "$work"/unpacked-* && mkdir -p "$work/logs"
else
	step debs "dpkg-buildpackage -b of $src"
	"$src/tests/packaging/build-debs.sh" "$work"
	grep -A30 '^dpkg-gensymbols: warning' "$work/logs/build.log" | head -30
	[ "$(ours | wc -l)" -eq 4 ]; step_end $?
	[ "$(ours | wc -l)" -eq 4 ] || finish
fi

step contents "file lists, fields, SONAME and shlibs against Debian's packages"
# shellcheck disable=SC2086
python3 "$src/tests/packaging/compare_debs.py" --debs "$debs" --version "$version" \
	--cache "$cache" $packages
step_end $?

step lintian "lintian on the four packages"
# shellcheck disable=SC2046
lintian --fail-on error --display-info --tag-display-limit 0 $(ours) >"$work/logs/lintian.log" 2>&1
rc=$?
sed 's/^/  /' "$work/logs/lintian.log"
echo "  ($(grep -c '^E:' "$work/logs/lintian.log") errors, $(grep -c '^W:' "$work/logs/lintian.log") warnings, $(grep -c '^I:' "$work/logs/lintian.log") informational)"
step_end $rc

host_before=$(dpkg-query -W -f '${Package}=${Version} ' 'libtraceevent*' 2>/dev/null; md5sum /usr/lib/*/libtraceevent.so.1)
step root "install over Debian's packages in a throwaway root (overlay of /), then run"
# A private mount namespace: the overlay, its tmpfs and the chroot's mounts vanish with it.
unshare --mount --propagation private bash -s -- "$work" "$src" "$build" "$oracle" "$version" <<'EOF'
set -eu
work=$1 src=$2 build=$3 oracle=$4 version=$5
# /mnt, as this namespace sees it: the host's /mnt is left alone.
layer=/mnt
mount -t tmpfs -o size=2g tmpfs "$layer"
mkdir "$layer/upper" "$layer/work" "$layer/root"
mount -t overlay overlay -o "lowerdir=/,upperdir=$layer/upper,workdir=$layer/work" "$layer/root"
root=$layer/root
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
# A clean /tmp, unless the tree is in it (then the overlay's copy of /tmp serves).
case $src/ in /tmp/*) ;; *) mount -t tmpfs tmpfs "$root/tmp" ;; esac
# Logs are the one thing that outlives the root.
mount --bind "$work/logs" "$root$work/logs"
chroot "$root" bash "$src/tests/packaging/in-root.sh" "$work" "$src" "$build" "$oracle" "$version" </dev/null
EOF
rc=$?
# The machine itself is as it was: same packages, same library file.
host_after=$(dpkg-query -W -f '${Package}=${Version} ' 'libtraceevent*' 2>/dev/null; md5sum /usr/lib/*/libtraceevent.so.1)
if [ "$host_before" = "$host_after" ]; then echo "  this machine: unchanged (${host_after%% /*})"
else echo "  FAIL: this machine changed: $host_before -> $host_after"; rc=1; fi
step_end $rc
finish
