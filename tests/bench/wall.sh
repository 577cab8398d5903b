#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# Wall and CPU time of every benchmark of api_bench, print_bench and btf_bench
# (the last needs /sys/kernel/btf/vmlinux or BTF_BENCH_FILE), upstream
# and ours run alternately ROUNDS times (so load on a shared machine hits both
# alike); prints the median of each side and upstream/ours.
#   wall.sh BUILD_DIR [ORACLE_DIR] [KALLSYMS] [ROUNDS] [MIN_TIME]
set -euo pipefail
[ $# -ge 1 ] || { sed -n '3,6p' "$0"; exit 2; }
build=$(realpath "$1")
oracle=${2:-/tmp/oracle}
kallsyms=${3:-$(dirname "$(realpath "$0")")/../data/print/formats-6.18/kallsyms}
rounds=${4:-3}
min_time=${5:-0.1}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
libs=("$oracle/lib" "$build")

for ((round = 0; round < rounds; round++)); do
	for side in 0 1; do
		for bench in print_bench api_bench btf_bench; do
			env API_BENCH_KALLSYMS="$kallsyms" LD_LIBRARY_PATH="${libs[$side]}" \
				"$build/tests/bench/$bench" --benchmark_min_time="$min_time" --benchmark_format=json \
				>"$out/$bench.$side.$round.json" 2>/dev/null
		done
	done
done

python3 - "$out" <<'EOF'
import json, os, statistics, sys
out = sys.argv[1]
times = {}  # name -> side -> [(real_ns, cpu_ns)]
for f in sorted(os.listdir(out)):
    bench, side, _, _ = f.split('.')
    for b in json.load(open(os.path.join(out, f)))['benchmarks']:
        scale = {'ns': 1, 'us': 1e3, 'ms': 1e6, 's': 1e9}[b['time_unit']]
        per_item = b['real_time'] * scale, b['cpu_time'] * scale
        times.setdefault(b['name'], {}).setdefault(int(side), []).append(per_item)
print(f"{'benchmark':20} {'up real':>12} {'ours real':>12} {'ratio':>7} {'up cpu':>12} {'ours cpu':>12} {'ratio':>7}")
for name, sides in times.items():
    if 0 not in sides or 1 not in sides:
        continue
    up_r = statistics.median(t[0] for t in sides[0]); us_r = statistics.median(t[0] for t in sides[1])
    up_c = statistics.median(t[1] for t in sides[0]); us_c = statistics.median(t[1] for t in sides[1])
    print(f"{name:20} {up_r/1e3:10.1f}us {us_r/1e3:10.1f}us {up_r/us_r:6.2f}x {up_c/1e3:10.1f}us {us_c/1e3:10.1f}us {up_c/us_c:6.2f}x")
EOF
