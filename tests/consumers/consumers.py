#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Consumer differential runner: programs that use libtraceevent (trace-cmd, libtracefs,
libkshark, KernelShark, drivers of ours that call what rtla and cxl call, perf) run once on a
reference library and once on ours, each run its own process, and what they produce is
compared byte for byte: stdout, stderr, exit status, and the files a case chooses to collect.

  consumers.py --consumer NAME --ref-lib DIR --ref-plugins DIR --lib DIR --plugins DIR
               [--preload SO] [--drivers DIR] [--data DIR] [--results DIR] [--only GLOB]
               [--keep DIR]   (writes each case's streams, masked, to DIR/CASE/SIDE/STREAM)

NAME is a module beside this file (tracecmd_files, tracecmd_live, libtracefs_driver, ...)
or a path to one. A module defines
    CONSUMER = "trace-cmd files"          # the name counts are printed under
    def cases(ctx): -> iterable of Case   # ctx is the Context below
and may define `skip_reason(ctx) -> str|None` (the whole consumer skips with that message)
and `programs(ctx) -> [path]` (checked to load each side's libtraceevent.so.1 before any case).

Interface for case modules:
  Case(name, run, masks=(), expect_error=False)
      run(side, work) -> Outcome: runs the consumer on one side in the scratch dir `work`
      (fresh per side and case; files written there are the side's own). masks: functions
      bytes -> bytes applied to every stream of both sides before comparing (say in the
      case's module what each one hides, and why).
  side.run(cmd, work, stdin=None, timeout=None, env=None, name=None) -> Outcome
      one process: scratch HOME, no inherited TRACEEVENT_PLUGIN_DIR/LD_LIBRARY_PATH/LD_PRELOAD,
      LC_ALL=C, TZ=UTC, core dumps off, own process group killed on timeout; `env` adds
      variables; `name` prefixes the stream names ("split.stdout").
  side.name ("upstream" | "ours"), side.lib (dir, None in installed mode), side.plugins,
  side.so (path of its libtraceevent.so.1 or None), side.preload (sanitizer runtime or "").
  Outcome: .status ("0", "1", "signal 11", "timeout"), .streams {name: bytes} in order;
      out.add(name, bytes), out.add_file(name, path), out.extend(other Outcome).
  ctx: .ref, .ours (Sides), .data (tests/data), .consumers_data (tests/data/consumers),
      .drivers (build dir of our drivers), .trace_cmd, .args.
A case is "same" when every stream and the final status are equal after masking; where
upstream crashes or times out, "same" means ours ends without a signal ("upstream crashed").
Case(..., robustness_only=True): bad input where upstream reads memory it does not own, so
only a normal end of ours is required. Case(name, skip="reason"): printed and counted as skipped;
so is a case whose run raises SkipCase("reason") (what it needs turned out not to be there).
A differing case listed in expected-differences.txt (MODULE<tab>CASE-GLOB<tab>FINDING) is
reported with its finding and does not fail; a listed case that now matches is noted, so the
list can shrink. Exit: 0 no unexpected difference, 1 otherwise, 77 consumer skipped.

Installed mode: with CONSUMERS_OURS=system in the environment, "ours" is whatever
libtraceevent.so.1 the dynamic loader finds (no LD_LIBRARY_PATH, no TRACEEVENT_PLUGIN_DIR:
the system's library with the plugins of its built-in dir, so `trace-cmd ... -L` loses its
-L on that side), e.g. after our packages were installed over the distribution's; the
reference stays the -Doracle dir with its plugins.
"""
import argparse
import collections
import fnmatch
import importlib.util
import json
import os
import re
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "differential"))
import report_diff  # noqa: E402  (the one process runner and diff excerpt of the test suites)

# Run as a script, this file is __main__; the consumer modules' `from consumers import ...`
# must get these same classes (SkipCase is caught by identity), not a second copy.
sys.modules.setdefault("consumers", sys.modules[__name__])

SKIP = 77
SAME = ("same", "upstream-crashed", "robust")  # verdicts counted as same
MAX_EXCERPTS = 10


class Outcome:
    def __init__(self):
        self.status = "0"
        self.streams = collections.OrderedDict()

    def add(self, name, data):
        self.streams[name] = data
        return self

    def add_file(self, name, path):
        """A written file's bytes, or a marker that it was not written."""
        try:
            with open(path, "rb") as f:
                self.streams[name] = f.read()
        except OSError as e:
            self.streams[name] = b"<not written: %s>" % e.strerror.encode()
        return self

    def extend(self, other):
        """Appends a step run with side.run(..., name=...) (its status is one of its streams);
        the last failing step's status becomes the case's."""
        self.streams.update(other.streams)
        if other.status != "0":
            self.status = other.status
        return self


class Side(report_diff.Setup):
    """One library with one plugin dir; lib None runs the library the loader finds."""

    def __init__(self, name, lib, plugins, preload, timeout):
        super().__init__(lib, plugins, preload, "trace-cmd", is_reference=(name == "upstream"))
        self.name, self.timeout = name, timeout
        self.so = os.path.join(lib, "libtraceevent.so.1") if lib else None

    def run(self, cmd, work, stdin=None, timeout=None, env=None, name=None):
        if self.plugins is None and os.path.basename(cmd[0]) == "trace-cmd" and "-L" in cmd:
            # installed mode: this side's plugins are in its built-in dir, which -L skips
            cmd = [c for c in cmd if c != "-L"]
        home = tempfile.mkdtemp(dir=work, prefix=".home.")
        environ = self.env(home)
        # Sanitizer builds: consumers and upstream leak, trace-cmd hands printf strings it
        # read unterminated from files (dump) and mallocs sizes read from garbage (glibc says
        # NULL, ASan aborts): leaks and printf checks of ours are the unit suites' to find;
        # here our library's own reads and writes are checked.
        if "ASAN_OPTIONS" in environ or self.preload:
            environ["ASAN_OPTIONS"] = environ.get("ASAN_OPTIONS", "halt_on_error=1") + \
                ":detect_leaks=0:check_printf=0:allocator_may_return_null=1"
        environ.update(env or {})
        prefix = name + "." if name else ""
        out = Outcome()
        with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe:
            if stdin is not None:
                fi = tempfile.TemporaryFile()
                fi.write(stdin)
                fi.seek(0)
            else:
                fi = open(os.devnull, "rb")
            with fi:
                out.status = report_diff.execute(cmd, environ, work, fo, fe, timeout or self.timeout, fi)
            fo.seek(0)
            fe.seek(0)
            out.add(prefix + "stdout", fo.read()).add(prefix + "stderr", fe.read())
        shutil.rmtree(home, ignore_errors=True)
        if name:  # a step of a longer case: its status is a stream of its own
            out.add(prefix + "status", out.status.encode())
        return out

    def loads(self, program):
        """The libtraceevent.so.1 the loader picks for program on this side."""
        self.trace_cmd = program
        return self.loaded_library()


class SkipCase(Exception):
    """Raised by a case's run when this machine cannot give it what it compares."""


class Case:
    def __init__(self, name, run=None, masks=(), robustness_only=False, skip=None):
        self.name, self.run, self.masks = name, run, list(masks)
        self.robustness_only, self.skip = robustness_only, skip


class Context:
    def __init__(self, args, ref, ours):
        self.args, self.ref, self.ours = args, ref, ours
        self.data = args.data
        self.consumers_data = os.path.join(args.data, "consumers")
        self.drivers = args.drivers
        self.trace_cmd = shutil.which("trace-cmd")
        self.sides = (ref, ours)


def load_expected(path):
    expected = []
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#"):
                module, glob, finding = [f.strip() for f in line.split("\t") if f.strip()]
                expected.append((module, glob, finding))
    return expected


SANITIZER_REPORT = re.compile(rb"^==\d+==ERROR: (Address|Leak|Thread|Memory)Sanitizer|^SUMMARY: UndefinedBehaviorSanitizer", re.M)


LIBRARY_FRAME = re.compile(rb"libtraceevent\.so|plugins/plugin_|\.\./(lib|compat|plugins)/")


def crashed(outcome):
    """Killed, hung, or stopped by a sanitizer in the library under test: instrumented
    drivers stop with an exit code and a report where upstream's library crashes. A report
    whose first frames are all the consumer's own (trace-cmd's dump reading past a string
    it read from a garbage file, under our ASan runtime only) is the consumer's bug, not a
    crash of the library."""
    if outcome.status.startswith("signal") or outcome.status == "timeout":
        return True
    if outcome.status == "0":
        return False
    for name, data in outcome.streams.items():
        m = SANITIZER_REPORT.search(data) if name.endswith("stderr") else None
        if m:
            frames = re.findall(rb"^ +#\d+ .*$", data[m.start():], re.M)[:6]
            if any(LIBRARY_FRAME.search(f) for f in frames) or not frames:
                return True
    return False


def masked(outcome, masks):
    streams = collections.OrderedDict()
    for name, data in outcome.streams.items():
        for mask in masks:
            data = mask(data)
        streams[name] = data
    streams["status"] = outcome.status.encode()
    return streams


def difference(ref, ours):
    """Names of differing streams, with an excerpt of the first lines that differ."""
    lines = []
    for name in list(ref) + [n for n in ours if n not in ref]:
        a, b = ref.get(name, b"<absent>"), ours.get(name, b"<absent>")
        if a == b:
            continue
        with tempfile.NamedTemporaryFile() as fa, tempfile.NamedTemporaryFile() as fb:
            fa.write(a)
            fb.write(b)
            fa.flush()
            fb.flush()
            lines.append(report_diff.excerpt(fa.name, fb.name, name))
    return "\n".join(lines)


def run_case(ctx, case):
    """(verdict, detail): verdict is same, upstream-crashed, robust, different, harness-error
    or skipped."""
    if case.skip:
        return "skipped", case.skip
    results = {}
    try:
        for side in ctx.sides:
            work = tempfile.mkdtemp(prefix="consumer.%s." % side.name)
            try:
                results[side.name] = case.run(side, work)
            finally:
                shutil.rmtree(work, ignore_errors=True)
    except SkipCase as e:
        return "skipped", str(e)
    except Exception as e:  # a harness problem fails this case only
        return "harness-error", "    %s: %r" % (type(e).__name__, e)
    ref, ours = results["upstream"], results["ours"]
    if ctx.args.keep:
        for side, outcome in results.items():
            where = os.path.join(ctx.args.keep, "".join(c if c.isalnum() or c in "-_." else "_" for c in case.name), side)
            os.makedirs(where, exist_ok=True)
            for name, data in masked(outcome, case.masks).items():
                with open(os.path.join(where, name.replace("/", "_")), "wb") as f:
                    f.write(data)
    if crashed(ref):
        if crashed(ours):
            return "different", "    upstream %s, ours %s" % (ref.status, ours.status)
        return "upstream-crashed", "    upstream %s, ours exit %s" % (ref.status, ours.status)
    if case.robustness_only:
        if crashed(ours):
            return "different", "    ours %s (only a normal end is required here)" % ours.status
        return "robust", "    upstream exit %s, ours exit %s" % (ref.status, ours.status)
    a, b = masked(ref, case.masks), masked(ours, case.masks)
    if a == b:
        return "same", ""
    return "different", difference(a, b)


def load_module(name):
    path = name if name.endswith(".py") else os.path.join(HERE, name + ".py")
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return spec.name, module


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--consumer", required=True)
    p.add_argument("--ref-lib", required=True)
    p.add_argument("--ref-plugins", required=True)
    p.add_argument("--lib", required=True)
    p.add_argument("--plugins", required=True)
    p.add_argument("--preload", default="", help="LD_PRELOAD for our side (sanitizer runtime)")
    p.add_argument("--drivers", default="", help="build dir of the drivers of tests/consumers")
    p.add_argument("--data", default=os.path.join(HERE, "..", "data"))
    p.add_argument("--results", default="", help="dir to leave this consumer's counts in (summary)")
    p.add_argument("--expected", default=os.path.join(HERE, "expected-differences.txt"))
    p.add_argument("--only", default="*", help="run the cases matching this glob")
    p.add_argument("--keep", default="", help="dir to write every case's streams to (CASE/SIDE/STREAM)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=120.0)
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    for name in ("ref_lib", "ref_plugins", "lib", "plugins", "drivers", "data", "results", "keep"):
        if getattr(args, name):  # runs happen in scratch dirs
            setattr(args, name, os.path.abspath(getattr(args, name)))
    module_name, module = load_module(args.consumer)
    consumer = getattr(module, "CONSUMER", module_name)
    if not os.path.exists(os.path.join(args.ref_lib, "libtraceevent.so.1")):
        print("SKIP %s: no reference library in %s; set -Doracle=DIR" % (consumer, args.ref_lib))
        return SKIP
    system = os.environ.get("CONSUMERS_OURS") == "system"
    ref = Side("upstream", args.ref_lib, args.ref_plugins, "", args.timeout)
    ours = Side("ours", None if system else args.lib, None if system else args.plugins,
                args.preload, args.timeout)
    ctx = Context(args, ref, ours)
    print("%s: upstream %s; ours %s" % (consumer, ref.so,
                                        "the installed library (CONSUMERS_OURS=system)" if system else ours.so))
    reason = module.skip_reason(ctx) if hasattr(module, "skip_reason") else None
    if reason:
        print("SKIP %s: %s" % (consumer, reason))
        write_results(args, consumer, [], reason)
        return SKIP
    for program in (module.programs(ctx) if hasattr(module, "programs") else []):
        for side in ctx.sides:
            loaded = side.loads(program)
            if side.lib and (not loaded or os.path.realpath(os.path.dirname(loaded)) != os.path.realpath(side.lib)):
                print("FAIL %s: %s would load %s, not %s's library in %s" % (consumer, program, loaded,
                                                                           side.name, side.lib))
                return 1
    cases = [c for c in module.cases(ctx) if fnmatch.fnmatchcase(c.name, args.only)]
    expected = [(g, f) for m, g, f in load_expected(args.expected) if m == module_name]
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        verdicts = list(pool.map(lambda c: run_case(ctx, c), cases))
    results, failures = [], []
    for case, (verdict, detail) in zip(cases, verdicts):
        finding = next((f for g, f in expected if fnmatch.fnmatchcase(case.name, g)), None)
        if verdict == "same" and finding:
            print("  same       %s   (listed as expected to differ: %s; remove the entry)" % (case.name, finding))
        elif verdict == "different" and finding:
            print("  different  %s   expected: %s" % (case.name, finding))
        elif verdict in ("different", "harness-error"):
            print("  DIFFERENT  %s%s" % (case.name, "   (harness error)" if verdict != "different" else ""))
            failures.append((case.name, detail))
        elif verdict == "upstream-crashed":
            print("  same       %s   (upstream crashed: %s)" % (case.name, detail.strip()))
        elif verdict == "robust":
            print("  same       %s   (bad input, only a normal end compared: %s)" % (case.name, detail.strip()))
        elif verdict == "skipped":
            print("  skipped    %s: %s" % (case.name, detail))
        else:
            print("  same       %s" % case.name)
        results.append({"case": case.name, "verdict": verdict, "finding": finding})
    for name, detail in failures[:MAX_EXCERPTS]:
        print("FAIL %s [%s]\n%s" % (consumer, name, detail))
    same = sum(1 for r in results if r["verdict"] in SAME)
    skipped = sum(1 for r in results if r["verdict"] == "skipped")
    different = len(results) - same - skipped
    print("consumer %s: %d same, %d different (%d of them expected, listed in %s), %d skipped, %.1f s"
          % (consumer, same, different, different - len(failures), os.path.basename(args.expected), skipped,
             time.monotonic() - start))
    write_results(args, consumer, results, None)
    print("%d passed, %d failed, %d skipped" % (len(results) - len(failures) - skipped, len(failures), skipped))
    return 1 if failures else 0


def write_results(args, consumer, results, skipped):
    if not args.results:
        return
    os.makedirs(args.results, exist_ok=True)
    path = os.path.join(args.results, os.path.basename(args.consumer).replace(".py", "") + ".json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"consumer": consumer, "skipped": skipped, "cases": results}, f)


if __name__ == "__main__":
    sys.exit(main())
