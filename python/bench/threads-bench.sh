#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# dataframe() with its CPU buffers read by one worker and by several, in wall time (best of
# RUNS, the two alternating), their ratio, and that both frames are equal. Needs an idle
# machine: wall time counts the others' work. The trace: one with several busy CPU buffers.
#   python/bench/threads-bench.sh BUILD TRACE SYSTEM:EVENT [RUNS] [THREADS] [PYTHON]
set -euo pipefail
build=$(realpath "$1") trace=$2 event=$3 runs=${4:-5} threads=${5:-2} python=${6:-/usr/bin/python3}
PYTHONPATH="$build/python" "$python" - "$trace" "$event" "$runs" "$threads" <<'PY'
import sys, time
import pandas
import traceevent
trace, event, runs, threads = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
t = traceevent.open(trace)
best = {1: 1e30, threads: 1e30}
for _ in range(runs):
    for n in best:
        start = time.perf_counter()
        frame = t.dataframe(event, threads=n)
        best[n] = min(best[n], time.perf_counter() - start)
pandas.testing.assert_frame_equal(t.dataframe(event, threads=1), t.dataframe(event, threads=threads))
print("%s %s: %d records; dataframe(), best of %d in wall time: 1 worker %.1f ms, %d workers %.1f ms: "
      "%.2fx (frames equal)" % (trace, event, len(frame), runs, best[1] * 1e3, threads, best[threads] * 1e3,
                                best[1] / best[threads]))
PY
