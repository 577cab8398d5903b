#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# Instructions per field value of typed_bench's three ways of reading every
# field of every record in trace order (the typed columns, window by window;
# tep_get_field_val by name on ours and on upstream), counted with callgrind:
# a run of two passes minus a run of one is one steady pass (models built,
# caches warm), divided by the values read. The three ways' checksums of a
# pass must agree (they read the same values).
#   typed_measure.sh BUILD_DIR [TRACE] [ORACLE_LIB]
# e.g. typed_measure.sh build /work/shared/corpus/sched_v6.dat /work/oracle/lib/libtraceevent.so.1
set -euo pipefail
[ $# -ge 1 ] || { sed -n '3,8p' "$0"; exit 2; }
bench=$(realpath "$1")/tests/typed/typed_bench
trace=${2:-$(dirname "$(realpath "$0")")/../data/traces/kmem.dat}
oracle=${3:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
ir() { # VARIANT PASSES -> total Ir
	TYPED_BENCH_ONCE=$1 TYPED_BENCH_REPEAT=$2 TYPED_BENCH_TRACE="$trace" TYPED_BENCH_ORACLE="$oracle" \
		valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bench" >"$out/stdout" 2>"$out/log"
	awk '/Collected :/ { print $NF }' "$out/log"
}
declare -A per_value checksum
for v in columns ours upstream; do
	one=$(ir $v 1)
	two=$(ir $v 2)
	values=$(awk '{ print $1 }' "$out/stdout")
	checksum[$v]=$(sed -n 's/.*(checksum \([0-9]*\))/\1/p' "$out/stdout")
	per_value[$v]=$(awk -v a="$one" -v b="$two" -v n="$values" 'BEGIN { printf "%.1f", (b - a) / n }')
done
if [ "${checksum[columns]}" != "${checksum[ours]}" ] || [ "${checksum[ours]}" != "${checksum[upstream]}" ]; then
	echo "checksums differ: columns ${checksum[columns]}, ours ${checksum[ours]}, upstream ${checksum[upstream]}" >&2
	exit 1
fi
printf '%s: %s field values\n' "$(basename "$trace")" "$values"
printf '%-38s %10s\n' "way" "Ir/value"
printf "%-38s %10s\n" "typed columns (tev_window_fill, ours)" "${per_value[columns]}"
printf '%-38s %10s\n' "tep_get_field_val by name (ours)" "${per_value[ours]}"
printf '%-38s %10s\n' "tep_get_field_val by name (upstream)" "${per_value[upstream]}"
awk -v c="${per_value[columns]}" -v o="${per_value[ours]}" -v u="${per_value[upstream]}" \
	'BEGIN { printf "columns vs upstream by name: %.1fx, vs ours by name: %.1fx\n", u / c, o / c }'
