# SPDX-License-Identifier: LGPL-2.1
"""Shared set-up of the python suite: the committed traces and the module.

meson runs pytest with PYTHONPATH at the built module, TRACEEVENT_TEST_DATA
tests/data and TRACEEVENT_TEST_SOURCE the source tree."""
import glob
import os

import pytest

DATA = os.environ.get("TRACEEVENT_TEST_DATA", os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data"))
TRACES = sorted(glob.glob(os.path.join(DATA, "traces", "*.dat")))


def trace_path(name):
    return os.path.join(DATA, "traces", name)


@pytest.fixture
def sched_irq():
    import traceevent

    with traceevent.open(trace_path("sched_irq.dat")) as trace:
        yield trace


@pytest.fixture
def kmem():
    import traceevent

    with traceevent.open(trace_path("kmem.dat")) as trace:
        yield trace
