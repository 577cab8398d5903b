# SPDX-License-Identifier: LGPL-2.1
"""Many trace.dat files as one Dask DataFrame.

``read_traces(paths, event)`` is ``Trace.dataframe(event)`` over many traces at once:
a lazy ``dask.dataframe.DataFrame`` with one partition per trace (and per group of
CPU buffers for a large trace), the same columns and dtypes as ``dataframe()`` and a
categorical ``trace`` column (the path) in front. ``read_traces(paths, events=[...])``
gives a dict of them that share one pass over each partition.

Everything runs where Dask puts it: in threads, in processes or on dask.distributed
workers on other machines. A task gets nothing from the client but paths and names
and opens the file itself, so the files must be at the same paths on the workers.
Planning runs as Dask tasks too, in one round before ``read_traces`` returns, and costs
little per trace: a stat and the first bytes of each file, an open of the large ones (to
count their CPU buffers) and of the first traces up to one that has each event (for the
empty frame that gives the dtypes).

Dask is optional for the rest of the package: ``import traceevent`` works without
it, this module raises ImportError.
"""
import math
import operator
import os
import warnings

try:
    import dask
    import dask.dataframe as dd
    from dask.base import tokenize
    from dask.dataframe.utils import clear_known_categories
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        "traceevent.dask needs Dask and pandas: apt-get install python3-dask python3-distributed "
        "(or pip install 'dask[dataframe]' distributed)") from error
import numpy as np
import pandas as pd

from ._traceevent import open as _open_trace

__all__ = ["read_traces", "SPLIT_SIZE"]

#: A trace larger than this (bytes on disk) is read in several partitions, each a group
#: of its CPU buffers, so that one large file can use several workers.
SPLIT_SIZE = 64 << 20

MAGIC = b"\x17\x08\x44tracing"  # the first bytes of every trace.dat
CHUNK = 64  # traces per planning task


def read_traces(paths, event=None, columns=None, filter="", *, events=None, errors="raise",
                split_size=SPLIT_SIZE, threads=1):
    """One event's records of many traces as a dask DataFrame, or several events' as a dict.

    paths: a path or a list of paths (each distinct path is read once, in the order given).
    event: "system:name" or "name" -> a ``dask.dataframe.DataFrame``. Without it,
      ``events`` (a list, or None for every event type any of the traces defines, with
      records or not) -> a dict event -> DataFrame, keyed by the names given
      ("system:name" for None). Compute the frames of
      the dict together (``dask.compute(*frames.values())``) to read each partition once.
    columns: the columns to keep, in that order (e.g. ["ts", "prev_pid"]): ts, cpu, pid
      and comm are kept only when named. None keeps all. With ``events``: one list for
      every event, or a dict event -> list. ``trace`` comes first whatever is asked.
    filter: an upstream filter string, as for ``Trace.dataframe()``
      ("sched_switch: prev_pid > 0"), for each trace that has the event.
    errors: "raise" (default): a file that is missing, unreadable or not a trace.dat
      raises its OSError (naming the path) here, before anything is computed. "skip":
      such files are left out, and a RuntimeWarning says how many and which. A file
      that passes these checks but fails when read (e.g. truncated) raises at compute
      time, or with "skip" gives no rows.
    split_size: a trace larger than this many bytes is read in ceil(size / split_size)
      partitions of CPU buffers (at most one per buffer); None or 0 never splits.
    threads: the ``threads`` of each ``dataframe()`` call; 1 by default, as the
      parallelism is Dask's.

    The columns and dtypes are those of ``dataframe()`` on the first (kept) trace that has
    the event, with ``trace`` in front: a categorical whose categories are all the kept
    paths. A trace without the event gives no rows; an event in none of the traces
    raises KeyError, a bad filter ValueError. Rows are in time order within a partition;
    the partitions follow the paths (and a split trace's CPU groups); divisions are
    unknown. The other categorical columns have unknown categories until computed
    (``.cat.as_known()``), since each trace has its own.
    """
    if errors not in ("raise", "skip"):
        raise ValueError("errors must be 'raise' or 'skip', not %r" % (errors,))
    if event is not None and events is not None:
        raise TypeError("read_traces takes event or events, not both")
    names = [event] if event is not None else (None if events is None else list(events))
    if names == []:
        raise ValueError("read_traces: no events asked for")
    files, templates = _plan(_path_list(paths), names, filter, split_size, errors)
    templates = {key: _select(frame, _columns_for(columns, key)) for key, frame in templates.items()}
    if event is not None:
        return _one_frame(files, event, filter, threads, split_size, errors, templates[event])
    return _many_frames(files, filter, threads, split_size, errors, templates)


