# SPDX-License-Identifier: LGPL-2.1
"""Event types, records with typed values, upstream's text, filters, errors, and
the module's own copy of the library."""
import os
import subprocess

import pytest

import traceevent
from conftest import TRACES, trace_path


def test_the_module_holds_its_own_library(sched_irq):
    # The core, the reader and the plugins are linked in: no libtraceevent.so.1 or
    # libtracecmd is loaded for it, and none of their symbols leak out of the module.
    next(iter(sched_irq.records()))
    mapped = {line.split()[-1] for line in open("/proc/self/maps")
              if "libtraceevent.so" in line or "libtracecmd.so" in line}
    assert not mapped, mapped
    module = traceevent._traceevent.__file__
    exported = subprocess.run(["nm", "-D", "--defined-only", module], capture_output=True, text=True).stdout
    assert not [line for line in exported.splitlines() if " tep_" in line or " tev_" in line or " kbuffer_" in line]


def test_event_types(sched_irq):
    names = {"%s:%s" % (e.system, e.name) for e in sched_irq.event_types}
    assert "sched:sched_switch" in names and "irq:softirq_entry" in names
    switch = sched_irq.event_type("sched:sched_switch")
    assert (switch.system, switch.name, switch.layout) == ("sched", "sched_switch", "print_fmt")
    assert sched_irq.event_type("sched_switch").id == switch.id
    kinds = {c.name: c.kind for c in switch.columns}
    assert kinds == {"prev_comm": "string", "prev_pid": "int", "prev_prio": "int", "prev_state": "flags",
                     "prev_state#2": "bool", "next_comm": "string", "next_pid": "int", "next_prio": "int"}
    assert switch.column("prev_state").delimiter == "|"
    assert [f.name for f in switch.fields][:4] == ["common_type", "common_flags", "common_preempt_count",
                                                  "common_pid"]


@pytest.mark.parametrize("path", TRACES, ids=os.path.basename)
def test_column_texts_are_upstreams(path):
    # prefix(0) text(0) prefix(1) text(1) ... suffix is what tep_print_event prints for TEP_PRINT_INFO.
    with traceevent.open(path) as trace:
        count = 0
        for r in trace.records():
            event = r.event
            pieces = [c.prefix + c.format(r) for c in event.columns]
            assert "".join(pieces) + event.suffix == r.text, (event.name, r.ts)
            count += 1
        assert count > 0


def test_typed_values(sched_irq):
    r = next(iter(sched_irq.records("sched:sched_switch")))
    assert isinstance(r["prev_pid"], int) and isinstance(r["prev_comm"], str)
    assert r["prev_comm"] == r.values()["prev_comm"]
    state = r.value("prev_state")
    assert state.column.kind == "flags" and state.valid
    assert state.text == state.column.format(state) == state.column.format(r)
    d = next(sched_irq.records(filter="sched_switch: prev_state == 2")).value("prev_state")
    assert (d.value, d.flags, d.unnamed_bits, d.text) == (2, ["D"], 0, "D")
    assert r.get("no_such_field", 7) == 7
    softirq = next(iter(sched_irq.records("irq:softirq_raise")))
    assert isinstance(softirq["vec"], int)
    action = softirq.value("action")  # vec=%u [action=%s]: the enum of the same field
    assert action.column.kind == "enum" and action.column.field == "vec"
    assert action.label == action.value == action.text and action.label in action.column.labels


def test_records_filter(sched_irq):
    matched = list(sched_irq.records(filter="sched_switch: prev_pid > 0"))
    assert matched and all(r.event.name == "sched_switch" and r["prev_pid"] > 0 for r in matched)
    both = list(sched_irq.records(filter="sched_switch, softirq_raise"))
    assert {r.event.name for r in both} == {"sched_switch", "softirq_raise"}
    ts = [r.ts for r in sched_irq.records()]
    assert ts == sorted(ts)


def test_errors(sched_irq):
    with pytest.raises(KeyError, match="no event 'sched:nothing'"):
        sched_irq.event_type("sched:nothing")
    with pytest.raises(KeyError, match="no event"):
        sched_irq.dataframe("nothing")
    with pytest.raises(KeyError, match="no column 'nothing' in sched:sched_switch"):
        sched_irq.event_type("sched_switch").column("nothing")
    r = next(iter(sched_irq.records("sched_switch")))
    with pytest.raises(KeyError, match="no field 'nothing'"):
        r["nothing"]
    with pytest.raises(ValueError, match="bad filter"):
        sched_irq.records(filter="sched_switch: (((")
    with pytest.raises(ValueError, match="bad filter"):
        sched_irq.dataframe("sched_switch", filter="no_such_event")
    softirq = next(iter(sched_irq.records("softirq_raise")))
    with pytest.raises(ValueError, match="another event"):
        sched_irq.event_type("sched_switch").column("prev_state").format(softirq)
    with pytest.raises(TypeError):
        sched_irq.event_type("sched_switch").column("prev_pid").format("42")
    with pytest.raises(FileNotFoundError):
        traceevent.open("/nonexistent/trace.dat")
    with pytest.raises(OSError, match="cannot open trace"):
        traceevent.open(__file__)


def test_scans_are_independent(sched_irq):
    # Each scan has its own cursors: two at once interleave without disturbing each other.
    first = iter(sched_irq.records())
    second = iter(sched_irq.records())
    a, b = [], []
    for x in first:
        a.append((x.ts, x.cpu, x.data))
        y = next(second, None)
        if y is not None:
            b.append((y.ts, y.cpu, y.data))
    b += [(y.ts, y.cpu, y.data) for y in second]
    assert a == b and len(a) == 1195


def test_closed_trace():
    trace = traceevent.open(trace_path("sched_irq.dat"))
    switch = trace.event_type("sched_switch")
    column = switch.column("prev_pid")
    r = next(iter(trace.records("sched_switch")))
    records = iter(trace.records())
    trace.close()
    assert trace.closed
    for call in (lambda: trace.event_types, lambda: trace.dataframe("sched_switch"), lambda: switch.columns,
                 lambda: column.kind, lambda: r["prev_pid"], lambda: r.text, lambda: next(records)):
        with pytest.raises(RuntimeError, match="is closed"):
            call()
