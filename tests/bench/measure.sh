#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# Instructions per operation of upstream and of our library, counted with
# callgrind on the same benchmark binaries (wall time on a shared 2-core
# machine is too noisy to compare alone). Prints one line per target:
#   target  upstream_Ir/op  ours_Ir/op  upstream/ours
#   measure.sh BUILD_DIR [ORACLE_DIR] [KALLSYMS] [TRACE]
# (KALLSYMS defaults to the 3000-line one in tests/data; TRACE, if given, adds
# a callgrind of the whole `trace-cmd report -L -i TRACE`.)
# e.g. measure.sh /work/build-bench /tmp/oracle /work/build-main/formats-6.18/kallsyms sched.dat
set -euo pipefail
[ $# -ge 1 ] || { sed -n '3,10p' "$0"; exit 2; }
build=$(realpath "$1")
oracle=${2:-/tmp/oracle}
kallsyms=${3:-$(dirname "$(realpath "$0")")/../data/print/formats-6.18/kallsyms}
iterations=
trace=${4:-}
here=$(dirname "$(realpath "$0")")
per_call="python3 $here/callgrind-per-call.py"
# MEASURE_OUT=DIR keeps the callgrind files there (for callgrind_annotate).
out=${MEASURE_OUT:-$(mktemp -d)}
mkdir -p "$out"
home=$(mktemp -d)
trap 'rm -rf "$home"; [ -n "${MEASURE_OUT:-}" ] || rm -rf "$out"' EXIT
libs=("$oracle/lib" "$build")
plugins=("$oracle/plugins" "$build/plugins")

grind() { # SIDE(0|1) NAME command... -> callgrind file $out/NAME.SIDE
	local side=$1 name=$2
	shift 2
	env API_BENCH_ITERATIONS="$iterations" API_BENCH_KALLSYMS="$kallsyms" LD_LIBRARY_PATH="${libs[$side]}" TRACEEVENT_PLUGIN_DIR="${plugins[$side]}" HOME="$home" \
		valgrind --tool=callgrind --callgrind-out-file="$out/$name.$side" "$@" >/dev/null 2>"$out/$name.$side.log" ||
		{ echo "failed: $* (side $side)" >&2; tail -5 "$out/$name.$side.log" >&2; return 1; }
}
ir_per_call() { # FILE FUNCTION... -> summed inclusive Ir / calls of the first function
	$per_call "$@" | awk 'NR == 1 { calls = $2 } { ir += $3 } END { printf "%.1f", calls ? ir / calls : 0 }'
}
row() { # TARGET A B
	awk -v t="$1" -v a="$2" -v b="$3" 'BEGIN { printf "%-32s %14.1f %14.1f %8.2fx\n", t, a, b, (b > 0 ? a / b : 0) }'
}

api() { # NAME BENCH_REGEX ITERATIONS FUNCTION...
	local name=$1 filter=$2 a b
	iterations=$3
	shift 3
	for side in 0 1; do
		grind $side "$name" "$build/tests/bench/api_bench" --benchmark_filter="$filter"
	done
	a=$(ir_per_call "$out/$name.0" "$@")
	b=$(ir_per_call "$out/$name.1" "$@")
	row "$name" "$a" "$b"
}

# tep_print_event per record: the difference between a run of BENCH and a run
# that only prepares the corpus, so the one-time warm-up is left out.
print_target() { # BENCH...
	local side bench c0 i0 c1 i1 v0 v1
	for side in 0 1; do
		grind $side print-setup "$build/tests/bench/print_bench" --benchmark_filter='^$'
	done
	for bench in "$@"; do
		for side in 0 1; do
			grind $side "print-$bench" "$build/tests/bench/print_bench" --benchmark_filter="^$bench\$" \
				--benchmark_min_time=0.01
			read -r c0 i0 < <($per_call "$out/print-setup.$side" tep_print_event | awk '{ print $2, $3 }')
			read -r c1 i1 < <($per_call "$out/print-$bench.$side" tep_print_event | awk '{ print $2, $3 }')
			eval "v$side=$(awk -v c="$((c1 - c0))" -v i="$((i1 - i0))" 'BEGIN { printf "%.1f", c ? i / c : 0 }')"
		done
		row "tep_print_event ($bench)" "$v0" "$v1"
	done
}

# Whole `trace-cmd report`: every instruction of the process.
report_target() {
	local side a b
	for side in 0 1; do
		grind $side report trace-cmd report -L -i "$trace"
	done
	a=$(awk '/Collected :/ { print $NF }' "$out/report.0.log")
	b=$(awk '/Collected :/ { print $NF }' "$out/report.1.log")
	row "trace-cmd report (total)" "$a" "$b"
}

printf '%-32s %14s %14s %9s\n' target upstream_Ir/op ours_Ir/op up/ours
print_target PrintLine PrintInfo PrintInfoHot
api tep_parse_event '^ParseFormats/' 2 tep_parse_event
api "tep_parse_kallsyms+lookup" '^ParseKallsyms/' 1 tep_parse_kallsyms tep_find_function
# A handle's whole life: tep_alloc, the parses (and lookup), tep_free.
api "handle life (formats)" '^ParseFormats/' 2 tep_alloc tep_parse_event tep_free
api "handle life (kallsyms)" '^HandleLifeKallsyms/' 1 tep_alloc tep_parse_kallsyms tep_find_function tep_free
api tep_get_field_val '^FieldByName/' 4 tep_get_field_val
api "tep_filter_match" '^FilterMatch/' 4 tep_filter_match
api "tep_filter_match (regex)" '^FilterMatchRegex/' 4 tep_filter_match
api "tep_filter_match (string)" '^FilterMatchString/' 4 tep_filter_match
api kbuffer_next_event '^KbufferNextEvent/' 50 kbuffer_next_event
if [ -n "$trace" ]; then report_target; fi