def _path_list(paths):
    """The distinct paths as strings, in order: a single path may come bare."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    paths = list(dict.fromkeys(os.fsdecode(p) for p in paths))
    if not paths:
        raise ValueError("read_traces: no paths")
    return paths


def _check(paths, split_size):
    """What planning needs of each file, read where the task runs: a dict of path, size,
    mtime and (for a file to split) cpus; or of path and the OSError of a file that is
    missing, unreadable or not a trace (returned, so errors="skip" can go on). Only a
    file to split, or one whose first bytes are not a trace's, is opened as a trace."""
    found = []
    for path in paths:
        try:
            stat = os.stat(path)
            with open(path, "rb") as file:
                head = file.read(len(MAGIC))
            info = {"path": path, "size": stat.st_size, "mtime": stat.st_mtime_ns, "cpus": None}
            if head != MAGIC or (split_size and stat.st_size > split_size):
                with _open_trace(path) as trace:  # raises the library's own error for a non-trace
                    info["cpus"] = trace.cpus
        except OSError as error:
            info = {"path": path, "error": error}
        found.append(info)
    return found


def _plan(paths, names, filter, split_size, errors):
    """(files, templates): the files that pass _check, in path order, and asked name ->
    the event's empty frame. One round of Dask tasks of CHUNK paths (the files need only
    be on the workers): every chunk checked, and the first chunk's frames read at the same
    time (every chunk's for names None); a second round reads the other chunks' only if an
    event is still missing. A failing file raises, or with errors="skip" is left out with
    a warning; none left raises OSError."""
    chunks = [paths[i:i + CHUNK] for i in range(0, len(paths), CHUNK)]
    check = dask.delayed(_check, pure=False)
    frames = dask.delayed(_empty_frames_or_error, pure=False)
    read = chunks if names is None else chunks[:1]
    done = dask.compute(*[check(chunk, split_size) for chunk in chunks],
                        *[frames(chunk, names, filter, errors) for chunk in read])
    files = _kept([f for chunk in done[:len(chunks)] for f in chunk], errors)
    found = _frames_found(done[len(chunks):])
    missing = [n for n in names or () if n not in found[0]]
    if missing and len(chunks) > 1:
        later = dask.compute(*[frames(chunk, missing, filter, errors) for chunk in chunks[1:]])
        found += _frames_found(later)
    return files, _templates([f["path"] for f in files], names, found)


def _kept(files, errors):
    """The files _check passed, or the first failure raised (errors="raise"); with
    errors="skip" a warning says how many failed and which."""
    failed = [f for f in files if "error" in f]
    if failed and errors == "raise":
        raise _named(failed[0]["error"], failed[0]["path"])
    if failed:
        shown = ", ".join(f["path"] for f in failed[:3]) + (", ..." if len(failed) > 3 else "")
        warnings.warn("read_traces: skipped %d of %d traces that could not be read: %s (first: %s)"
                      % (len(failed), len(files), shown, failed[0]["error"]), RuntimeWarning, stacklevel=4)
    kept = [f for f in files if "error" not in f]
    if not kept:
        raise OSError("read_traces: none of the %d traces could be read" % len(files))
    return kept


def _named(error, path):
    """The OSError, made to name the path if its message does not already."""
    if path in str(error):
        return error
    named = OSError(error.errno, "%s: %s" % (path, error.strerror or error), path)
    named.__cause__ = error
    return named


