#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# The release tarball builds and passes its tests from scratch:
#   tests/packaging/dist-check.sh [--build BUILDDIR] [--work DIR] [--allow-dirty]
# `meson dist --no-tests` in BUILDDIR (default: build; the tarball holds what git has
# committed), then, in WORK (default: build-dist), the tarball alone is unpacked, configured
# (with BUILDDIR's -Doracle= directory, so the differential suites run), built and tested
# with `meson test --no-suite corpus` (the corpus lives beside the repository, not in it).
# Each step is timed; the last line is 'dist: N passed, N failed'.
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$src/build
work=$src/build-dist
dirty=()
while [ $# -gt 0 ]; do
	case $1 in
		--build) build=$(realpath -m "$2"); shift 2 ;;
		--work) work=$(realpath -m "$2"); shift 2 ;;
		--allow-dirty) dirty=(--allow-dirty); shift ;;
		*) echo "usage: $0 [--build BUILDDIR] [--work DIR] [--allow-dirty]" >&2; exit 2 ;;
	esac
done
passed=0 failed=0
timed() {
	local name=$1 start rc; shift
	start=$(date +%s)
	echo; echo "=== $name: $*"
	"$@" >"$work/$name.log" 2>&1; rc=$?
	if [ $rc -eq 0 ]; then passed=$((passed + 1)); echo "--- $name: ok ($(( $(date +%s) - start ))s)"
	else failed=$((failed + 1)); tail -40 "$work/$name.log"; echo "--- $name: FAILED ($(( $(date +%s) - start ))s)"; fi
	return $rc
}
finish() { echo; echo "dist: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }

[ -f "$build/build.ninja" ] || { echo "dist: $build is not a configured build dir"; exit 1; }
oracle=$(meson introspect --buildoptions "$build" \
	| python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "oracle"))')
version=$(meson introspect --projectinfo "$build" | python3 -c 'import json,sys; print(json.load(sys.stdin)["version"])')
rm -rf "$work" && mkdir -p "$work"
tarball=$build/meson-dist/libtraceevent-$version.tar.xz

timed dist meson dist -C "$build" --no-tests "${dirty[@]}" || finish
echo "  $(du -h "$tarball" | cut -f1) $tarball"
timed unpack tar -xf "$tarball" -C "$work" || finish
tree=$work/libtraceevent-$version
timed setup meson setup "$work/build" "$tree" -Dbuildtype=debugoptimized -Doracle="$oracle" || finish
timed build ninja -C "$work/build" -j2 || finish
timed test meson test -C "$work/build" --no-rebuild --num-processes 2 --print-errorlogs --no-suite corpus
grep -E '^(Ok|Fail|Skipped|Timeout):' "$work/test.log" | sed 's/^/  /'
finish
