#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# Whole-program A/B timing of `trace-cmd report` on two libtraceevent builds, run alternately
# (A B A B ...) so that load on this shared machine hits both alike; prints each side's median
# wall time and the ratio B/A.
#   ab-report.sh LIB_A PLUGINS_A LIB_B PLUGINS_B TRACE [RUNS] [-- report options...]
# e.g. ab-report.sh /tmp/oracle/lib /tmp/oracle/plugins build build/plugins big.dat 9 -- -R
set -euo pipefail
[ $# -ge 5 ] || { sed -n '3,7p' "$0"; exit 2; }
lib_a=$1 plug_a=$2 lib_b=$3 plug_b=$4 trace=$5
runs=${6:-7}
shift $(( $# >= 6 ? 6 : 5 ))
[ "${1:-}" = "--" ] && shift
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

once() { # LIB PLUGINS -> elapsed nanoseconds
	local lib=$1 plugins=$2 start end
	shift 2
	start=$(date +%s%N)
	env -u TRACEEVENT_PLUGIN_DIR LD_LIBRARY_PATH="$lib" TRACEEVENT_PLUGIN_DIR="$plugins" HOME="$home" \
		trace-cmd report -L -i "$trace" "$@" >/dev/null 2>&1 || true
	end=$(date +%s%N)
	echo $(( end - start ))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# one warm-up each (page cache, plugin loading)
once "$lib_a" "$plug_a" "$@" >/dev/null
once "$lib_b" "$plug_b" "$@" >/dev/null
a_times=() b_times=()
for ((i = 0; i < runs; i++)); do
	a_times+=("$(once "$lib_a" "$plug_a" "$@")")
	b_times+=("$(once "$lib_b" "$plug_b" "$@")")
done
a=$(printf '%s\n' "${a_times[@]}" | median)
b=$(printf '%s\n' "${b_times[@]}" | median)
awk -v a="$a" -v b="$b" -v n="$runs" -v t="$(basename "$trace")" 'BEGIN {
	printf "%s, %d runs each: A median %.3f s, B median %.3f s, B/A = %.3f\n", t, n, a / 1e9, b / 1e9, b / a }'
