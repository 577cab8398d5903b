#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1
# Decodes a real trace bundled with the repository through OUR library and OUR plugins, with
# the unmodified trace-cmd of the distribution:
#   tests/differential/demo.sh [BUILDDIR] [TRACE.dat] [trace-cmd report options...]
# Defaults: BUILDDIR=build, TRACE=tests/data/traces/sched_irq.dat.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-build}" && pwd)
[ $# -gt 0 ] && shift
trace=${1:-$src/tests/data/traces/sched_irq.dat}
[ $# -gt 0 ] && shift
[ -e "$build/libtraceevent.so.1" ] || { echo "no $build/libtraceevent.so.1: build first (ninja -C $build)" >&2; exit 1; }
command -v trace-cmd >/dev/null || { echo "trace-cmd is not installed (apt-get install trace-cmd)" >&2; exit 1; }
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
# -L: no system plugin dir; TRACEEVENT_PLUGIN_DIR: exactly our plugins; LD_LIBRARY_PATH: our library.
env -u TRACEEVENT_PLUGIN_DIR LD_LIBRARY_PATH="$build" TRACEEVENT_PLUGIN_DIR="$build/plugins" HOME="$home" \
	trace-cmd report -L -i "$trace" "$@"
