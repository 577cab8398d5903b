#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Runs the EXAMPLE program of a man page (built from the page by meson) in the source tree
with the page's `// example-args:`; it must exit 0, print nothing on stderr and, when the page
shows a `.Output` block, print exactly that. With --oracle (upstream 1.9.0) the same binary
runs once more on upstream's library and must print the same, unless the page says
`// example-upstream-differs: WHY`. In the arguments, @plugin_build_dir@ stands for the
directory of the plugins this build made.
  run_example.py --page PAGE.adoc --exe EXE --root SRCDIR --plugins DIR [--oracle DIR]"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from manpage import Page, PageError  # noqa: E402


def run(exe, args, root, env):
    return subprocess.run([exe] + args, cwd=root, env=env, capture_output=True, text=True,
                          errors="replace", timeout=60)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--page", required=True)
    p.add_argument("--exe", required=True)
    p.add_argument("--root", required=True)
    p.add_argument("--plugins", required=True)
    p.add_argument("--oracle", default="")
    args = p.parse_args()
    rel = os.path.relpath(args.page, args.root)
    try:
        _, ex_args, expected, differs = Page(args.page).example()
    except PageError as e:
        print("FAIL: %s" % e)
        return 1
    ex_args = [a.replace("@plugin_build_dir@", args.plugins) for a in ex_args]
    env = dict(os.environ, HOME=os.environ.get("TMPDIR", "/tmp"))
    ours = run(args.exe, ex_args, args.root, env)
    problems = []
    if ours.returncode:
        problems.append("exited %d" % ours.returncode)
    if ours.stderr:
        problems.append("wrote on stderr:\n" + ours.stderr)
    if expected is not None and ours.stdout != expected:
        problems.append("printed:\n%s\ninstead of the page's Output block:\n%s" % (ours.stdout, expected))
    upstream_lib = os.path.join(args.oracle, "lib")
    compared = False
    if not problems and args.oracle and not differs and os.path.isdir(upstream_lib):
        # Upstream leaks in places: no leak report for its run.
        asan = os.environ.get("ASAN_OPTIONS", "")
        up_env = dict(env, LD_LIBRARY_PATH=upstream_lib,
                      ASAN_OPTIONS=(asan + ":" if asan else "") + "detect_leaks=0")
        up = run(args.exe, ex_args, args.root, up_env)
        compared = True
        if (up.returncode, up.stdout) != (ours.returncode, ours.stdout):
            problems.append("upstream 1.9.0 gives exit %d and:\n%s\nwhere ours gives exit %d and:\n%s"
                            "(say `// example-upstream-differs: WHY` in the page if that is meant)"
                            % (up.returncode, up.stdout, ours.returncode, ours.stdout))
    for problem in problems:
        print("FAIL: %s: EXAMPLE %s" % (rel, problem))
    if problems:
        return 1
    print("%s: EXAMPLE runs%s%s" % (rel, ", prints its Output block" if expected is not None else "",
                                      ", same on upstream 1.9.0" if compared else
                                      (" (upstream differs: %s)" % differs if differs else "")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
