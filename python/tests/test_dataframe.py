# SPDX-License-Identifier: LGPL-2.1
"""Trace.dataframe(): dtypes by kind, and every value of every event of the
committed traces against the record's bytes (what tep_get_field_val reads)."""
import collections
import os
import shutil

import pandas as pd
import pytest

import traceevent
from conftest import TRACES, trace_path


def field_number(record, column):
    """The field as tep_get_field_val reads it: size bytes at offset, little-endian."""
    raw = record.data[column.offset:column.offset + column.size]
    return int.from_bytes(raw, "little", signed=column.signed)


def test_sched_switch_dtypes(sched_irq):
    df = sched_irq.dataframe("sched:sched_switch")
    assert list(df.columns[:4]) == ["ts", "cpu", "pid", "comm"]
    assert list(df.columns[4:]) == [f.name for f in sched_irq.event_type("sched_switch").fields[4:]]
    fork = sched_irq.dataframe("sched:sched_process_exit")
    assert list(fork.columns[:6]) == ["ts", "cpu", "pid", "comm", "comm#2", "pid#2"]
    dtypes = {name: str(t) for name, t in df.dtypes.items()}
    assert dtypes["ts"] == "int64" and dtypes["cpu"] == "int32" and dtypes["pid"] == "Int32"
    assert dtypes["comm"] == dtypes["prev_comm"] == dtypes["next_comm"] == "category"
    assert dtypes["prev_pid"] == "Int32" and dtypes["prev_state"] == "Int64"
    # Flags stay integers; their table is on the column object.
    state = df.attrs["columns"]["prev_state"]
    assert state.kind == "flags" and (2, "D", True) in state.flags and state.zero_name == "R"
    assert df["ts"].is_monotonic_increasing


def test_enum_is_categorical(sched_irq):
    df = sched_irq.dataframe("irq:softirq_raise")
    assert str(df["vec"].dtype) == "category"
    column = df.attrs["columns"]["vec"]
    assert column.kind == "enum" and "TIMER" in column.labels
    texts = [column.format(r.value(column.name)) for r in sched_irq.records("irq:softirq_raise")]
    assert list(df["vec"].astype(str)) == texts


def test_symbol_is_categorical(kmem):
    df = kmem.dataframe("kmem:kmalloc")
    assert str(df["call_site"].dtype) == "category"
    column = df.attrs["columns"]["call_site"]
    assert column.kind == "symbol"
    names = []
    for r in kmem.records("kmem:kmalloc"):
        found = column.symbol(field_number(r, column))
        names.append(found[0] if found else hex(field_number(r, column)))
    assert list(df["call_site"].astype(str)) == names
    assert str(df["gfp_flags"].dtype) == "UInt64" and df.attrs["columns"]["gfp_flags"].kind == "flags"


@pytest.mark.parametrize("path", TRACES, ids=os.path.basename)
def test_values_match_the_records(path):
    trace = traceevent.open(path)
    by_event = collections.defaultdict(list)
    for r in trace.records():
        by_event["%s:%s" % (r.event.system, r.event.name)].append(r)
    assert by_event
    for name, records in by_event.items():
        df = trace.dataframe(name)
        assert len(df) == len(records), name
        assert list(df["ts"]) == [r.ts for r in records]
        assert list(df["cpu"]) == [r.cpu for r in records]
        assert list(df["pid"]) == [r.pid for r in records]
        assert list(df["comm"].astype(str)) == [r.comm for r in records]
        for column in df.columns[4:]:
            meaning = df.attrs["columns"][column]
            field = records[0].event.field(column.replace("#2", ""))
            values = list(df[column])
            if pd.api.types.is_integer_dtype(df[column]) or pd.api.types.is_bool_dtype(df[column]):
                expected = [field_number(r, field) for r in records]
                assert [int(v) for v in values] == expected, (name, column)
            elif meaning.kind in ("enum", "symbol"):
                continue  # the tests above
            else:
                expected = [r[field.name] for r in records]
                assert [None if v is None or v is pd.NA else v for v in values] == expected, (name, column)


