#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Differential test of lib/trace_dat against libtracecmd.

For each .dat file of the directories given, dump_tracecmd (libtracecmd on this
libtraceevent) and dump_ours (lib/trace_dat) print every record of every buffer
in tracecmd_read_next_data's order; the outputs must be equal byte for byte.
Each file is also read one CPU at a time (--cpu N, for N below --cpus).
With --corpus, missing directories skip (exit 77 when none exists), and a file
libtracecmd cannot open (Debian's 1.3.1 has no zlib) passes when ours reads it
without error (its record count is printed: a buffer may list no CPU).
"""
import argparse
import os
import subprocess
import sys


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f'line {i + 1}:\n  libtracecmd: {x!r}\n  ours:        {y!r}'
    return f'libtracecmd has {len(la)} lines, ours {len(lb)}'


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--ours', required=True)
    parser.add_argument('--tracecmd', required=True)
    parser.add_argument('--corpus', action='store_true', help='directories may be absent')
    parser.add_argument('--cpus', type=int, default=0, help='also compare CPUs 0..N-1 read alone')
    parser.add_argument('dirs', nargs='+')
    args = parser.parse_args()

    files = []
    for d in args.dirs:
        if not os.path.isdir(d):
            if args.corpus:
                continue
            print(f'no directory {d}')
            return 1
        files += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith('.dat'))
    if not files:
        print('no trace files (../shared absent?)')
        return 77

    failed = 0
    for path in files:
        name = os.path.basename(path)
        ours = run([args.ours, path])
        reference = run([args.tracecmd, path])
        count = ours.stdout.count(b'\n')
        if reference.returncode != 0:
            # libtracecmd could not read it: ours must.
            if ours.returncode == 0:
                print(f'ok   {name}: {count} records (libtracecmd cannot open it: '
                      f'{reference.stderr.decode(errors="replace").strip()[:80]})')
            else:
                print(f'FAIL {name}: neither reads it; ours: {ours.stderr.decode(errors="replace").strip()}')
                failed += 1
            continue
        if ours.returncode != 0 or ours.stdout != reference.stdout:
            failed += 1
            print(f'FAIL {name}: {ours.stderr.decode(errors="replace").strip()}')
            print(first_difference(reference.stdout.decode(errors='replace'), ours.stdout.decode(errors='replace')))
            continue
        cpu_failed = False
        for cpu in range(args.cpus):
            one = run([args.ours, '--cpu', str(cpu), path])
            one_reference = run([args.tracecmd, '--cpu', str(cpu), path])
            if one.stdout != one_reference.stdout:
                print(f'FAIL {name} --cpu {cpu}:')
                print(first_difference(one_reference.stdout.decode(errors='replace'),
                                       one.stdout.decode(errors='replace')))
                cpu_failed = True
        if cpu_failed:
            failed += 1
            continue
        print(f'ok   {name}: {count} records')
    print(f'{len(files) - failed} of {len(files)} files agree')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
