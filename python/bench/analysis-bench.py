# SPDX-License-Identifier: LGPL-2.1
"""The analysis paths against the one-event-at-a-time API, on one trace, one run.

    PYTHONPATH=BUILD/python /usr/bin/python3 python/bench/analysis-bench.py \
        TRACE [FLAGS_EVENT:COLUMN] [--today DIR]

Prints wall times (best of three where cheap; dataframes() also its first call,
which makes the events' typed models) and the ratios the analysis
issue asks for: dataframes() of every event against one dataframe() and the
per-event loop, of 14 events against 14 calls; .tev.text() of a million-row
flags column against a Python loop over Column.format; to_jsonl records/s;
the peak memory of dataframes() (a fresh process's VmHWM growth) against
the frames' own size. Each comparison checks that both sides give the same
result.

--today DIR: also the module as it was when the issue was filed (built from
c56a5bb, the commit before dataframes(); DIR goes on its PYTHONPATH), timed in
a child process in the same run: its dataframe() of the flags event (best of
3) and its 14-call loop, the figures the issue's ratios are stated against; in
three rounds alternating with this module's dataframes(), the ratios their
medians.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import pandas as pd

import traceevent


def timed(fn, runs=1):
    best, out = None, None
    for _ in range(runs):
        start = time.perf_counter()
        out = fn()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, out


TODAY = """
import json, sys, time
import traceevent
path, event, sample = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
trace = traceevent.open(path)
best = None
for _ in range(3):
    start = time.perf_counter()
    trace.dataframe(event)
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
start = time.perf_counter()
rows = {e: len(trace.dataframe(e)) for e in sample}
print(json.dumps({"one": best, "loop14": time.perf_counter() - start, "rows": rows}))
"""

# The peak from VmHWM (ru_maxrss would carry the parent's over exec).
PEAK = """
import json, sys
import traceevent
def peak():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
trace = traceevent.open(sys.argv[1])
trace.dataframe(sys.argv[2])  # the module's and pandas' one-time set-up
before = peak()
frames = trace.dataframes()
after = peak()
size = sum(int(df.memory_usage(deep=True).sum()) for df in frames.values())
print(json.dumps({"growth": after - before, "frames": size}))
"""


def spread(values, unit):
    values = sorted(values)
    return f"{values[len(values) // 2]:.2f}{unit} ({values[0]:.2f}-{values[-1]:.2f})"


def child(script, pythonpath, *args):
    env = dict(os.environ, PYTHONPATH=pythonpath)
    out = subprocess.run([sys.executable, "-c", script, *args], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    args = sys.argv[1:]
    today_dir = None
    if "--today" in args:
        at = args.index("--today")
        today_dir = args[at + 1]
        del args[at:at + 2]
    path = args[0]
    flags_event, flags_column = (args[1] if len(args) > 1 else "sched:sched_switch:prev_state").rsplit(":", 1)
    trace = traceevent.open(path)
    summary = trace.summary()
    counts = summary.groupby("event", observed=True)["count"].sum().sort_values(ascending=False)
    print(f"{path}: {counts.sum()} records, {len(counts)} event types, {os.path.getsize(path) / 1e6:.1f} MB")

    one, _ = timed(lambda: trace.dataframe(flags_event), 3)
    # The first call also makes each event's typed model (once per trace); the best of
    # three is timed as dataframe() is.
    first, frames = timed(lambda: trace.dataframes(), 1)
    del frames
    every, frames = timed(lambda: trace.dataframes(), 3)
    print(f"dataframe({flags_event}): {one * 1e3:.0f} ms; dataframes() of all {len(frames)}: {every * 1e3:.0f} ms "
          f"(first call {first * 1e3:.0f} ms) = {every / one:.2f}x one dataframe()")
    sample = list(counts.index[:14])
    loop14, looped = timed(lambda: {e: trace.dataframe(e) for e in sample})
    many14, together = timed(lambda: trace.dataframes(sample), 3)
    for e in sample:
        pd.testing.assert_frame_equal(looped[e], together[e])
        pd.testing.assert_frame_equal(looped[e], frames[e])
    print(f"14 events: loop {loop14 * 1e3:.0f} ms, dataframes(14) {many14 * 1e3:.0f} ms = {loop14 / many14:.1f}x")
    per_event = loop14 / 14
    print(f"all {len(frames)} events: per-event loop (estimated from the 14: {per_event * 1e3:.0f} ms each) "
          f"{per_event * len(frames):.1f} s vs {every:.2f} s = {per_event * len(frames) / every:.0f}x")

    if today_dir:
        # Rounds that alternate today's module (a child process) with this one's
        # dataframes() (best of three again), so that both sides of each ratio meet the
        # same machine; the median of the rounds' ratios.
        ratios = {"one": [], "loop": [], "loop14": []}
        for _ in range(3):
            today = child(TODAY, today_dir, path, flags_event, json.dumps(sample))
            assert today["rows"] == {e: len(together[e]) for e in sample}, today["rows"]
            now, _ = timed(lambda: trace.dataframes(), 3)
            now14, _ = timed(lambda: trace.dataframes(sample), 3)
            today_loop = today["loop14"] / 14 * len(frames)
            print(f"today's module: dataframe({flags_event}) {today['one'] * 1e3:.0f} ms, its 14-call loop "
                  f"{today['loop14'] * 1e3:.0f} ms, its per-event loop over all (estimated) {today_loop:.1f} s; "
                  f"this round's dataframes() {now * 1e3:.0f} ms, dataframes(14) {now14 * 1e3:.0f} ms")
            ratios["one"].append(now / today["one"])
            ratios["loop"].append(today_loop / now)
            ratios["loop14"].append(today["loop14"] / now14)
        print("against today's module, median of the rounds (range): dataframes() of all = %s its dataframe(); "
              "%s faster than its per-event loop; dataframes(14) %s faster than its 14 calls; the first "
              "call of dataframes() = %.2fx its dataframe()" % (
                  spread(ratios["one"], "x"), spread(ratios["loop"], "x"), spread(ratios["loop14"], "x"),
                  first / today["one"]))

    peak = child(PEAK, os.environ.get("PYTHONPATH", ""), path, flags_event)
    print(f"peak memory of dataframes(): {peak['growth'] / 1e6:.1f} MB for {peak['frames'] / 1e6:.1f} MB of frames "
          f"= {peak['growth'] / peak['frames']:.2f}x")

    column = trace.dataframe(flags_event)[flags_column]
    rows = pd.concat([column] * (1_000_000 // max(1, len(column)) + 1), ignore_index=True)[:1_000_000]
    col = rows.attrs["columns"][flags_column]
    vec, texts = timed(lambda: rows.tev.text(), 3)
    loop, looped_texts = timed(lambda: [col.format(int(v)) for v in rows])
    assert list(texts) == looped_texts
    print(f".tev.text() of {len(rows)} rows: {vec * 1e3:.0f} ms; Python loop over Column.format: "
          f"{loop * 1e3:.0f} ms = {loop / vec:.0f}x")

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "all.jsonl")
        cpu = None
        for _ in range(3):  # CPU time, best of three
            start = time.process_time()
            written = trace.to_jsonl(out)
            cpu = min(cpu or float("inf"), time.process_time() - start)
        print(f"to_jsonl: {written} records in {cpu:.2f} s CPU = {written / cpu / 1e6:.2f} M records/s per core, "
              f"{os.path.getsize(out) / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