def _frames_found(results):
    """The frames of _empty_frames_or_error results; the first error raised. (The checks
    came first: a file that failed them has raised or been left out already.)"""
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return list(results)


def _templates(paths, names, found):
    """Asked name -> the empty frame from the first trace (in path order) that has the
    event, with the trace column (the kept paths) in front; for names None, every event
    found. An event in none of the traces raises KeyError."""
    templates = {}
    for frames in found:  # in path order: the first trace with the event wins
        for key, frame in frames.items():
            templates.setdefault(key, frame)
    for key in names or ():
        if key not in templates:
            raise KeyError("no event %r in any of the %d traces" % (key, len(paths)))
    trace_type = pd.CategoricalDtype(paths)
    for frame in templates.values():
        frame.insert(0, "trace", pd.Categorical([], dtype=trace_type))
    return templates if names is None else {key: templates[key] for key in names}


def _empty_frames_or_error(paths, names, filter, errors):
    """_empty_frames, or the exception it raised: a file it fails on may be one the
    checks of the same round leave out, whose verdict comes first."""
    try:
        return _empty_frames(paths, names, filter, errors)
    except Exception as error:  # noqa: BLE001 - returned, raised by the client in turn
        return error


def _empty_frames(paths, names, filter, errors):
    """Name -> the event's frame with no records (cpus=[]), attrs cleared, from the first
    of the paths that has it; stops when every name is found. For names None, every
    event of every path, by "system:name". A trace that fails to open raises, or with
    errors="skip" is passed over (its partitions will have no rows)."""
    frames = {}
    for path in paths:
        try:
            trace = _open_trace(path)
        except OSError as error:
            if errors == "skip":
                continue
            raise _named(error, path)
        with trace:
            for key, full in _resolve(trace, names).items():
                if key not in frames:
                    frames[key] = _bare(trace.dataframe(full, filter=filter, cpus=[]))
        if names is not None and len(frames) == len(names):
            break
    return frames


def _resolve(trace, names):
    """Asked name -> "system:name" of the events the trace has (all of them for None)."""
    if names is None:
        full = ["%s:%s" % (t.system, t.name) for t in trace.event_types]
        return dict(zip(full, full))
    found = {}
    for name in names:
        try:
            t = trace.event_type(name)
        except KeyError:
            continue
        found[name] = "%s:%s" % (t.system, t.name)
    return found


def _bare(frame):
    """The frame without its attrs (C++ objects, which do not pickle), and a field named
    trace renamed trace#2 (as dataframe() names a second comm)."""
    frame.attrs = {}
    if "trace" in frame.columns:
        frame = frame.rename(columns={"trace": "trace#2"})
    return frame


def _columns_for(columns, key):
    """The column list asked for this event: one list for all, or a dict by event."""
    if isinstance(columns, dict):
        return columns.get(key)
    return columns


def _select(template, columns):
    """The template cut to trace + the asked columns; an unknown column raises KeyError."""
    if columns is None:
        return template
    if isinstance(columns, str):
        columns = [columns]
    missing = [c for c in columns if c not in template.columns]
    if missing:
        raise KeyError("no column %s; the columns are %s"
                       % (", ".join(map(repr, missing)), list(template.columns)))
    return template[["trace"] + [c for c in columns if c != "trace"]]


def _pieces(files, split_size):
    """(path, cpus, (size, mtime)) per partition: cpus None (all) for a trace up to
    split_size, else ceil(size / split_size) contiguous groups of its CPU buffers. The
    size and mtime only make the task names change when a file does."""
    pieces = []
    for f in files:
        parts = min(math.ceil(f["size"] / split_size), f["cpus"]) if split_size and f["cpus"] else 1
        if parts <= 1:
            groups = [None]
        else:
            groups = [tuple(int(c) for c in g) for g in np.array_split(np.arange(f["cpus"]), parts)]
        pieces += [(f["path"], cpus, (f["size"], f["mtime"])) for cpus in groups]
    return pieces


