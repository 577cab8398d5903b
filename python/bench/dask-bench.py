#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""traceevent.dask.read_traces() on many traces: one worker process against two, and
the cost of a partition beyond its dataframe() call.

Makes COPIES copies of a large trace (repeat-pages.py: the SOURCE trace's pages
TIMES over, 10 MiB by default) and COPIES copies of SOURCE itself in DIR, then times,
best of RUNS each, in wall time:
  - direct: open() + dataframe(EVENT, threads=1) of each trace in a loop, no Dask;
  - in each of ROUNDS rounds: the same split between 2 plain processes against 1 (the
    machine's own scaling, which bounds Dask's), then read_traces() (the planning) and
    the compute on a LocalCluster of 1 and of 2 worker processes (one thread each;
    which goes first alternates): "count" brings each partition's row count to the
    client (the work stays on the workers), "frame" the whole frame (which the client
    then unpickles and concatenates on its own); "workers busy" is the task time over
    the wall time of the count (2.00 at best with 2 workers: the speedup an otherwise
    idle machine would show); and the ratios of 2 worker processes to 1. Then the
    medians of the rounds' ratios: the host's load moves from minute to minute, so a
    ratio is of timings taken together;
  - the overhead per partition: (read_traces + compute - direct) / partitions, on the
    small copies, with the sync scheduler (Dask alone) and with one worker process
    (plus the transfers).
  PYTHONPATH=build/python /usr/bin/python3 \\
      python/bench/dask-bench.py [--copies 32] [--times 200] [--runs 3] [--rounds 3] [--dir DIR]
"""
import argparse
import concurrent.futures
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import distributed

import traceevent
import traceevent.dask as tdask

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "..", "tests", "data", "traces", "sched_irq.dat")


def make_copies(source, directory, name, copies, times):
    """COPIES files DIR/NAME-i.dat: SOURCE, or its pages TIMES over (repeat-pages.py)."""
    first = os.path.join(directory, "%s-00.dat" % name)
    if times > 1:
        subprocess.run([sys.executable, os.path.join(HERE, "repeat-pages.py"), source, first, str(times)],
                       check=True, stdout=subprocess.DEVNULL)
    else:
        shutil.copyfile(source, first)
    paths = [first]
    for i in range(1, copies):
        paths.append(os.path.join(directory, "%s-%02d.dat" % (name, i)))
        shutil.copyfile(first, paths[-1])
    return paths


def best(runs, work, before=None):
    """The least wall time of RUNS calls of work() (each after before(), untimed), and
    that call's result."""
    timed = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        result = work()
        timed.append((time.perf_counter() - start, result))
    return min(timed, key=lambda t: t[0])


def direct(paths, event):
    """open() + dataframe() of each trace, one after the other: the work itself."""
    rows = 0
    for path in paths:
        with traceevent.open(path) as trace:
            rows += len(trace.dataframe(event, threads=1))
    return rows


def plain_processes(paths, event, processes):
    """Wall time of direct() over the paths split among PROCESSES processes (no Dask):
    the most that more worker processes can give on this machine."""
    with concurrent.futures.ProcessPoolExecutor(processes) as pool:
        list(pool.map(direct, [paths[:1]] * processes, [event] * processes))  # start and import
        start = time.perf_counter()
        list(pool.map(direct, [paths[i::processes] for i in range(processes)], [event] * processes))
        return time.perf_counter() - start


def forgotten(client):
    """Waits until the scheduler holds no task: the next run reads again rather than
    finding the previous run's results (the same keys) still in memory."""
    while client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
        time.sleep(0.01)


def counted(client, ddf):
    """(rows, task seconds): each partition's row count brought to the client, and the
    time the tasks spent computing (summed over the workers, from the task stream)."""
    with distributed.get_task_stream(client) as stream:
        rows = sum(client.compute(ddf.map_partitions(len), sync=True))
    busy = sum(s["stop"] - s["start"] for task in stream.data for s in task["startstops"]
               if s["action"] == "compute")
    return rows, busy


