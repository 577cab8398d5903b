#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Differential test of print fmt parsing: runs dump_formats on our library and
on upstream's (the same binary, upstream's library first in LD_LIBRARY_PATH)
and compares the dumped trees event by event.

  diff_oracle.py --driver BIN --ours-lib DIR --oracle-lib DIR [--func NAME:N]...
                 (--cases TEMPLATE CASES | --formats DIR... [--optional])

Upstream crashes on some malformed inputs: such a case is re-run alone, counted
as "oracle crashed", and only needs to be crash-free on our side.
Exits 77 (skip) without an oracle, or with --optional when no DIR exists.
"""
import argparse
import difflib
import os
import subprocess
import sys
import tempfile


def run(driver, lib, args, stdin_text=None):
    env = dict(os.environ, LD_LIBRARY_PATH=lib)
    proc = subprocess.run([driver] + args, input=stdin_text, capture_output=True, text=True,
                          errors='replace', env=env)
    return proc.returncode, proc.stdout


def split_sections(text):
    sections, key = {}, None
    for line in text.splitlines(keepends=True):
        if line.startswith('== '):
            key = line[3:].rstrip('\n')
            sections[key] = []
        elif key is not None:
            sections[key].append(line)
    return sections


def dump_cases(driver, lib, funcs, template, lines, isolate_crashes):
    """{case label: lines}; None for a case whose process crashed."""
    with tempfile.TemporaryDirectory() as tmp:
        def run_lines(chunk):
            path = os.path.join(tmp, 'cases.txt')
            with open(path, 'w') as f:
                f.write(''.join(l + '\n' for l in chunk))
            return run(driver, lib, funcs + ['-T', template, path])

        rc, out = run_lines(lines)
        if rc == 0 or not isolate_crashes:
            return rc, {k.split(': ', 1)[1]: v for k, v in split_sections(out).items()}
        result = {}
        for line in lines:
            rc1, out1 = run_lines([line])
            sections = split_sections(out1)
            result[line] = None if rc1 != 0 else next(iter(sections.values()), [])
        return 0, result


def dump_files(driver, lib, funcs, files, isolate_crashes):
    rc, out = run(driver, lib, funcs + ['-'], ''.join(f + '\n' for f in files))
    if rc == 0 or not isolate_crashes:
        return rc, split_sections(out)
    result = {}
    for f in files:
        rc1, out1 = run(driver, lib, funcs + [f])
        result[f] = None if rc1 != 0 else split_sections(out1).get(f, [])
    return 0, result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--driver', required=True)
    ap.add_argument('--ours-lib', required=True)
    ap.add_argument('--oracle-lib', default='')
    ap.add_argument('--func', action='append', default=[])
    ap.add_argument('--long-size', default='8')
    ap.add_argument('--cases', nargs=2, metavar=('TEMPLATE', 'CASES'))
    ap.add_argument('--formats', nargs='*', default=[])
    ap.add_argument('--optional', action='store_true')
    ap.add_argument('--show', type=int, default=10)
    opts = ap.parse_args()

    lib = opts.oracle_lib
    if not lib or not os.path.exists(os.path.join(lib, 'libtraceevent.so.1')):
        print('SKIP: no upstream oracle (configure with -Doracle=DIR)')
        return 77
    funcs = ['-l', opts.long_size]
    for spec in opts.func:
        funcs += ['-F', spec]

    if opts.cases:
        template, cases = opts.cases
        with open(cases) as f:
            lines = [l.rstrip('\n') for l in f if l.strip() and not l.startswith('#')]
        rc, ours = dump_cases(opts.driver, opts.ours_lib, funcs, template, lines, False)
        _, theirs = dump_cases(opts.driver, lib, funcs, template, lines, True)
        keys = lines
    else:
        files = []
        for d in opts.formats:
            for root, _, names in os.walk(d):
                files += [os.path.join(root, n) for n in names if n == 'format']
        files.sort()
        if not files:
            print('SKIP: no format files under', ' '.join(opts.formats))
            return 77 if opts.optional else 1
        rc, ours = dump_files(opts.driver, opts.ours_lib, funcs, files, False)
        _, theirs = dump_files(opts.driver, lib, funcs, files, True)
        keys = files

    if rc != 0:
        print(f'FAIL: our run exited with {rc}')
        return 1
    same = different = crashed = 0
    shown = 0
    for key in keys:
        if key not in ours:
            print('FAIL: no output from our library for', key)
            different += 1
            continue
        if theirs.get(key) is None:
            crashed += 1
            continue
        if theirs[key] == ours[key]:
            same += 1
            continue
        different += 1
        if shown < opts.show:
            shown += 1
            print('####', key)
            sys.stdout.writelines(difflib.unified_diff(theirs[key], ours[key], 'upstream', 'ours', n=2))
    print(f'identical {same}, different {different}, upstream crashed {crashed} (ours did not)')
    return 1 if different else 0


if __name__ == '__main__':
    sys.exit(main())
