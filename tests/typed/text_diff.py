#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""The typed columns' texts against tep_print_event's TEP_PRINT_INFO, per record.

Formats (pseudo-random records of every format of a directory, as
tests/print_plan/print_diff_driver.c builds them):
  - the columns (typed_format_driver, ours) equal ours' INFO for every record;
  - they equal upstream's INFO for every well-formed record that upstream
    prints the same whatever surrounds the record (PRINT_DRIVER_FILL 0 and
    255: upstream reads outside some) and does not crash on.
Traces (every record of trace-cmd v6 files): typed_trace_columns on ours
equals typed_trace_info on upstream (and on ours), record for record.

  text_diff.py --ours-lib DIR [--oracle-lib DIR] --info-driver EXE --columns-driver EXE
               [--trace-info EXE --trace-columns EXE] [--optional] [--formats-against-ours]
               [--formats DIR]... [--trace FILE]... [--allow FILE] [--allow-events "PATTERN..."]
Directories and traces that do not exist are skipped with --optional. With
--formats-against-ours the formats' columns are compared with our INFO only (where
print_diff_full already compares our INFO with upstream's on the same records). --allow names
events (one "sys:name" pattern a line, fnmatch style, "#" comments) whose INFO upstream prints otherwise than
ours (lib/print_plan differences): counted, not failed; --allow-events names more, space-separated
(print_diff's PRINT_DIFF_ALLOWED, tests/print_plan/meson.build)."""
import argparse
import fnmatch
import os
import subprocess
import sys


def run(cmd, lib, fill=None, oracle=False):
    env = dict(os.environ, LD_LIBRARY_PATH=lib)
    env.pop("TRACEEVENT_PLUGIN_DIR", None)
    if oracle:
        # Upstream allocates gigabytes for some records and never writes them: filling them
        # (meson test sets MALLOC_PERTURB_; ASan poisons the heap) takes seconds a record.
        env.pop("MALLOC_PERTURB_", None)
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":poison_heap=0"
    if fill is not None:
        env["PRINT_DRIVER_FILL"] = str(fill)
    out = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=3000)
    return out.stdout.decode("latin-1")


def records(text):
    """{event: {"ok N"/"bad N": text}}, and the events that crashed."""
    events, crashed, current = {}, set(), None
    for line in text.split("\n"):
        if line.startswith("== "):
            name = line[3:]
            if name.endswith(" CRASH") or " CRASH signal" in name:
                crashed.add(name.split(" ")[0])
                continue
            current = events.setdefault(name, {})
        elif current is not None and (line.startswith("ok ") or line.startswith("bad ")):
            key, _, rest = line.partition(": ")
            current[key] = rest
    return events, crashed


def compare(label, got, want, keys, shown, allowed=frozenset(), limit=8):
    bad = 0
    for event, key in keys:
        a, b = got.get(event, {}).get(key), want.get(event, {}).get(key)
        if a != b:
            if any(fnmatch.fnmatchcase(event, pattern) for pattern in allowed):
                continue
            bad += 1
            if shown[0] < limit:
                shown[0] += 1
                print("%s: %s %s\n  columns: %r\n  info:    %r" % (label, event, key, a, b))
    return bad


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ours-lib", required=True)
    p.add_argument("--oracle-lib", default="")
    p.add_argument("--info-driver", required=True)
    p.add_argument("--columns-driver", required=True)
    p.add_argument("--trace-info")
    p.add_argument("--trace-columns")
    p.add_argument("--formats", action="append", default=[])
    p.add_argument("--trace", action="append", default=[])
    p.add_argument("--optional", action="store_true")
    p.add_argument("--formats-against-ours", action="store_true")
    p.add_argument("--allow")
    p.add_argument("--allow-events", default="")
    a = p.parse_args()
    allowed = set(a.allow_events.split())
    if a.allow:
        with open(a.allow) as f:
            allowed |= {l.split("#")[0].strip() for l in f} - {""}
    failures, shown = 0, [0]
    for d in a.formats:
        if not os.path.isdir(os.path.join(d, "events")):
            print("skip %s (not present)" % d)
            if not a.optional:
                failures += 1
            continue
        cols, _ = records(run([a.columns_driver, d], a.ours_lib))
        ours, _ = records(run([a.info_driver, d], a.ours_lib))
        keys = [(e, k) for e in cols for k in cols[e]]
        n = compare("ours", cols, ours, keys, shown)
        line = "%s: %d records, %d differ from our INFO" % (d, len(keys), n)
        failures += n
        if a.oracle_lib and not a.formats_against_ours:
            up0, crashed = records(run([a.info_driver, d], a.oracle_lib, 0, oracle=True))
            up1, _ = records(run([a.info_driver, d], a.oracle_lib, 255, oracle=True))
            stable = [(e, k) for e, k in keys if k.startswith("ok ") and e not in crashed and
                      up0.get(e, {}).get(k) is not None and up0[e][k] == up1.get(e, {}).get(k)]
            m = compare("upstream", cols, up0, stable, shown, allowed)
            line += ", %d compared with upstream's, %d differ" % (len(stable), m)
            failures += m
        print(line)
    for t in a.trace:
        if not os.path.exists(t):
            print("skip %s (not present)" % t)
            if not a.optional:
                failures += 1
            continue
        cols, _ = records(run([a.trace_columns, t], a.ours_lib))
        keys = [(e, k) for e in cols for k in cols[e]]
        line = "%s: %d records" % (t, len(keys))
        for label, lib in (("ours", a.ours_lib), ("upstream", a.oracle_lib)):
            if not lib:
                continue
            info, _ = records(run([a.trace_info, t], lib, oracle=lib == a.oracle_lib))
            n = compare(label, cols, info, keys, shown)
            line += ", %d differ from %s INFO" % (n, label)
            failures += n
        print(line)
    print("FAIL" if failures else "OK")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
