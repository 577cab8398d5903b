#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""The examples of Documentation/typed-events.md.
  doc_check.py --run EXE ARG --expect TEXT     runs an example, its stdout must be TEXT
  doc_check.py --doc MD --source FILE...       the part of each FILE between the
                                               "doc: begin" and "doc: end" lines is in MD,
                                               verbatim, in a fenced code block"""
import argparse
import subprocess
import sys


def marked(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    start = next(i for i, l in enumerate(lines) if "doc: begin" in l)
    end = next(i for i, l in enumerate(lines) if "doc: end" in l)
    return "\n".join(lines[start + 1:end])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--run", nargs=2)
    p.add_argument("--expect")
    p.add_argument("--doc")
    p.add_argument("--source", action="append", default=[])
    a = p.parse_args()
    if a.run:
        out = subprocess.run(a.run, stdout=subprocess.PIPE, timeout=60)
        got = out.stdout.decode()
        want = a.expect.encode().decode("unicode_escape")
        if out.returncode != 0 or got != want:
            print("exit %d, output:\n%s\nwanted:\n%s" % (out.returncode, got, want))
            return 1
        print(got, end="")
    if a.doc:
        doc = open(a.doc, encoding="utf-8").read()
        for src in a.source:
            if "\n" + marked(src) + "\n```" not in doc:
                print("%s: its doc part is not in %s (copy it there)" % (src, a.doc))
                return 1
        print("%d examples found in %s" % (len(a.source), a.doc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
