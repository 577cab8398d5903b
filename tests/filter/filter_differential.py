#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
# Differential test of the tep_filter_* API: runs filter_driver once per case
# per process, against our library and against upstream 1.9.0's, and compares
# the outputs byte for byte. Where upstream crashes (or hangs), ours must exit
# cleanly and answer the crashing step with an error code. Exit 77 (skip)
# without an oracle.
#   filter_differential.py DRIVER DATA_DIR OUR_LIB_DIR ORACLE_DIR
import os
import resource
import subprocess
import sys

# Per case; FILTER_CASE_TIMEOUT raises it for emulated (cross) runs. Upstream gets a sixth:
# the last case's 99 MB filter takes it 30 s (over 10 minutes under ASan, whose realloc
# copies), ours 0.3 s; past 10 s it counts as a hang that ours must answer cleanly.
TIMEOUT = int(os.environ.get('FILTER_CASE_TIMEOUT', '60'))
UPSTREAM_TIMEOUT = TIMEOUT // 6

# Cases where upstream's answer, when it does not crash, is undefined behaviour; ours answers
# with an error or reads nothing outside the record. An integer division by zero: SIGFPE on
# x86, on arm64 a quotient of 0 and the dividend as remainder. On a big-endian host: upstream
# reads a __data_loc string's location word in the host's order (so does ours, as upstream),
# which for these little-endian records makes the swapped length an offset past the record;
# upstream compares what lies there, ours an empty string.
BIG_ENDIAN_DRIVER = os.environ.get('FILTER_HOST_ENDIAN', sys.byteorder) == 'big'  # under qemu: the target's
UPSTREAM_UNDEFINED = {'sched_switch: prev_pid / 0', 'sched_switch: prev_pid % 0'} | (
    {'irq_handler_entry: name != ""'} if BIG_ENDIAN_DRIVER else set())


def run(driver, data_dir, lib_dir, index, timeout):
    env = dict(os.environ, LD_LIBRARY_PATH=lib_dir)
    env.pop('TRACEEVENT_PLUGIN_DIR', None)

    def no_core():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    try:
        p = subprocess.run([driver, data_dir, os.path.join(data_dir, 'cases.txt'), str(index)],
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           preexec_fn=no_core, timeout=timeout)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        return 'timeout', e.stdout or b''


def main():
    driver, data_dir, ours, oracle = sys.argv[1:5]
    oracle_lib = os.path.join(oracle, 'lib') if oracle else ''
    if not oracle or not os.path.exists(os.path.join(oracle_lib, 'libtraceevent.so.1')):
        print('no oracle: skipped')
        return 77
    count = int(subprocess.run([driver, data_dir, os.path.join(data_dir, 'cases.txt'), 'count'],
                               env=dict(os.environ, LD_LIBRARY_PATH=ours),
                               stdout=subprocess.PIPE, check=True).stdout)
    same, crashes, undefined, failures = 0, [], [], []
    for i in range(1, count + 1):
        rc_ours, out_ours = run(driver, data_dir, ours, i, TIMEOUT)
        rc_up, out_up = run(driver, data_dir, oracle_lib, i, UPSTREAM_TIMEOUT)
        title = out_ours.split(b'\n', 1)[0].decode(errors='replace')
        if rc_ours != 0:
            failures.append('%s: ours exited with %s' % (title, rc_ours))
        elif rc_up != 0:
            crashes.append('%s (upstream: %s)' % (title, rc_up))
        elif out_ours == out_up:
            same += 1
        elif title.split(': ', 1)[-1] in UPSTREAM_UNDEFINED:
            undefined.append(title)
        else:
            a = out_up.decode(errors='replace').splitlines()
            b = out_ours.decode(errors='replace').splitlines()
            first = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
            failures.append('%s: differs\n  upstream: %s\n  ours:     %s' % (
                title, a[first][:300] if first < len(a) else '<end>', b[first][:300] if first < len(b) else '<end>'))
    print('%d cases: %d identical, %d upstream crashes/hangs answered cleanly, %d where upstream is undefined, '
          '%d failures' % (count, same, len(crashes), len(undefined), len(failures)))
    for c in crashes:
        print('upstream crash: ' + c)
    for c in undefined:
        print('upstream undefined: ' + c)
    for f in failures:
        print('FAIL ' + f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
