#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Header compatibility with upstream 1.9.0: layout_probe.c compiled against our headers and
against upstream's must print the same layouts and constants, and (with gcc) the headers must
declare the same function prototypes (gcc -aux-info lists every declaration it saw).
  check_headers.py --cc CC [--run=WORD]... --probe layout_probe.c --ours DIR --upstream DIR
With a cross compiler, the --run words are the command that runs its programs here (meson's
exe_wrapper), so the layouts compared are the target architecture's.
Exit 77 (skip) when the upstream headers are not there."""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile


def compile_and_run(cc, run, probe, include, work, tag):
    exe = os.path.join(work, "probe-" + tag)
    subprocess.run(cc + ["-std=gnu11", "-Wall", "-I", include, "-o", exe, probe], check=True)
    return subprocess.run(run + [exe], check=True, capture_output=True, text=True).stdout.splitlines()


def prototypes(cc, probe, include, work, tag):
    """Declarations coming from the traceevent headers, without file/line comments."""
    aux = os.path.join(work, "aux-" + tag)
    subprocess.run(cc + ["-std=gnu11", "-fsyntax-only", "-aux-info", aux, "-I", include, probe], check=True)
    include = os.path.realpath(include)
    out = []
    for line in open(aux, encoding="utf-8"):
        m = re.match(r"/\* (.*?):\d+:\w+ \*/ (.*)", line.strip())
        if m and os.path.realpath(m.group(1)).startswith(include + os.sep):
            out.append(m.group(2))
    return sorted(out)


def compare(what, ours, upstream):
    if ours == upstream:
        print("%s: %d lines identical" % (what, len(ours)))
        return True
    print("%s differ (--- upstream, +++ ours):" % what)
    for line in difflib.unified_diff(upstream, ours, "upstream", "ours", lineterm="", n=1):
        print("  " + line)
    return False


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--cc", required=True, help="C compiler command (may hold spaces)")
    p.add_argument("--run", action="append", default=[], help="a word of the command that runs the probe")
    p.add_argument("--probe", required=True)
    p.add_argument("--ours", required=True)
    p.add_argument("--upstream", default="")
    args = p.parse_args()
    if not args.upstream or not os.path.isfile(os.path.join(args.upstream, "event-parse.h")):
        print("SKIP: no upstream headers (%r); set -Doracle=DIR" % args.upstream)
        return 77
    cc = args.cc.split()
    work = tempfile.mkdtemp(prefix="abi-headers.")
    try:
        ours = compile_and_run(cc, args.run, args.probe, args.ours, work, "ours")
        print("target: " + (ours[0] if ours else "?"))
        ok = compare("layouts and constants", ours,
                     compile_and_run(cc, args.run, args.probe, args.upstream, work, "upstream"))
        version = subprocess.run(cc + ["--version"], capture_output=True, text=True).stdout
        if "clang" not in version and ("gcc" in version or "GCC" in version or "Free Software" in version):
            ok &= compare("function prototypes",
                          prototypes(cc, args.probe, args.ours, work, "ours"),
                          prototypes(cc, args.probe, args.upstream, work, "upstream"))
        else:
            print("note: prototypes not compared (needs gcc -aux-info)")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
