#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""The exports of the built libtraceevent.so.1, checked against abi/symbols.txt and
abi/typed-symbols.txt (--symbols may be given once per list):
 - nothing is exported that the list does not name (and no C++ `_Z` symbol at all);
 - the SONAME is libtraceevent.so.1;
 - the log hooks of abi/weak-symbols.txt are weak when present, so applications can override them;
 - with --require-all, every listed name is exported (on once every API group has landed).
  check_symbols.py --lib PATH --symbols symbols.txt [--symbols typed-symbols.txt] --weak weak-symbols.txt
                   [--require-all]"""
import argparse
import os
import subprocess
import sys


def names(path):
    with open(path, encoding="utf-8") as f:
        return {l.strip() for l in f if l.strip() and not l.startswith("#")}


def dynamic_symbols(lib):
    """name -> nm type letter, for defined dynamic symbols (version nodes excluded)."""
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True, capture_output=True,
                         text=True).stdout
    syms = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 3 or parts[1] == "A":
            continue
        syms[parts[2].split("@")[0]] = parts[1]
    return syms


def soname(lib):
    out = subprocess.run(["readelf", "-d", lib], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "(SONAME)" in line:
            return line.split("[", 1)[1].rstrip("]")
    return None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--lib", required=True)
    p.add_argument("--symbols", required=True, action="append")
    p.add_argument("--weak", required=True)
    p.add_argument("--require-all", action="store_true")
    args = p.parse_args()
    require_all = args.require_all or os.environ.get("ABI_REQUIRE_ALL") == "1"

    listed, weak = set().union(*(names(path) for path in args.symbols)), names(args.weak)
    exported = dynamic_symbols(args.lib)
    problems = []
    extra = sorted(s for s in exported if s not in listed)
    if extra:
        problems.append("exported but in no symbol list: " + " ".join(extra))
    mangled = sorted(s for s in exported if s.startswith("_Z"))
    if mangled:
        problems.append("C++ symbols exported: " + " ".join(mangled[:20]))
    name = soname(args.lib)
    if name != "libtraceevent.so.1":
        problems.append("SONAME is %r, not libtraceevent.so.1" % name)
    not_weak = sorted(s for s in weak if s in exported and exported[s] not in ("W", "V"))
    if not_weak:
        problems.append("log hooks not weak: " + " ".join("%s(%s)" % (s, exported[s]) for s in not_weak))
    missing = sorted(listed - set(exported))
    if missing and require_all:
        problems.append("listed but not exported: " + " ".join(missing))

    print("%d of %d listed symbols exported; %d missing%s" % (
        len(listed & set(exported)), len(listed), len(missing),
        "" if require_all else " (allowed until --require-all is on)"))
    if missing and not require_all:
        print("missing: " + " ".join(missing))
    for problem in problems:
        print("FAIL: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
