#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""lib/trace_view's report lines against `trace-cmd report -L`, byte for byte.
  report_diff.py --driver PROG --lib DIR --plugins DIR [--optional] TRACE|DIR...
trace-cmd runs on this library (LD_LIBRARY_PATH=DIR) with our plugins only
(TRACEEVENT_PLUGIN_DIR, -L: no system plugins) and a scratch HOME; the driver
reads the file with lib/trace_dat and prints with lib/trace_view. Each trace is
compared unfiltered and with the filters of FILTERS. Exit 0 all equal, 1 a
difference, 77 nothing to compare (no trace-cmd, or --optional and no trace).
"""
import argparse
import difflib
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
FILTERS = ["sched_switch", "sched/.*: common_pid != 0", 'sched_waking: (pid > 100 && prio >= 120) || comm == "ls"']


def run(cmd, env):
    return subprocess.run(cmd, env=env, capture_output=True, timeout=600)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    ap.add_argument("--lib", required=True)
    ap.add_argument("--plugins", required=True)
    ap.add_argument("--optional", action="store_true")
    ap.add_argument("traces", nargs="+")
    args = ap.parse_args()
    trace_cmd = shutil.which("trace-cmd")
    if not trace_cmd:
        print("SKIP: trace-cmd is not installed")
        return SKIP
    traces = []
    for t in map(pathlib.Path, args.traces):
        traces += sorted(t.glob("*.dat")) if t.is_dir() else [t] if t.exists() else []
    if not traces:
        print("SKIP: no trace to compare (%s)" % " ".join(args.traces))
        return SKIP if args.optional else 1
    failed = 0
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "TRACEEVENT_PLUGIN_DIR")}
        env.update(HOME=home, LD_LIBRARY_PATH=args.lib, TRACEEVENT_PLUGIN_DIR=args.plugins)
        for trace in traces:
            for f in [None] + FILTERS:
                opts = ["-F", f] if f else []
                want = run([trace_cmd, "report", "-L"] + opts + ["-i", str(trace)], env)
                if want.returncode != 0:
                    print("note: %s %s: trace-cmd exits %d, not compared" % (trace.name, opts, want.returncode))
                    continue
                got = run([args.driver] + opts + [str(trace)], env)
                if got.stdout == want.stdout:
                    print("same: %s %s (%d lines)" % (trace.name, opts, want.stdout.count(b"\n")))
                    continue
                failed += 1
                print("DIFFERENT: %s %s" % (trace.name, opts))
                diff = difflib.unified_diff(want.stdout.decode(errors="replace").splitlines(),
                                            got.stdout.decode(errors="replace").splitlines(),
                                            "trace-cmd", "trace_view", lineterm="", n=1)
                for i, line in enumerate(diff):
                    if i == 30:
                        break
                    print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
