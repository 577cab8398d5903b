#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Whole-program differential test: `trace-cmd report` on a reference libtraceevent (upstream
1.9.0 with its plugins) and on a candidate (ours), compared byte for byte.

  report_diff.py --ref-lib DIR --ref-plugins DIR --lib DIR --plugins DIR [options] TRACE|DIR...

Each case is one trace file with one set of report options; each run is its own process
(core dumps off, timeout), with a scratch HOME and exactly the given library and plugin dir:
  LD_LIBRARY_PATH=LIB TRACEEVENT_PLUGIN_DIR=PLUGINS HOME=scratch trace-cmd report -L [opts] -i F
A case passes when stdout, stderr and the exit status are identical. Where the reference
crashes or times out there is nothing to compare: the case passes if the candidate does not
crash (a timeout on both sides is noted, not failed). Exit status: 0 all passed, 1 a failure,
77 nothing to test (no reference library or no trace), as meson expects for a skip.
"""
import argparse
import collections
import difflib
import hashlib
import itertools
import json
import re
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

SKIP = 77

# Option sets of `trace-cmd report`; the name is what failures print.
OPTION_SETS = {
    "plain": [],
    "-N": ["-N"],
    "-R": ["-R"],
    "-l": ["-l"],
    "-t": ["-t"],
    "--ts-diff": ["--ts-diff"],
    "-P": ["-P"],
    "-f": ["-f"],
    "-E": ["-E"],
    "--stat": ["--stat"],
    "--profile": ["--profile"],
    "-w": ["-w"],
    "--cpu0": ["--cpu", "0"],
    "--check-events": ["--check-events"],
    # filters: a regex event selector, field comparisons with && || & and strings, and one
    # trace-cmd rejects (its error path)
    "-F-sched": ["-F", "sched/.*:common_pid != 0"],
    "-F-fields": ["-F", 'sched_waking: (pid > 100 && prio >= 120) || comm == "ls"',
                  "-F", "sched_switch: prev_state & 1"],
    "-F-invalid": ["-F", "common_pid != 0"],
}
# --profile differs between two runs of the same library: trace-cmd groups events into tasks
# by heap address (some "task: comm-PID" headers print an address as the PID, and stray comm
# lines come and go). What stays stable, and is compared, is each "Event: name:detail" key
# with its counts summed over all tasks, e.g. "sched_switch:S 45", "sched_waking:0x0 4524".
PROFILE_OPTION_SETS = {"--profile"}

# Bump when what a cached reference digest means changes (normalisation, compared streams).
CACHE_FORMAT = 2
EXCERPT_LINES = 8
LINE_CLIP = 240


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ref-lib", required=True, help="dir holding the reference libtraceevent.so.1")
    p.add_argument("--ref-plugins", required=True, help="the reference's plugin dir")
    p.add_argument("--lib", required=True, help="dir holding the candidate libtraceevent.so.1")
    p.add_argument("--plugins", required=True, help="the candidate's plugin dir")
    p.add_argument("--label", default="", help="name of this set-up in messages")
    p.add_argument("--preload", default="", help="LD_PRELOAD for candidate runs (sanitizer runtime)")
    p.add_argument("--shim", default="", help="LD_PRELOAD for both runs (zero_size_malloc.c, unset_field_reads.c)")
    p.add_argument("--options", default="all",
                   help="comma-separated option-set names, or 'all' (%s)" % ", ".join(OPTION_SETS))
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per run")
    p.add_argument("--cache", default="", help="dir caching reference results (digests only)")
    p.add_argument("--trace-cmd", default="trace-cmd")
    p.add_argument("--max-excerpts", type=int, default=12, help="diff excerpts printed at most")
    p.add_argument("--require", action="store_true",
                   help="fail instead of skipping when no trace is found")
    p.add_argument("paths", nargs="*", help=".dat files or dirs of them (missing ones are skipped)")
    return p.parse_args()


def find_traces(paths):
    traces, missing = [], []
    for path in map(os.path.abspath, paths):  # runs happen in a scratch cwd
        if os.path.isdir(path):
            traces += sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".dat"))
        elif os.path.isfile(path):
            traces.append(path)
        else:
            missing.append(path)
    return traces, missing


def file_digest(path, h=None):
    h = h or hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h


def execute(cmd, env, cwd, stdout, stderr, timeout, stdin=subprocess.DEVNULL):
    """Runs cmd in its own session with core dumps off; returns its exit code as a string,
    'signal N', or 'timeout' (the whole process group is killed then)."""

    def no_core():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.setsid()

    proc = subprocess.Popen(cmd, stdin=stdin, stdout=stdout, stderr=stderr, env=env, cwd=cwd,
                            preexec_fn=no_core)
    try:
        rc = proc.wait(timeout=timeout)
        return "signal %d" % -rc if rc < 0 else str(rc)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return "timeout"


class Setup:
    """One library + one plugin dir, and how to run trace-cmd on them."""

    def __init__(self, lib, plugins, preload, trace_cmd, is_reference, shim=""):
        self.lib, self.plugins, self.preload, self.trace_cmd = lib, plugins, preload, trace_cmd
        self.shim = shim
        self.is_reference = is_reference

    def identity(self):
        """What the reference's cached results depend on."""
        h = hashlib.sha256()
        for path in [os.path.join(self.lib, "libtraceevent.so.1"), shutil.which(self.trace_cmd) or "", self.shim]:
            if os.path.isfile(path):
                file_digest(path, h)
        if os.path.isdir(self.plugins):
            for name in sorted(os.listdir(self.plugins)):
                full = os.path.join(self.plugins, name)
                if os.path.isfile(full):
                    h.update(name.encode())
                    file_digest(full, h)
        return h.hexdigest()

    def env(self, home):
        env = {k: v for k, v in os.environ.items()
               if k not in ("TRACEEVENT_PLUGIN_DIR", "LD_LIBRARY_PATH", "LD_PRELOAD")}
        env.update(HOME=home, LC_ALL="C", TZ="UTC")
        # None: the library the loader finds by itself, the plugins of its built-in dir
        # (tests/consumers' installed mode).
        if self.lib is not None:
            env["LD_LIBRARY_PATH"] = self.lib
        if self.plugins is not None:
            env["TRACEEVENT_PLUGIN_DIR"] = self.plugins
        # meson test sets it; its fill reaches trace-cmd's own reads past its buffers
        # (see zero_size_malloc.c), in either run.
        env.pop("MALLOC_PERTURB_", None)
        # The sanitizer runtime, when there is one, must come first.
        preloads = [p for p in (self.preload, self.shim) if p]
        if preloads:
            env["LD_PRELOAD"] = " ".join(preloads)
            # trace-cmd itself leaks, so no leak check; our library's errors still end the run.
            asan = env.get("ASAN_OPTIONS", "halt_on_error=1")
            env["ASAN_OPTIONS"] = asan + ":detect_leaks=0"
            env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
        return env

    def loaded_library(self):
        """The libtraceevent.so.1 the dynamic loader picks for trace-cmd in this set-up."""
        env = self.env(tempfile.gettempdir())
        env["LD_TRACE_LOADED_OBJECTS"] = "1"
        out = subprocess.run([shutil.which(self.trace_cmd)], env=env, capture_output=True, text=True,
                             stdin=subprocess.DEVNULL).stdout
        for line in out.splitlines():
            parts = line.split()
            if parts and parts[0] == "libtraceevent.so.1" and len(parts) >= 3:
                return parts[2]
        return None

    def run(self, trace, options, scratch):
        """Runs one report; returns (status, stdout file, stderr file). status is the exit code,
        'signal N' or 'timeout'."""
        fd_out, out = tempfile.mkstemp(dir=scratch, suffix=".out")
        fd_err, err = tempfile.mkstemp(dir=scratch, suffix=".err")
        home = tempfile.mkdtemp(dir=scratch, prefix="home.")
        # Options before -i: trace-cmd applies -F only to the inputs that follow it.
        cmd = [self.trace_cmd, "report", "-L"] + options + ["-i", trace]
        try:
            status = execute(cmd, self.env(home), home, fd_out, fd_err, self.timeout)
        finally:
            os.close(fd_out)
            os.close(fd_err)
            shutil.rmtree(home, ignore_errors=True)
        return status, out, err


