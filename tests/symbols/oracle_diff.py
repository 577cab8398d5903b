#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Runs one driver program twice, on upstream's library and on ours, and compares.

  oracle_diff.py --oracle ORACLE_DIR --ours BUILD_DIR [--timeout S] [--stdout-only] [--enum-names]
                 -- PROGRAM ARGS...

The driver is linked against libtraceevent.so.1; LD_LIBRARY_PATH picks which one
runs (ORACLE_DIR/lib, then BUILD_DIR). Passes when stdout, stderr and the exit
status are identical. Exit 77 (skip) when no oracle is configured.
--enum-names: a stdout line may differ where ours prints a function argument's
enumerator name (`=E_NAME`) and upstream 1.9.0 its number (`=-1`), nothing else
(Documentation/differences.md, ours ahead); the count of such lines is printed.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys

SKIP = 77


def run(libdir, cmd, timeout, upstream=False):
    env = dict(os.environ, LD_LIBRARY_PATH=libdir)
    if upstream:
        # In a sanitizer build the driver carries ASan's string interceptors, which would stop
        # upstream at its own over-reads (1.9.0's tep_parse_last_boot_info reads past a line
        # with strchr): its output is compared, not its memory use. Its leaks are not ours.
        asan = env.get('ASAN_OPTIONS', '')
        env['ASAN_OPTIONS'] = (asan + ':' if asan else '') + 'replace_str=0:intercept_strndup=0:intercept_strchr=0:intercept_strlen=0:detect_leaks=0'
    env.pop('TRACEEVENT_PLUGIN_DIR', None)
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, timeout=timeout)
        return p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        return b'', b'', 'timeout'


VALUE = re.compile(r'(=[^,\s()\[\]]*)')
NAME = re.compile(r'=[A-Za-z_][A-Za-z0-9_]*')
NUMBER = re.compile(r'=-?[0-9]+')


def enum_names_only(upstream, ours):
    """The number of lines where ours names an enumerator in place of upstream's
    number, or None when the outputs differ in anything else."""
    a, b = upstream.splitlines(), ours.splitlines()
    if len(a) != len(b):
        return None
    named = 0
    for x, y in zip(a, b):
        if x == y:
            continue
        xs, ys = VALUE.split(x), VALUE.split(y)
        if len(xs) != len(ys):
            return None
        for i, (u, o) in enumerate(zip(xs, ys)):
            if u != o and not (i % 2 and NUMBER.fullmatch(u) and NAME.fullmatch(o)):
                return None
        named += 1
    return named


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--oracle', default='')
    ap.add_argument('--ours', required=True)
    ap.add_argument('--timeout', type=float, default=120)
    ap.add_argument('--stdout-only', action='store_true')
    ap.add_argument('--enum-names', action='store_true')
    ap.add_argument('cmd', nargs=argparse.REMAINDER)
    args = ap.parse_args()
    cmd = args.cmd[1:] if args.cmd and args.cmd[0] == '--' else args.cmd
    oracle_lib = os.path.join(args.oracle, 'lib')
    if not args.oracle or not os.path.exists(os.path.join(oracle_lib, 'libtraceevent.so.1')):
        print('no oracle configured: skipped')
        return SKIP
    ref = run(oracle_lib, cmd, args.timeout, upstream=True)
    ours = run(args.ours, cmd, args.timeout)
    names = ('stdout', 'stderr', 'exit status')
    checked = (0,) if args.stdout_only else (0, 1, 2)
    ok = True
    named = 0
    for i in checked:
        if ref[i] == ours[i]:
            continue
        if i == 0 and args.enum_names:
            named = enum_names_only(ref[0].decode(errors='replace'), ours[0].decode(errors='replace'))
            if named is not None:
                continue
        ok = False
        print(f'{names[i]} differs for {" ".join(cmd)}')
        if i == 2:
            print(f'  upstream: {ref[2]}  ours: {ours[2]}')
            continue
        a = ref[i].decode(errors='replace').splitlines()
        b = ours[i].decode(errors='replace').splitlines()
        for line in list(difflib.unified_diff(a, b, 'upstream', 'ours', lineterm=''))[:60]:
            print(line)
    if ok:
        lines = ref[0].count(b'\n')
        print(f'identical: {lines} lines of output ({" ".join(os.path.basename(c) for c in cmd[:1])})'
              + (f', of which {named} with enumerator names where upstream prints numbers' if named else ''))
    return 0 if ok else 1


sys.exit(main())
