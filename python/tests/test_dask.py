# SPDX-License-Identifier: LGPL-2.1
"""traceevent.dask.read_traces(): the same rows and dtypes as pandas.concat of the
per-trace dataframe() frames, on the sync scheduler and on a LocalCluster of two
worker processes; and the bad input (missing or unreadable files, absent events)."""
import os
import subprocess
import sys
import warnings

import pytest

dask = pytest.importorskip("dask")
pytest.importorskip("dask.dataframe")
import pandas as pd  # noqa: E402

import traceevent  # noqa: E402
import traceevent.dask as tdask  # noqa: E402
from conftest import TRACES, trace_path  # noqa: E402

SWITCH = "sched:sched_switch"


def has_event(path, event):
    with traceevent.open(path) as trace:
        try:
            trace.event_type(event)
        except KeyError:
            return False
        return True


def expected(paths, event, filter="", columns=None):
    """pandas.concat of dataframe() of each trace that has the event, with the trace column."""
    frames = []
    for path in paths:
        if not has_event(path, event):
            continue
        with traceevent.open(path) as trace:
            frame = trace.dataframe(event, filter=filter)
        frame.attrs = {}
        frame.insert(0, "trace", path)
        frames.append(frame if columns is None else frame[["trace"] + columns])
    return pd.concat(frames, ignore_index=True)


def values(frame):
    """The frame with categoricals as their values (each trace has its own categories)
    and a fresh index, for comparing with pandas.concat (which makes them object)."""
    frame = frame.reset_index(drop=True)
    for name, dtype in frame.dtypes.items():
        if isinstance(dtype, pd.CategoricalDtype):
            frame[name] = frame[name].astype(object)
    return frame


def assert_same_rows(result, paths, event, **kwargs):
    pd.testing.assert_frame_equal(values(result), values(expected(paths, event, **kwargs)))


def compute(ddf):
    return ddf.compute(scheduler="sync")


def test_equals_concat_of_dataframes():
    ddf = tdask.read_traces(TRACES, SWITCH)
    assert ddf.npartitions == len(TRACES)
    assert_same_rows(compute(ddf), TRACES, SWITCH)


def test_dtypes_are_those_of_dataframe():
    ddf = tdask.read_traces(TRACES, SWITCH)
    with traceevent.open(trace_path("sched_irq.dat")) as trace:
        want = {name: str(t) for name, t in trace.dataframe(SWITCH).dtypes.items()}
    want = {"trace": "category", **want}
    result = compute(ddf)
    assert {n: str(t) for n, t in ddf.dtypes.items()} == want
    assert {n: str(t) for n, t in result.dtypes.items()} == want
    # trace: categories all the paths, in every partition; the others' are unknown lazily.
    assert list(result["trace"].cat.categories) == TRACES
    assert ddf["trace"].cat.known and not ddf["comm"].cat.known
    assert not result.attrs and not ddf._meta.attrs  # no C++ objects to pickle
    assert tdask.read_traces(trace_path("sched_irq.dat"), SWITCH).npartitions == 1  # a bare path


def test_columns_and_filter():
    paths = [trace_path("sched_irq.dat"), trace_path("sched_irq_v7zstd.dat")]
    columns, positive = ["ts", "prev_pid", "next_comm"], "sched_switch: prev_pid > 0"
    ddf = tdask.read_traces(paths, SWITCH, columns=columns, filter=positive)
    assert list(ddf.columns) == ["trace"] + columns
    result = compute(ddf)
    assert len(result) and (result["prev_pid"] > 0).all()
    assert_same_rows(result, paths, SWITCH, filter=positive, columns=columns)
    with pytest.raises(KeyError, match="no_such_column"):
        tdask.read_traces(paths, SWITCH, columns=["ts", "no_such_column"])
    with pytest.raises(ValueError):
        tdask.read_traces(paths, SWITCH, filter="sched_switch: ==")


def test_large_traces_split_by_cpu_groups():
    paths = [trace_path("sched_irq.dat"), trace_path("kmem.dat")]
    ddf = tdask.read_traces(paths, SWITCH, split_size=1)  # every trace counts as large
    cpus = []
    for path in paths:
        with traceevent.open(path) as trace:
            cpus.append(trace.cpus)
    assert cpus[0] > 1 and ddf.npartitions == sum(cpus)  # one partition per CPU buffer
    parts = [compute(ddf.get_partition(i)) for i in range(ddf.npartitions)]
    assert [sorted(set(p["cpu"])) for p in parts[:cpus[0]]] == [[c] for c in range(cpus[0])]
    assert not any(len(p) for p in parts[cpus[0]:])  # kmem.dat lacks the event
    result = compute(ddf).sort_values(["ts", "cpu"], kind="stable")
    assert_same_rows(result, paths, SWITCH)
    # The same in a dict, where each CPU group is read one event at a time.
    frames = tdask.read_traces(paths, events=[SWITCH, "kmem:kfree"], split_size=1)
    assert frames[SWITCH].npartitions == sum(cpus)
    switch, kfree = dask.compute(frames[SWITCH], frames["kmem:kfree"], scheduler="sync")
    assert_same_rows(switch.sort_values(["ts", "cpu"], kind="stable"), paths, SWITCH)
    assert_same_rows(kfree.sort_values(["ts", "cpu"], kind="stable"), paths, "kmem:kfree")