PROFILE_EVENT = re.compile(rb"^  Event: (.*) \((\d+)\)")


def normalise(path, profile):
    if not profile:
        return
    counts = collections.Counter()
    with open(path, "rb") as f:
        for line in f:
            m = PROFILE_EVENT.match(line)
            if m:
                counts[m.group(1)] += int(m.group(2))
    with open(path, "wb") as f:
        f.writelines(b"%s %d\n" % (key, counts[key]) for key in sorted(counts))


def crashed(status):
    return status.startswith("signal") or status == "timeout"


def excerpt(ref_path, cand_path, what):
    """A unified diff around the first differing line, clipped; streams both files."""
    clip = lambda l: l if len(l) <= LINE_CLIP else l[:LINE_CLIP] + "..."
    with open(ref_path, "rb") as rf, open(cand_path, "rb") as cf:
        before = collections.deque(maxlen=2)
        first = 0
        ref_rest, cand_rest = [], []
        for first, (a, b) in enumerate(itertools.zip_longest(rf, cf)):
            if a != b:
                ref_rest = [a] if a is not None else []
                cand_rest = [b] if b is not None else []
                break
            before.append(a)
        ref_rest += list(itertools.islice(rf, EXCERPT_LINES))
        cand_rest += list(itertools.islice(cf, EXCERPT_LINES))
        ref_total = first + len(ref_rest) + sum(1 for _ in rf)
        cand_total = first + len(cand_rest) + sum(1 for _ in cf)
    # Long lines are shown from a little before the first column that differs.
    a = ref_rest[0] if ref_rest else b""
    b = cand_rest[0] if cand_rest else b""
    col = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    start = max(0, col - 80)
    shift = lambda l: l if start == 0 else b"..." + l[start:]
    text = lambda lines: [clip(shift(l).decode("utf-8", "replace").rstrip("\n")) for l in lines]
    diff = difflib.unified_diff(text(list(before) + ref_rest), text(list(before) + cand_rest),
                                "upstream %s" % what, "ours %s" % what, n=2, lineterm="")
    head = "    %s: %d vs %d lines, first difference at line %d column %d" % (
        what, ref_total, cand_total, first + 1, col + 1)
    return "\n".join([head] + ["    " + l for l in list(diff)[:2 * EXCERPT_LINES + 8]])


