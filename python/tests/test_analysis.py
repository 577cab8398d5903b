# SPDX-License-Identifier: LGPL-2.1
"""Trace.dataframes(), Trace.summary(), the Series accessor .tev, Column.format of
plain values, and the JSON lines export (Trace.to_jsonl, python3 -m traceevent)."""
import json
import os
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

import traceevent
from conftest import TRACES, trace_path


@pytest.mark.parametrize("path", TRACES, ids=os.path.basename)
def test_dataframes_equal_one_dataframe_each(path):
    with traceevent.open(path) as trace:
        frames = trace.dataframes()
        assert list(frames) == sorted(frames)
        with_records = {name for name, f in frames.items() if len(f)}
        assert with_records == set(frames)
        for name, frame in frames.items():
            pd.testing.assert_frame_equal(frame, trace.dataframe(name))


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_dataframes_with_threads_and_a_filter(threads):
    with traceevent.open(trace_path("sched_irq.dat")) as trace:
        events = ["sched_switch", "sched:sched_wakeup", "irq:softirq_entry"]
        frames = trace.dataframes(events, filter=".*: common_pid != 0", threads=threads)
        assert list(frames) == ["sched:sched_switch", "sched:sched_wakeup", "irq:softirq_entry"]
        for name, frame in frames.items():
            pd.testing.assert_frame_equal(frame, trace.dataframe(name, filter=".*: common_pid != 0", threads=1))
            assert (frame["pid"] != 0).all()


def test_workers_merge_blocks_of_any_size(tmp_path):
    # 12 times sched_irq.dat's pages: each worker's part holds several batches, sealed into
    # blocks of whatever size each batch had (a merge assuming 4,096-row blocks crashed).
    big = tmp_path / "big.dat"
    subprocess.run([sys.executable, os.path.join(os.environ.get("TRACEEVENT_TEST_SOURCE", "."), "python", "bench",
                    "repeat-pages.py"), trace_path("sched_irq.dat"), str(big), "12"], check=True)
    with traceevent.open(str(big)) as trace:
        events = ["sched:sched_switch", "sched:sched_wakeup", "irq:softirq_entry", "irq:softirq_exit"]
        one = trace.dataframes(events, threads=1)
        two = trace.dataframes(events, threads=2)
        assert sum(len(f) for f in one.values()) > 4096
        for name in events:
            pd.testing.assert_frame_equal(two[name], one[name])


def test_frames_outlive_a_fork(tmp_path):
    # A pass whose arrays (several MiB) a second thread faults in; a child fork() makes
    # afterwards drops the frames it inherited, and so their region, without that thread.
    big = tmp_path / "big.dat"
    subprocess.run([sys.executable, os.path.join(os.environ.get("TRACEEVENT_TEST_SOURCE", "."), "python", "bench",
                    "repeat-pages.py"), trace_path("sched_irq.dat"), str(big), "200"], check=True)
    with traceevent.open(str(big)) as trace:
        frames = trace.dataframes()
    rows = sum(len(f) for f in frames.values())
    assert rows > 200_000
    pid = os.fork()
    if pid == 0:
        try:
            seen = sum(len(f) for f in frames.values())
            frames.clear()
            os._exit(0 if seen == rows else 1)
        except BaseException:
            os._exit(2)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    frames.clear()


