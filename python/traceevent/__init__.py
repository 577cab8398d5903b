# SPDX-License-Identifier: LGPL-2.1
"""Typed trace events from trace.dat files.

The records of a trace.dat file (read by this libtraceevent's own trace.dat
reader, linked into the module) as typed values and pandas DataFrames. The C++ extension is
_traceevent; this package adds what is written in Python: the Series accessor
``.tev`` (traceevent.accessor), many traces on Dask (traceevent.dask, when Dask
is installed) and the command line (``python3 -m traceevent``).
"""
from ._traceevent import Column, EventType, Record, RecordIterator, Trace, Value, open  # noqa: F401

try:
    from . import accessor as _accessor  # registers Series.tev
except ImportError:  # no pandas: records and values still work
    _accessor = None

__all__ = ["open", "Trace", "EventType", "Column", "Record", "Value", "RecordIterator"]