class Cache:
    """Reference digests keyed by (reference identity, trace, options). Written atomically,
    so that two suites sharing it can run at once."""

    def __init__(self, directory, identity):
        self.directory, self.identity = directory, identity
        if directory:
            os.makedirs(directory, exist_ok=True)

    def key(self, trace, options):
        st = os.stat(trace)
        text = json.dumps([CACHE_FORMAT, self.identity, os.path.realpath(trace), st.st_size,
                           st.st_mtime_ns, options])
        return hashlib.sha256(text.encode()).hexdigest()

    def get(self, trace, options):
        if not self.directory:
            return None
        try:
            with open(os.path.join(self.directory, self.key(trace, options)), encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def put(self, trace, options, value):
        if not self.directory:
            return
        fd, tmp = tempfile.mkstemp(dir=self.directory)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(value, f)
        os.replace(tmp, os.path.join(self.directory, self.key(trace, options)))


class Result:
    def __init__(self, trace, option_name, verdict, detail=""):
        self.trace, self.option_name, self.verdict, self.detail = trace, option_name, verdict, detail


def load_known_differences():
    """(trace file name, option set or *) -> reason, from known-differences.txt beside this script."""
    known = {}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "known-differences.txt")
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            trace, option_name, reason = line.split(None, 2)
            known[(trace, option_name)] = reason
    return known


KNOWN_DIFFERENCES = load_known_differences()


def run_case(args, ref, cand, cache, scratch, trace, option_name):
    options = OPTION_SETS[option_name]
    profile = option_name in PROFILE_OPTION_SETS

    def digests(status, out, err):
        normalise(out, profile)
        return {"status": status, "out": file_digest(out).hexdigest(), "err": file_digest(err).hexdigest()}

    files = []
    try:
        cached = cache.get(trace, options)
        ref_files = None
        if cached is None:
            status, out, err = ref.run(trace, options, scratch)
            files += [out, err]
            ref_files = (out, err)
            cached = digests(status, out, err)
            if cached["status"] != "timeout":
                cache.put(trace, options, cached)
        status, out, err = cand.run(trace, options, scratch)
        files += [out, err]
        mine = digests(status, out, err)

        if crashed(cached["status"]):
            reason = KNOWN_DIFFERENCES.get((os.path.basename(trace), option_name), "")
            # Which signal depends on the heap (a double free aborts or faults).
            if (reason.startswith("both crash:") and crashed(mine["status"])
                    and mine["out"] == cached["out"]):
                return Result(trace, option_name, "known-difference", "    " + reason)
            if mine["status"].startswith("signal"):
                return Result(trace, option_name, "FAIL",
                              "    upstream: %s, ours: %s" % (cached["status"], mine["status"]))
            return Result(trace, option_name, "pass-upstream-crash",
                          "    upstream: %s, ours exit %s" % (cached["status"], mine["status"]))
        if mine == cached:
            if cached["status"] != "0":
                return Result(trace, option_name, "pass-both-error", "exit %s" % cached["status"])
            return Result(trace, option_name, "pass")

        # Mismatch: rerun the reference if only its digest was cached, to show the difference.
        if ref_files is None:
            status, rout, rerr = ref.run(trace, options, scratch)
            files += [rout, rerr]
            fresh = digests(status, rout, rerr)
            ref_files = (rout, rerr)
            if fresh == mine:  # the cached digest came from a run that went otherwise
                return Result(trace, option_name, "pass")
            cached = fresh
        details = []
        if mine["status"] != cached["status"]:
            details.append("    exit status: upstream %s, ours %s" % (cached["status"], mine["status"]))
        if mine["out"] != cached["out"]:
            details.append(excerpt(ref_files[0], out, "stdout"))
        if mine["err"] != cached["err"]:
            details.append(excerpt(ref_files[1], err, "stderr"))
        name = os.path.basename(trace)
        reason = KNOWN_DIFFERENCES.get((name, option_name)) or KNOWN_DIFFERENCES.get((name, "*"))
        if reason and not mine["status"].startswith("signal"):
            return Result(trace, option_name, "known-difference", "    " + reason)
        return Result(trace, option_name, "FAIL", "\n".join(details))
    except Exception as e:  # a harness problem is a failure of this case, not of the suite
        return Result(trace, option_name, "FAIL", "    harness error: %r" % (e,))
    finally:
        for path in files:
            try:
                os.unlink(path)
            except OSError:
                pass


