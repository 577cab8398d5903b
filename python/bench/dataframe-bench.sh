#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# dataframe() against the C++ column fill on the same records (bench/fill_bench.cc),
# best of RUNS each in CPU time, and their ratio. The trace: e.g. one made by repeat-pages.py.
#   python/bench/dataframe-bench.sh BUILD TRACE SYSTEM:EVENT [RUNS] [PYTHON]
set -euo pipefail
build=$(realpath "$1") trace=$2 event=$3 runs=${4:-3} python=${5:-/usr/bin/python3}
cpp=$("$build/python/fill_bench" "$trace" "$event" "$runs")
echo "$cpp"
py=$(PYTHONPATH="$build/python" "$python" - "$trace" "$event" "$runs" <<'PY'
import sys, time
import traceevent
trace, event, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
t = traceevent.open(trace)
best = min((lambda s: (t.dataframe(event), time.process_time() - s)[1])(time.process_time()) for _ in range(runs))
print("%s %s: %d records, dataframe(), best of %d: %.1f ms" % (trace, event, len(t.dataframe(event)), runs, best * 1e3))
PY
)
echo "$py"
scan=$(echo "$cpp" | sed -n 's/.*scan only.*: \([0-9.]*\) ms/\1/p')
fill=$(echo "$cpp" | sed -n 's/.*scan + fill.*: \([0-9.]*\) ms/\1/p')
frame=$(echo "$py" | sed -n 's/.*: \([0-9.]*\) ms/\1/p')
awk -v s="$scan" -v f="$fill" -v d="$frame" 'BEGIN {
  printf "dataframe() / C++ scan + fill: %.2fx; beyond the scan: %.1f ms vs %.1f ms (%.2fx)\n", d / f, d - s, f - s, (d - s) / (f - s) }'