def _one_frame(files, name, filter, threads, split_size, errors, template):
    """The dask DataFrame of one event: a from_map over the pieces."""
    pieces = _pieces(files, split_size)
    token = tokenize(pieces, name, filter, threads, errors, list(template.columns))
    return dd.from_map(_read_partition, pieces, meta=_unknown_categories(template), label="read-traces",
                       token=token, enforce_metadata=False,
                       event=name, filter=filter, threads=threads, errors=errors, template=template)


def _many_frames(files, filter, threads, split_size, errors, templates):
    """A dict of dask DataFrames, one per event, whose partitions come from one shared
    task per piece (reading all the events of that piece in one pass)."""
    names = list(templates)
    columns = {key: list(template.columns) for key, template in templates.items()}
    task = dask.delayed(_read_partitions)
    parts = []
    for piece in _pieces(files, split_size):
        key = "read-traces-pass-" + tokenize(piece, filter, threads, errors, columns)
        parts.append(task(piece, names, filter, threads, errors, templates, dask_key_name=key))
    frames = {}
    for name, template in templates.items():
        pick = [dask.delayed(operator.getitem, pure=True)(part, name) for part in parts]
        frames[name] = dd.from_delayed(pick, meta=_unknown_categories(template),
                                       prefix="read-traces-" + name, verify_meta=False)
    return frames


def _unknown_categories(template):
    """The Dask meta: the template with the categories of its categorical columns (but
    trace's) marked unknown, since each trace has its own."""
    cats = [c for c, t in template.dtypes.items() if isinstance(t, pd.CategoricalDtype) and c != "trace"]
    return clear_known_categories(template, cols=cats) if cats else template


def _read_partition(piece, event, filter, threads, errors, template):
    """One partition of one event: the records of the piece's trace (of its CPU group),
    made to the template's columns and dtypes, with the trace column. No rows if the
    trace lacks the event."""
    path, cpus, _ = piece
    try:
        with _open_trace(path) as trace:
            frame = trace.dataframe(event, filter=filter, threads=threads, cpus=cpus)
    except KeyError:  # the trace lacks the event
        return template.copy()
    except OSError as error:
        if errors == "skip":
            return template.copy()
        raise _named(error, path)
    return _with_trace(_conform(_bare(frame), template), path, template)


def _read_partitions(piece, names, filter, threads, errors, templates):
    """One partition of each event from one pass over the piece: name -> frame, no rows
    for the events the trace lacks."""
    path, cpus, _ = piece
    frames = {}
    try:
        with _open_trace(path) as trace:
            wanted = _resolve(trace, names)
            read = trace.dataframes(list(dict.fromkeys(wanted.values())), filter=filter, threads=threads,
                                    cpus=cpus) if wanted else {}
            frames = {key: read[full] for key, full in wanted.items()}
    except OSError as error:
        if errors != "skip":
            raise _named(error, path)
    return {key: _with_trace(_conform(_bare(frames[key]), template), path, template) if key in frames
            else template.copy() for key, template in templates.items()}


def _conform(frame, template):
    """The frame with the template's columns (bar trace), in its order and with its dtypes:
    traces of other kernels may lack a field or type it differently. Categorical columns
    keep their own categories."""
    names = list(template.columns[1:])  # trace is first
    if list(frame.columns) != names:
        frame = frame.reindex(columns=names)
    changes = {}
    for name, want, have in zip(names, template.dtypes.iloc[1:], frame.dtypes):
        if isinstance(want, pd.CategoricalDtype):
            if not isinstance(have, pd.CategoricalDtype):
                changes[name] = "category"
        elif have != want:
            changes[name] = want
    return frame.astype(changes) if changes else frame


def _with_trace(frame, path, template):
    """The frame with the categorical trace column (the code of path) in front."""
    dtype = template.dtypes["trace"]
    codes = np.full(len(frame), dtype.categories.get_loc(path), dtype=np.int32)
    frame.insert(0, "trace", pd.Categorical.from_codes(codes, dtype=dtype))
    return frame