def on_cluster(workers, paths, event, runs):
    """Best wall times (seconds) on a LocalCluster of WORKERS processes: plan (read_traces),
    count and frame (compute), with rows and busy (the workers computing, on average, in
    the best count run: a measure of Dask's overhead that other load on the machine does
    not lower)."""
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        client.run(lambda: __import__("traceevent.dask"))  # imports out of the timing
        clean = lambda: forgotten(client)  # noqa: E731
        plan, ddf = best(runs, lambda: tdask.read_traces(paths, event), clean)
        count, (rows, busy) = best(runs, lambda: counted(client, ddf), clean)
        frame, df = best(runs, lambda: client.compute(ddf, sync=True), clean)
        assert len(df) == rows
    return {"plan": plan, "count": count, "frame": frame, "rows": rows, "busy": busy / count}


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", default=SOURCE, help="a version 6 trace (default: sched_irq.dat)")
    parser.add_argument("--event", default="sched:sched_switch")
    parser.add_argument("--copies", type=int, default=32)
    parser.add_argument("--times", type=int, default=200,
                        help="repetitions of the source's pages in the large trace")
    parser.add_argument("--runs", type=int, default=3, help="runs of each timing, the best kept")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of the 1 / 2 comparison (each cluster in turn): the host's load moves "
                             "between minutes, so each round's ratio is of timings taken together")
    parser.add_argument("--dir", help="where the copies go (default: a temporary directory, removed)")
    args = parser.parse_args()
    directory = args.dir or tempfile.mkdtemp(prefix="dask-bench-")
    os.makedirs(directory, exist_ok=True)
    try:
        large = make_copies(args.source, directory, "large", args.copies, args.times)
        small = make_copies(args.source, directory, "small", args.copies, 1)
        print("%d copies of a %.1f MiB trace (%s's pages x %d) and of %s (%.0f KiB)" % (
            args.copies, os.path.getsize(large[0]) / 2**20, os.path.basename(args.source), args.times,
            os.path.basename(args.source), os.path.getsize(small[0]) / 2**10))

        alone, rows = best(args.runs, lambda: direct(large, args.event))
        print("large, direct (no Dask): %6.0f ms, %d rows of %s" % (alone * 1e3, rows, args.event))
        scaling = []
        for r in range(args.rounds):
            plain = {n: min(plain_processes(large, args.event, n) for _ in range(args.runs)) for n in (1, 2)}
            print("round %d: large, direct in 1 / 2 plain processes (no Dask): %.0f / %.0f ms: the machine "
                  "gives %.2fx" % (r + 1, plain[1] * 1e3, plain[2] * 1e3, plain[1] / plain[2]))
            t = {}
            for workers in ((1, 2) if r % 2 == 0 else (2, 1)):
                t[workers] = on_cluster(workers, large, args.event, args.runs)
                assert t[workers]["rows"] == rows
            for workers in (1, 2):
                print("round %d: large, %d worker process%s: read_traces %4.0f ms, count %6.0f ms (workers busy "
                      "%.2f), frame %6.0f ms" % (r + 1, workers, "es" if workers > 1 else "  ", t[workers]["plan"] * 1e3,
                                                 t[workers]["count"] * 1e3, t[workers]["busy"], t[workers]["frame"] * 1e3))
            total = {w: (t[w]["plan"] + t[w]["count"], t[w]["plan"] + t[w]["frame"]) for w in t}
            scaling.append((total[1][0] / total[2][0], total[1][1] / total[2][1], plain[1] / plain[2]))
            print("round %d: 2 worker processes / 1, read_traces + compute: count %.2fx, frame %.2fx" % (
                r + 1, scaling[-1][0], scaling[-1][1]))
        print("2 worker processes / 1 over %d rounds, medians: count %.2fx, frame %.2fx (the machine %.2fx)" % (
            len(scaling), *(statistics.median(s[i] for s in scaling) for i in range(3))))

        n = len(small)
        alone, _ = best(args.runs, lambda: direct(small, args.event))
        sync, _ = best(args.runs, lambda: tdask.read_traces(small, args.event).compute(scheduler="sync"))
        one = on_cluster(1, small, args.event, args.runs)
        print("small, direct %.1f ms per trace; overhead per partition: sync scheduler %.1f ms, "
              "1 worker process %.1f ms" % (alone / n * 1e3, (sync - alone) / n * 1e3,
                                            (one["plan"] + one["frame"] - alone) / n * 1e3))
    finally:
        if not args.dir:
            shutil.rmtree(directory)


if __name__ == "__main__":  # the worker processes import this file
    main()