def test_short_records_give_missing_values(tmp_path):
    # The same trace with next_prio declared past the end of the record (a text edit of the
    # same length: the file stays valid).
    data = open(trace_path("sched_irq.dat"), "rb").read()
    declared = b"field:int next_prio;\toffset:60;"
    assert data.count(declared) == 1
    path = tmp_path / "short.dat"
    path.write_bytes(data.replace(declared, b"field:int next_prio;\toffset:99;"))
    with traceevent.open(str(path)) as trace:
        df = trace.dataframe("sched:sched_switch")
        assert len(df) > 0 and df["next_prio"].isna().all() and not df["next_pid"].isna().any()
        assert str(df["next_prio"].dtype) == "Int32"
        assert all(r["next_prio"] is None for r in trace.records("sched_switch"))


def test_names_alike_once_decoded_are_one_category(tmp_path):
    # Two tasks whose names differ only in bytes that are not UTF-8 (a same-length edit of
    # the saved cmdlines): both decode to "s\ufffd", which pandas must get once.
    data = open(trace_path("sched_irq.dat"), "rb").read()
    assert data.count(b"\n4021 sh\n") == 1 and data.count(b"\n4022 ls\n") == 1
    data = data.replace(b"\n4021 sh\n", b"\n4021 s\xff\n").replace(b"\n4022 ls\n", b"\n4022 s\xfe\n")
    path = tmp_path / "names.dat"
    path.write_bytes(data)
    with traceevent.open(str(path)) as trace:
        df = trace.dataframe("sched:sched_switch")
        assert list(df["comm"].cat.categories).count("s\ufffd") == 1
        assert set(df[df["pid"].isin([4021, 4022])]["comm"]) == {"s\ufffd"}
        assert (df["pid"] == 4021).any() and (df["pid"] == 4022).any()


def test_filter(sched_irq):
    whole = sched_irq.dataframe("sched:sched_switch")
    df = sched_irq.dataframe("sched:sched_switch", filter="sched_switch: prev_pid > 3000")
    assert 0 < len(df) < len(whole)
    assert (df["prev_pid"] > 3000).all()
    assert list(df["ts"]) == list(whole[whole["prev_pid"] > 3000]["ts"])


def test_event_with_no_records(sched_irq):
    names = {"%s:%s" % (r.event.system, r.event.name) for r in sched_irq.records()}
    quiet = next(e for e in sched_irq.event_types if "%s:%s" % (e.system, e.name) not in names)
    df = sched_irq.dataframe("%s:%s" % (quiet.system, quiet.name))
    assert len(df) == 0 and list(df.columns[:4]) == ["ts", "cpu", "pid", "comm"]


def test_copy_survives_the_trace(tmp_path):
    shutil.copy(trace_path("kmem.dat"), tmp_path / "kmem.dat")
    trace = traceevent.open(str(tmp_path / "kmem.dat"))
    df = trace.dataframe("kmem:kfree")
    trace.close()
    del trace
    assert len(df) > 0 and df["ptr"].notna().all()


@pytest.mark.parametrize("path", TRACES, ids=os.path.basename)
def test_threads_give_the_same_frame(path):
    """CPU buffers read by several workers, then merged: the frame of one scan, row for row and
    category for category (the committed traces have two CPU buffers)."""
    trace = traceevent.open(path)
    compared = 0
    for event in trace.event_types:
        name = "%s:%s" % (event.system, event.name)
        single = trace.dataframe(name, threads=1)
        if len(single) == 0:
            continue
        for threads in (2, 3):
            pd.testing.assert_frame_equal(single, trace.dataframe(name, threads=threads))
        compared += 1
    assert compared > 0


def test_threads_with_a_filter(sched_irq):
    text = "sched_switch: prev_pid > 3000 || next_comm ~ \"k*\""
    single = sched_irq.dataframe("sched:sched_switch", filter=text, threads=1)
    assert len(single) > 0
    pd.testing.assert_frame_equal(single, sched_irq.dataframe("sched:sched_switch", filter=text, threads=2))


def test_threads_argument(sched_irq):
    with pytest.raises(ValueError, match="threads"):
        sched_irq.dataframe("sched:sched_switch", threads=0)
    with pytest.raises(ValueError, match="bad filter"):
        sched_irq.dataframe("sched:sched_switch", filter="sched_switch: ==", threads=2)
