# SPDX-License-Identifier: LGPL-2.1
"""The analysis paths against today's one-event-at-a-time API, on one trace, one run.

    PYTHONPATH=BUILD/python TRACEEVENT_PLUGIN_DIR=BUILD/plugins \
        /usr/bin/python3 python/bench/analysis-bench.py TRACE [FLAGS_EVENT:COLUMN]

Prints wall times (best of a few runs where cheap) and the ratios the analysis
issue asks for: dataframes() of every event against one dataframe() and the
per-event loop, of 14 events against 14 calls; .tev.text() of a million-row
flags column against a Python loop over Column.format; to_jsonl records/s.
Each comparison checks that both sides give the same result.
"""
import os
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


def main():
    path = sys.argv[1]
    flags_event, flags_column = (sys.argv[2] if len(sys.argv) > 2 else "sched:sched_switch:prev_state").rsplit(":", 1)
    trace = traceevent.open(path)
    summary = trace.summary()
    counts = summary.groupby("event", observed=True)["count"].sum().sort_values(ascending=False)
    print(f"{path}: {counts.sum()} records, {len(counts)} event types, {os.path.getsize(path) / 1e6:.1f} MB")

    one, _ = timed(lambda: trace.dataframe(flags_event), 3)
    every, frames = timed(lambda: trace.dataframes(), 1)
    print(f"dataframe({flags_event}): {one * 1e3:.0f} ms; dataframes() of all {len(frames)}: {every * 1e3:.0f} ms "
          f"= {every / one:.2f}x one dataframe()")
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
        start = time.process_time()
        written = trace.to_jsonl(out)
        cpu = time.process_time() - start
        print(f"to_jsonl: {written} records in {cpu:.2f} s CPU = {written / cpu / 1e6:.2f} M records/s per core, "
              f"{os.path.getsize(out) / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