def test_events_dict_from_one_pass():
    paths = [trace_path("sched_irq.dat"), trace_path("kmem.dat"), trace_path("misc.dat")]
    frames = tdask.read_traces(paths, events=["sched_switch", "kmem:kmalloc", "sched:sched_process_exit"])
    assert list(frames) == ["sched_switch", "kmem:kmalloc", "sched:sched_process_exit"]
    results = dask.compute(*frames.values(), scheduler="sync")
    for (name, ddf), result in zip(frames.items(), results):
        assert_same_rows(result, paths, name)
        assert {n: str(t) for n, t in result.dtypes.items()} == {n: str(t) for n, t in ddf.dtypes.items()}
    # One reading task per trace, shared by the three frames.
    graph = dask.base.collections_to_dsk(list(frames.values()), optimize_graph=False)
    readers = [k for k in graph if dask.utils.key_split(k) == "read-traces-pass"]
    assert len(readers) == len(paths)


def test_all_events_dict_on_threads():
    paths = [trace_path("timer.dat"), trace_path("kmem.dat")]
    frames = tdask.read_traces(paths)  # every event type of either trace
    for path in paths:
        with traceevent.open(path) as trace:
            assert set(trace.dataframes()) <= set(frames)
    start, kmalloc = dask.compute(frames["timer:hrtimer_start"], frames["kmem:kmalloc"],
                                  scheduler="threads")
    assert_same_rows(start, paths, "timer:hrtimer_start")
    assert_same_rows(kmalloc, paths, "kmem:kmalloc")


def test_trace_lacking_the_event_gives_no_rows():
    paths = [trace_path("kmem.dat"), trace_path("sched_irq.dat"), trace_path("timer.dat")]
    result = compute(tdask.read_traces(paths, SWITCH))
    assert set(result["trace"]) == {trace_path("sched_irq.dat")}
    assert list(result["trace"].cat.categories) == paths
    with pytest.raises(KeyError, match="no_such_event"):
        tdask.read_traces(paths, "no_such_event")


def test_missing_file_error_names_it(tmp_path):
    missing = str(tmp_path / "missing.dat")
    with pytest.raises(FileNotFoundError, match="missing.dat"):
        tdask.read_traces([trace_path("sched_irq.dat"), missing], SWITCH)
    garbage = tmp_path / "garbage.dat"
    garbage.write_bytes(b"not a trace" * 100)
    with pytest.raises(OSError, match="garbage.dat"):
        tdask.read_traces([trace_path("sched_irq.dat"), str(garbage)], SWITCH)


def test_errors_skip_warns_and_reads_the_rest(tmp_path):
    garbage = tmp_path / "garbage.dat"
    garbage.write_bytes(b"not a trace" * 100)
    good = [trace_path("sched_irq.dat"), trace_path("sched_irq_v7.dat")]
    paths = [good[0], str(tmp_path / "missing.dat"), str(garbage), good[1]]
    with pytest.warns(RuntimeWarning, match="skipped 2 of 4 traces"):
        ddf = tdask.read_traces(paths, SWITCH, errors="skip")
    result = compute(ddf)
    assert list(result["trace"].cat.categories) == good
    assert_same_rows(result, good, SWITCH)
    with pytest.raises(OSError, match="none of the 1 traces"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tdask.read_traces([str(garbage)], SWITCH, errors="skip")


def test_event_first_met_past_the_first_planning_chunk(tmp_path):
    """Planning reads the first CHUNK traces' frames with the checks; an event none of
    them has is looked for in the rest."""
    lacking = []
    for i in range(tdask.CHUNK):
        link = tmp_path / ("kmem-%02d.dat" % i)
        link.symlink_to(os.path.abspath(trace_path("kmem.dat")))
        lacking.append(str(link))
    paths = lacking + [trace_path("sched_irq.dat")]
    result = compute(tdask.read_traces(paths, SWITCH))
    assert list(result["trace"].cat.categories) == paths
    assert_same_rows(result, [trace_path("sched_irq.dat")], SWITCH)


def test_trace_that_fails_to_open_when_planned(tmp_path):
    """A file with a trace's first bytes that the library cannot open: its error, naming
    it, from read_traces (errors="raise"), before anything is computed."""
    cut = tmp_path / "cut.dat"
    with open(trace_path("sched_irq.dat"), "rb") as whole:
        cut.write_bytes(whole.read(100))
    with pytest.raises(OSError, match="cut.dat"):
        tdask.read_traces([str(cut), trace_path("sched_irq.dat")], SWITCH)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # tornado's, under distributed
def test_local_cluster_two_worker_processes():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        ddf = tdask.read_traces(TRACES, SWITCH, split_size=50000)
        frames = tdask.read_traces(TRACES, events=[SWITCH, "kmem:kmalloc"])
        with distributed.get_task_stream(client) as tasks:
            result, switch, kmalloc = client.compute([ddf, frames[SWITCH], frames["kmem:kmalloc"]], sync=True)
        assert len({task["worker"] for task in tasks.data}) == 2  # both worker processes read
    result = result.sort_values(["trace", "ts", "cpu"], kind="stable")
    assert_same_rows(result, TRACES, SWITCH)
    assert_same_rows(switch, TRACES, SWITCH)
    assert_same_rows(kmalloc, TRACES, "kmem:kmalloc")


def test_import_without_dask():
    """traceevent imports without Dask; traceevent.dask says how to get it."""
    code = ("import sys; sys.modules['dask'] = None\n"
            "import traceevent\n"
            "try:\n"
            "    import traceevent.dask\n"
            "except ImportError as e:\n"
            "    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "python3-dask" in out.stdout, out.stderr
