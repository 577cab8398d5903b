#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Runs every case of the contract probe once on upstream 1.9.0 and once on
ours, each in its own process, and compares their outputs byte for byte.

  contract_differential.py --probe PROBE --ours LIB_DIR --oracle ORACLE_DIR
                           [--plugins DIR] [--show] [--crashes-may-differ] [CASE...]

A case flagged UPSTREAM_CRASHES must end abnormally on upstream (the flag is
checked, so it cannot go stale) and normally on ours; UPSTREAM_UNDEFINED
(upstream reads memory it does not own, or reuses a va_list) and DELIBERATE (a documented
difference) must end normally on ours. Every
other case must end normally on both with identical output. Where upstream
dies is the build machine's: --crashes-may-differ (cross builds, another
architecture) lets a flagged case end normally on upstream. --show prints
both outputs of every differing case in full. Exit 77 without an oracle.
"""
import argparse
import difflib
import os
import re
import resource
import subprocess
import sys
import tempfile

UPSTREAM_CRASHES = 1
UPSTREAM_UNDEFINED = 2
DELIBERATE = 4
TIMEOUT = 60


def run(probe, lib_dir, case, env_extra):
    env = {k: v for k, v in os.environ.items() if k not in ('TRACEEVENT_PLUGIN_DIR', 'MALLOC_PERTURB_')}
    env.update(env_extra)
    env['LD_LIBRARY_PATH'] = lib_dir

    def no_core():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    try:
        p = subprocess.run([probe, case], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           preexec_fn=no_core, timeout=TIMEOUT)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        return 'timeout', e.stdout or b''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--probe', required=True)
    ap.add_argument('--ours', required=True)
    ap.add_argument('--oracle', default='')
    ap.add_argument('--plugins', default='')
    ap.add_argument('--show', action='store_true')
    ap.add_argument('--crashes-may-differ', action='store_true')
    ap.add_argument('cases', nargs='*')
    args = ap.parse_args()
    oracle_lib = os.path.join(args.oracle, 'lib') if args.oracle else ''
    if not oracle_lib or not os.path.exists(os.path.join(oracle_lib, 'libtraceevent.so.1')):
        print('no oracle configured: skipped')
        return 77
    listing = subprocess.run([args.probe, 'list'], env=dict(os.environ, LD_LIBRARY_PATH=args.ours),
                             stdout=subprocess.PIPE, check=True, text=True).stdout.split('\n')
    cases = [(line.split()[0], int(line.split()[1])) for line in listing if line.strip()]
    if args.cases:
        cases = [c for c in cases if c[0] in args.cases]
    failures, identical, crashes, undefined, deliberate = [], 0, [], [], []
    with tempfile.TemporaryDirectory() as home:
        env = {'HOME': home}
        if args.plugins:
            env['TRACEEVENT_PLUGIN_DIR'] = args.plugins
        for name, flags in cases:
            rc_up, out_up = run(args.probe, oracle_lib, name, env)
            rc_ours, out_ours = run(args.probe, args.ours, name, env)
            if rc_ours != 0:
                failures.append('%s: ours ended with %s\n%s' % (name, rc_ours, out_ours.decode(errors='replace')[-2000:]))
                continue
            if flags & UPSTREAM_CRASHES:
                if rc_up == 0 and not args.crashes_may_differ:
                    failures.append('%s: flagged UPSTREAM_CRASHES but upstream ended normally' % name)
                else:
                    crashes.append('%s (upstream: %s)' % (name, rc_up))
                continue
            if flags & UPSTREAM_UNDEFINED:
                undefined.append(name)
                continue
            if flags & DELIBERATE:
                deliberate.append(name)
                continue
            if rc_up != 0:
                failures.append('%s: upstream ended with %s (flag it UPSTREAM_CRASHES?)' % (name, rc_up))
                continue
            # Ours leaves a NUL after every text; upstream only after some (probe.h).
            out_up = re.sub(rb' nul=no cstr="(?:[^"\\]|\\.)*"', b' nul=yes', out_up)
            if out_up == out_ours:
                identical += 1
                continue
            a = out_up.decode(errors='replace').splitlines()
            b = out_ours.decode(errors='replace').splitlines()
            diff = list(difflib.unified_diff(a, b, 'upstream', 'ours', lineterm='', n=1))
            failures.append('%s: differs\n%s' % (name, '\n'.join(diff if args.show else diff[:40])))
    print('%d cases: %d identical, %d upstream crashes answered cleanly, %d with upstream undefined, '
          '%d deliberate differences, %d failures'
          % (len(cases), identical, len(crashes), len(undefined), len(deliberate), len(failures)))
    for c in crashes:
        print('upstream crash: ' + c)
    for u in undefined:
        print('upstream undefined: ' + u)
    for d in deliberate:
        print('deliberate difference: ' + d)
    for f in failures:
        print('FAIL ' + f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