def test_a_trace_cut_short_is_an_error_not_a_partial_frame(tmp_path):
    data = open(trace_path("sched_irq.dat"), "rb").read()
    cut = tmp_path / "cut.dat"
    cut.write_bytes(data[:len(data) * 2 // 3])  # mid-page, in the records
    with traceevent.open(str(cut)) as trace:
        for call in (lambda: trace.dataframes(), lambda: trace.dataframe("sched_switch"), trace.summary,
                     lambda: trace.to_jsonl(str(tmp_path / "out.jsonl"))):
            with pytest.raises(OSError, match="cut.dat is damaged"):
                call()
        seen = []
        with pytest.raises(OSError, match="damaged"):
            for record in trace.records():
                seen.append(record.ts)
        assert 0 < len(seen) < 1195


def test_dataframes_of_an_event_without_records(sched_irq):
    empty = [e for e in sched_irq.event_types if e.system == "sched" and e.name == "sched_kthread_stop"]
    assert empty
    frames = sched_irq.dataframes(["sched:sched_kthread_stop"])
    frame = frames["sched:sched_kthread_stop"]
    assert len(frame) == 0
    pd.testing.assert_frame_equal(frame, sched_irq.dataframe("sched:sched_kthread_stop"))
    with pytest.raises(KeyError):
        sched_irq.dataframes(["no_such_event"])


def test_dataframe_of_some_cpus(sched_irq):
    whole = sched_irq.dataframe("sched_switch")
    for cpu in range(sched_irq.cpus):
        part = sched_irq.dataframe("sched_switch", cpus=[cpu])
        assert (part["cpu"] == cpu).all()
        expect = whole[whole["cpu"] == cpu].reset_index(drop=True)
        pd.testing.assert_frame_equal(part.astype({"comm": str, "prev_comm": str, "next_comm": str}),
                                      expect.astype({"comm": str, "prev_comm": str, "next_comm": str}))
    with pytest.raises(ValueError, match="no CPU buffer"):
        sched_irq.dataframe("sched_switch", cpus=[99])


def test_summary(sched_irq):
    summary = sched_irq.summary()
    assert list(summary.columns) == ["event", "cpu", "count", "first_ts", "last_ts"]
    records = collections_of(sched_irq)
    assert summary["count"].sum() == sum(records.values())
    for row in summary.itertuples():
        assert records[(row.event, row.cpu)] == row.count
        assert row.first_ts <= row.last_ts
    assert set(summary.attrs["lost_events"]) == set(range(sched_irq.cpus))


def collections_of(trace):
    counts = {}
    for r in trace.records():
        key = (f"{r.event.system}:{r.event.name}", r.cpu)
        counts[key] = counts.get(key, 0) + 1
    return counts


def test_format_takes_a_plain_value(sched_irq):
    switch = sched_irq.event_type("sched_switch")
    state = switch.column("prev_state")
    for r in sched_irq.records("sched_switch"):
        assert state.format(r["prev_state"]) == state.format(r)
    assert switch.column("prev_pid").format(42) == "42"
    assert switch.column("prev_pid").format(-1) == "-1"
    with pytest.raises(ValueError, match="does not read one integer field"):
        switch.column("prev_comm").format(1)


def test_accessor_text_equals_format(sched_irq):
    frame = sched_irq.dataframe("sched_switch")
    text = frame["prev_state"].tev.text()
    column = frame.attrs["columns"]["prev_state"]
    assert list(text) == [column.format(int(v)) for v in frame["prev_state"]]
    assert text.dtype == "category"
    assert frame["prev_comm"].tev.text().equals(frame["prev_comm"])


def test_accessor_flags_and_has(sched_irq):
    frame = sched_irq.dataframe("sched_switch")
    state = frame["prev_state"]
    flags = state.tev.flags()
    column = frame.attrs["columns"]["prev_state"]
    names = [name for mask, name, resolved in column.flags if resolved and mask]
    assert list(flags.columns) == list(dict.fromkeys(names))
    masks = {name: mask for mask, name, resolved in reversed(column.flags)}
    for name in flags.columns:
        expect = (state.astype("int64") & masks[name]) == masks[name]
        assert (flags[name] == expect).all()
        assert (state.tev.has(name) == expect).all()
    assert state.tev.has("D").sum() == sum("D" in column.format(int(v)) for v in state)
    with pytest.raises(KeyError):
        state.tev.has("no such flag")


def test_accessor_labels_and_symbols(sched_irq, kmem):
    vec = sched_irq.dataframe("softirq_raise")["vec"]
    assert vec.dtype == "category"
    assert vec.tev.label().equals(vec)
    column = vec.attrs["columns"]["vec"]
    raw = pd.Series(np.array([1, 3, 9, 1234], dtype="uint32"), name="vec")
    raw.attrs["columns"] = {"vec": column}
    assert list(raw.tev.label().astype(object).fillna("?")) == ["TIMER", "NET_RX", "RCU", "?"]
    call_site = kmem.dataframe("kmalloc")["call_site"]
    assert call_site.tev.symbol().equals(call_site)
    with pytest.raises(AttributeError, match="not a column of a traceevent DataFrame"):
        pd.Series([1, 2], name="x").tev.text()


def test_accessor_is_faster_than_a_loop(sched_irq):
    # The figures live in python/bench/; here only that it scales: a million rows.
    frame = sched_irq.dataframe("sched_switch")
    state = pd.concat([frame["prev_state"]] * 4000, ignore_index=True)
    text = state.tev.text()
    assert len(text) == len(state) and text.cat.categories.size <= 16


def test_to_jsonl(sched_irq, tmp_path):
    out = tmp_path / "all.jsonl"
    count = sched_irq.to_jsonl(str(out))
    lines = out.read_text().splitlines()
    assert count == len(lines) == sum(1 for _ in sched_irq.records())
    records = list(sched_irq.records())
    for line, r in zip(lines, records):
        obj = json.loads(line)
        assert obj["ts"] == r.ts and obj["cpu"] == r.cpu and obj["pid"] == r.pid and obj["comm"] == r.comm
        assert obj["event"] == f"{r.event.system}:{r.event.name}"
        assert obj["text"] == r.text
        assert list(obj["values"]) == [c.name for c in r.event.columns]
    switch = [json.loads(line) for line in lines if '"event":"sched:sched_switch"' in line]
    for obj in switch:
        state = obj["values"]["prev_state"]
        assert set(state) == {"value", "flags", "rest"}
    raise_ = next(json.loads(line) for line in lines if '"event":"irq:softirq_raise"' in line)
    assert set(raise_["values"]["action"]) == {"value", "name"}


def test_to_jsonl_events_and_symbols(kmem, tmp_path):
    out = tmp_path / "kmalloc.jsonl"
    count = kmem.to_jsonl(str(out), events=["kmalloc"], filter="kmalloc: bytes_req > 100")
    objs = [json.loads(line) for line in out.read_text().splitlines()]
    assert count == len(objs) == len(kmem.dataframe("kmalloc", filter="kmalloc: bytes_req > 100"))
    site = objs[0]["values"]["call_site"]
    assert site["name"] and site["offset"] >= 0
    assert objs[0]["values"]["gfp_flags"]["flags"]
    with pytest.raises(OSError):
        kmem.to_jsonl("/nonexistent/dir/out.jsonl")


def test_json_strings_stay_valid_utf8(tmp_path):
    # misc.dat's marker and comm strings: every line parses whatever bytes a record held.
    with traceevent.open(trace_path("misc.dat")) as trace:
        trace.to_jsonl(str(tmp_path / "misc.jsonl"))
    for line in (tmp_path / "misc.jsonl").read_bytes().splitlines():
        json.loads(line.decode("utf-8"))


def test_command_line(tmp_path):
    env = dict(os.environ)
    run = [sys.executable, "-m", "traceevent"]
    out = subprocess.run(run + ["json", trace_path("timer.dat"), "-e", "hrtimer_start"], env=env,
                         capture_output=True, text=True, check=True).stdout
    objs = [json.loads(line) for line in out.splitlines()]
    assert objs and all(o["event"] == "timer:hrtimer_start" for o in objs)
    summary = subprocess.run(run + ["summary", trace_path("timer.dat")], env=env, capture_output=True, text=True,
                             check=True).stdout
    assert "timer:hrtimer_start" in summary and "first_ts" in summary
    bad = subprocess.run(run + ["summary", "/nonexistent.dat"], env=env, capture_output=True, text=True)
    assert bad.returncode == 1 and "nonexistent" in bad.stderr
