# SPDX-License-Identifier: LGPL-2.1
"""Trace.function_args(): function records' argument words typed from BTF, on a trace made for
the test (function_trace.py) and tests/data/btf/functions.btf."""
import os

import pandas as pd
import pytest

from conftest import DATA, trace_path
from function_trace import SYMBOLS, write_trace

BTF = os.path.join(DATA, "btf", "functions.btf")

# typed_mix(int a, unsigned int b, enum pid_type c, void *p, _Bool flag, char ch, u64 big,
#           struct pair s, short sh): ten words.
MIX = [-5, 7, 2, 0xffff8880deadbeef, 1, 0xfd, 1 << 40, 0x11, 0x22, 0xfffe]
MIX2 = [3, 0xffffffff, 9, 0, 0, 0x41, 5, 0x33, 0x44, 7]


def make(tmp_path, records):
    path = str(tmp_path / "functions.dat")
    write_trace(path, records, trace_path("marker.dat"))
    import traceevent

    return traceevent.open(path)


@pytest.fixture
def trace(tmp_path):
    with make(tmp_path, [
        (1000, "function", "typed_mix", MIX),
        (1100, "function", "do_sys_openat2", [-100, 0x7ffe7d33f3d0, 0xffffc90000abcdef, 0, 0, 0]),
        (1200, "function", "typed_mix", MIX2),
        (1300, "funcgraph_entry", "set_level.isra.0", [-1, 1 << 40, 0, 0, 0, 0]),
        (1400, "function", "kfree", [0xffff888012345678, 0, 0, 0, 0, 0]),
    ]) as t:
        yield t


def test_one_function(trace):
    df = trace.function_args("typed_mix", btf=BTF)
    assert list(df.columns) == ["ts", "cpu", "pid", "comm", "ip", "parent_ip",
                                "a", "b", "c", "p", "flag", "ch", "big", "s", "sh"]
    assert list(df["ts"]) == [1000, 1200]
    assert list(df["pid"]) == [4321, 4321]
    dtypes = {c: str(df[c].dtype) for c in ["a", "b", "c", "p", "flag", "ch", "big", "s", "sh"]}
    assert dtypes == {"a": "Int32", "b": "UInt32", "c": "category", "p": "UInt64", "flag": "boolean",
                      "ch": "Int8", "big": "UInt64", "s": "object", "sh": "Int16"}
    assert list(df["a"]) == [-5, 3]
    assert list(df["b"]) == [7, 0xffffffff]
    assert list(df["c"]) == ["PIDTYPE_PGID", "9"]  # no name: the number, as the text prints it
    assert list(df["c"].cat.categories[:5]) == ["PIDTYPE_PID", "PIDTYPE_TGID", "PIDTYPE_PGID", "PIDTYPE_SID",
                                                "PIDTYPE_MAX"]
    assert list(df["p"]) == [0xffff8880deadbeef, 0]
    assert list(df["flag"]) == [True, False]
    assert list(df["ch"]) == [-3, 0x41]
    assert list(df["big"]) == [1 << 40, 5]
    assert df["s"][0] == (0x11).to_bytes(8, "little") + (0x22).to_bytes(8, "little")
    assert list(df["sh"]) == [-2, 7]
    assert list(df["ip"]) == ["typed_mix", "typed_mix"]
    column = df.attrs["columns"]["c"]
    assert column.kind == "enum" and column.note == "enum pid_type c"
    assert df.attrs["columns"]["s"].kind == "opaque"


def test_every_function(trace):
    frames = trace.function_args(btf=BTF)
    assert sorted(frames) == ["do_sys_openat2", "kfree", "typed_mix"]  # set_level is funcgraph_entry's
    openat = frames["do_sys_openat2"]
    assert list(openat.columns[-3:]) == ["dfd", "filename", "how"]
    assert openat["dfd"][0] == -100 and str(openat["dfd"].dtype) == "Int32"
    assert openat["filename"][0] == 0x7ffe7d33f3d0
    assert list(frames["kfree"]["objp"]) == [0xffff888012345678]
    graph = trace.function_args(event="ftrace:funcgraph_entry")  # the BTF given before
    level = graph["set_level"]
    assert list(level.columns) == ["ts", "cpu", "pid", "comm", "func", "depth", "level", "wide"]
    assert list(level["level"]) == ["LEVEL_LOW"] and list(level["wide"]) == ["WIDE_FAR"]


def test_btf_as_bytes_and_texts_of_values(trace):
    with open(BTF, "rb") as f:
        df = trace.function_args("do_sys_openat2", btf=f.read())
    filename = df.attrs["columns"]["filename"]
    record = [r for r in trace.records("ftrace:function") if r.ts == 1100][0]
    assert filename.format(record) == "0x7ffe7d33f3d0"
    # tep_btf_print_args' text: an int's 32 bits, printed as a 64-bit number (the value is -100).
    assert df.attrs["columns"]["dfd"].format(record) == "4294967196"
    assert df["dfd"][0] == -100


def test_a_function_without_records_gives_an_empty_frame(trace):
    df = trace.function_args("set_level", btf=BTF)
    assert len(df) == 0
    assert list(df.columns[-2:]) == ["level", "wide"]


def test_errors(tmp_path, trace):
    with pytest.raises(ValueError, match="no BTF"):
        trace.function_args("typed_mix")
    with pytest.raises(ValueError, match="not a BTF blob"):
        trace.function_args("typed_mix", btf=b"\x00" * 64)
    with pytest.raises(FileNotFoundError):
        trace.function_args("typed_mix", btf=str(tmp_path / "nosuch.btf"))
    with pytest.raises(ValueError, match="'nosuch'.*does not match"):
        trace.function_args("nosuch", btf=BTF)
    with pytest.raises(ValueError, match="no function argument words"):
        trace.function_args(event="ftrace:print", btf=BTF)
    with pytest.raises(KeyError):
        trace.function_args(event="nosuch:event", btf=BTF)


def test_too_few_words_is_a_mismatch(tmp_path):
    # Six words for ten parameters' words: another kernel's BTF (or more arguments than the
    # kernel records). No partial frame.
    with make(tmp_path, [(1000, "function", "typed_mix", MIX[:6])]) as t:
        with pytest.raises(ValueError, match="holds 6 argument words where the BTF's parameters take 10"):
            t.function_args("typed_mix", btf=BTF)
        with pytest.raises(ValueError, match="does not match the trace"):
            t.function_args(btf=BTF)


def test_no_function_of_the_btf(tmp_path):
    with make(tmp_path, [(1000, "function", "not_in_btf", [1, 2, 3, 4, 5, 6])]) as t:
        with pytest.raises(ValueError, match="none of the functions"):
            t.function_args(btf=BTF)


def test_vmlinux_when_present(tmp_path):
    vmlinux = "/sys/kernel/btf/vmlinux"
    if not os.access(vmlinux, os.R_OK):
        pytest.skip("no " + vmlinux)
    with make(tmp_path, [(1000, "function", "do_sys_openat2", [-100, 0x1000, 0x2000, 0, 0, 0])]) as t:
        df = t.function_args("do_sys_openat2", btf=vmlinux)
        assert list(df.columns[-3:]) == ["dfd", "filename", "how"]
        assert list(df["dfd"]) == [-100]
