#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# The sid consumer suite (sid_consumers.py) for CI and `meson test --suite sid`:
#   tests/consumers/sid/run.sh BUILD_DIR [sid_consumers.py options...]
#   1. the Debian sid root (sid-root.sh; cached in $SID_ROOT, default
#      /var/cache/libtraceevent-consumers/sid-root): built when missing, a no-op when ready;
#      exit 77 (skipped) when it is missing and the Debian mirror cannot be reached;
#   2. our .debs of BUILD_DIR's source tree (tests/packaging/build-debs.sh) in
#      BUILD_DIR/sid-consumers/debs;
#   3. the driver, results (counts, KernelShark screenshots) in BUILD_DIR/sid-consumers/results.
# Needs root (mount namespace, overlayfs, chroot, dpkg-buildpackage's build dependencies).
set -uo pipefail
build=$(realpath "${1:?usage: run.sh BUILD_DIR [sid_consumers.py options...]}")
shift
root=${SID_ROOT:-/var/cache/libtraceevent-consumers/sid-root}
[ "$(id -u)" -eq 0 ] || { echo "SKIP sid consumers: needs root (overlayfs, chroot, dpkg)"; exit 77; }
src=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["directories"]["source"])' \
	"$build/meson-info/meson-info.json") || { echo "FAIL: $build is not a meson build dir"; exit 1; }
here=$src/tests/consumers/sid
work=$build/sid-consumers
start=$(date +%s)

"$here/sid-root.sh" "$root"
case $? in
	0) ;;
	77) echo "SKIP sid consumers: no sid root and the Debian mirror cannot be reached"; exit 77 ;;
	*) echo "FAIL: could not build the sid root in $root"; exit 1 ;;
esac
echo "=== our packages of $src ($(date +%s | awk -v s="$start" '{print $1 - s}') s)"
"$src/tests/packaging/build-debs.sh" "$work/debs" || { echo "FAIL: our packages did not build"; exit 1; }
echo "=== consumers ($(date +%s | awk -v s="$start" '{print $1 - s}') s)"
python3 "$here/sid_consumers.py" --root "$root" --debs "$work/debs" --results "$work/results" "$@"
rc=$?
echo "sid suite: $(( $(date +%s) - start )) s in all"
exit $rc
