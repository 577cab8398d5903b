#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# Builds this tree's Debian packages (tests/packaging/debian: libtraceevent1,
# libtraceevent1-plugin, libtraceevent-dev, libtraceevent-doc) into WORK:
#   tests/packaging/build-debs.sh WORK
# WORK is emptied first; WORK/src gets the tree as git sees it (tracked and new files, not
# ignored ones such as build dirs) with debian/, WORK/logs/build.log the dpkg-buildpackage
# log (its tail printed on failure). No network: only installed build dependencies.
# Used by check.sh and tests/consumers/sid/run.sh. Exits with dpkg-buildpackage's status.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
work=$(realpath -m "${1:?usage: build-debs.sh WORK}")
rm -rf "$work" && mkdir -p "$work/src" "$work/logs"
cd "$src" && git ls-files -z -co --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$work/src"
cp -r "$src/tests/packaging/debian" "$work/src/debian"
cd "$work/src"
if ! DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -b -uc -us >"$work/logs/build.log" 2>&1; then
	tail -40 "$work/logs/build.log"
	exit 1
fi
for deb in "$work"/*.deb; do echo "  ${deb##*/}"; done