def main():
    args = parse_args()
    label = args.label or args.lib
    ref_so = os.path.join(args.ref_lib, "libtraceevent.so.1")
    cand_so = os.path.join(args.lib, "libtraceevent.so.1")
    if not args.ref_lib or not os.path.exists(ref_so):
        print("SKIP %s: no reference library (%s); set -Doracle=DIR (tests/oracle/fetch-oracle.sh DIR)"
              % (label, ref_so))
        return SKIP
    if not shutil.which(args.trace_cmd):
        print("SKIP %s: %s is not installed" % (label, args.trace_cmd))
        return SKIP
    if not os.path.exists(cand_so):
        print("FAIL %s: no candidate library %s" % (label, cand_so))
        return 1
    traces, missing = find_traces(args.paths)
    for path in missing:
        print("note: %s is absent, skipped" % path)
    if not traces:
        print("%s %s: no trace found" % ("FAIL" if args.require else "SKIP", label))
        return 1 if args.require else SKIP
    names = list(OPTION_SETS) if args.options == "all" else args.options.split(",")
    unknown = [n for n in names if n not in OPTION_SETS]
    if unknown:
        print("unknown option sets: %s" % ", ".join(unknown))
        return 2
    if not [p for p in (os.listdir(args.plugins) if os.path.isdir(args.plugins) else [])
            if p.startswith("plugin_") and p.endswith(".so")]:
        print("note: no plugin_*.so in %s: the candidate runs without plugins" % args.plugins)

    ref = Setup(args.ref_lib, args.ref_plugins, "", args.trace_cmd, is_reference=True, shim=args.shim)
    cand = Setup(args.lib, args.plugins, args.preload, args.trace_cmd, is_reference=False, shim=args.shim)
    ref.timeout = cand.timeout = args.timeout
    for name, setup in (("reference", ref), ("candidate", cand)):
        loaded = setup.loaded_library()
        if not loaded or os.path.realpath(os.path.dirname(loaded)) != os.path.realpath(setup.lib):
            print("FAIL %s: trace-cmd would load %s, not the %s library in %s"
                  % (label, loaded, name, setup.lib))
            return 1
    cache = Cache(args.cache, ref.identity())
    scratch = tempfile.mkdtemp(prefix="report-diff.")
    start = time.monotonic()
    cases = [(t, o) for t in traces for o in names]
    try:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(lambda c: run_case(args, ref, cand, cache, scratch, *c), cases))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    failed = [r for r in results if r.verdict == "FAIL"]
    upstream_crashes = [r for r in results if r.verdict == "pass-upstream-crash"]
    # Per trace: how many option sets match.
    print("set-up %s: %d traces x %d option sets, %.1f s" % (label, len(traces), len(names),
                                                            time.monotonic() - start))
    for trace in traces:
        mine = [r for r in results if r.trace == trace]
        bad = [r.option_name for r in mine if r.verdict == "FAIL"]
        print("  %-55s %2d/%d identical%s" % (os.path.basename(trace), len(mine) - len(bad), len(mine),
                                              ("  differs: " + " ".join(bad)) if bad else ""))
    both_error = {}
    for r in results:
        if r.verdict == "pass-both-error":
            both_error.setdefault(os.path.basename(r.trace), set()).add(r.detail)
    for name, statuses in sorted(both_error.items()):
        print("note: upstream and ours both %s on %s (error output compared)" % ("/".join(sorted(statuses)), name))
    for r in results:
        if r.verdict == "known-difference":
            print("note: known difference on %s %s:%s" % (os.path.basename(r.trace), r.option_name, r.detail))
    for r in upstream_crashes:
        print("note: %s on %s %s" % (r.detail.strip(), os.path.basename(r.trace), r.option_name))
    for r in failed[:args.max_excerpts]:
        print("FAIL %s [%s]\n%s" % (os.path.basename(r.trace), r.option_name, r.detail))
    if len(failed) > args.max_excerpts:
        print("... %d more failing cases not shown" % (len(failed) - args.max_excerpts))
    print("%d passed, %d failed" % (len(results) - len(failed), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
