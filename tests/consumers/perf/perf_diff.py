#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""perf 6.1 (tests/consumers/perf/build-perf.sh) on upstream libtraceevent 1.8.4 and on ours.

  perf_diff.py --perf PERF --ref-lib DIR --ref-plugins DIR --lib DIR --plugins DIR
               (--data PERF.DATA | --live WORKDIR) [--preload SO] [--only NAME,...]

--data runs every analysis on a committed perf.data; --live records tracepoints first (root,
tracefs), once per recorder (perf record, perf sched/kmem/lock/kwork record) into WORKDIR, then
runs the analyses on those files. Each analysis runs once per library with its own plugins and
a scratch HOME; stdout, stderr and exit status must be identical. Exit status: 0 all the same,
1 a difference, 77 skipped (no perf, no reference library, cannot record).

perf reads the trace_seq of tep_print_field()/tep_print_fields() as a C string. Upstream ends
a function-pointer field printed by name (hrtimer_expire_entry's `function`) with
trace_seq_puts(), which leaves no NUL, so perf shows whatever byte follows in the heap: two
runs of upstream differ (`report --sort trace_fields --raw-trace`). Upstream therefore runs
with --ref-preload, a malloc that zero-fills: the text it means, the same on every run. Ours
runs on the plain heap and must produce that text by itself.

perf loads plugins without TEP_DISABLE_SYS_PLUGINS, so each library also reads its built-in
plugin dir, which for upstream's binary is Debian's (1.7.1's plugins on Debian 12). As root the
runner re-executes itself in a private mount namespace with an empty directory over the built-in
dirs named in both libraries, so each library loads exactly its own plugin set.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_per_library import Comparison, Library, run  # noqa: E402

SKIP = 77
BUILD_SCRIPT = "tests/consumers/perf/build-perf.sh"
# The workload of the live recordings: short, and busy in the scheduler, allocator and locks.
WORKLOAD = ["bench", "sched", "messaging", "--group", "2", "--nr_loops", "20"]
MAIN_EVENTS = ["sched:*", "irq:*", "kmem:*", "raw_syscalls:*", "timer:*", "workqueue:*"]

# Recordings: name -> perf arguments before "-o FILE -- WORKLOAD".
RECORDERS = {
    "main": ["record", "-a", "-N", "-B"] + [a for e in MAIN_EVENTS for a in ("-e", e)],
    "sched": ["sched", "record", "-N", "-B"],
    "kmem": ["kmem", "--slab", "--page", "record", "-N", "-B"],
    "lock": ["lock", "record", "-a", "-N", "-B"],
    "kwork": ["kwork", "record", "-N", "-B"],
}

# Analyses: (name, recording, perf arguments; "{}" is the perf.data, events it needs or None).
R = "report --stdio -i {}".split()
ANALYSES = [
    ("script", "main", "script -i {}".split(), None),
    ("script-F-trace", "main", "script -F trace -i {}".split(), None),
    ("script-F-comm,tid,cpu,time,event,trace", "main",
     "script -F comm,tid,cpu,time,event,trace -i {}".split(), None),
    ("script-F-ns-flags", "main", "script -F comm,pid,time,event,flags,trace --ns -i {}".split(), None),
    ("script-fields-trace:", "main", "script --fields trace:cpu,event,trace -i {}".split(), None),
    ("script-fields-ip,sym", "main", "script --fields comm,event,ip,sym,trace -i {}".split(), None),
    ("sched-latency", "sched", "sched latency -i {}".split(), None),
    ("sched-latency-max", "sched", "sched latency -s max -i {}".split(), None),
    ("sched-timehist", "sched", "sched timehist -i {}".split(), None),
    ("sched-timehist-wakeups", "sched", "sched timehist -w --state -i {}".split(), None),
    ("sched-timehist-summary", "sched", "sched timehist -S -i {}".split(), None),
    ("sched-script", "sched", "sched script -i {}".split(), None),
    ("sched-map", "sched", "sched map -i {}".split(), None),
    # perf kmem takes its options before the subcommand
    ("kmem-stat", "kmem", "kmem -i {} stat".split(), ["kmem:kmalloc"]),
    ("kmem-stat-caller-alloc", "kmem", "kmem -i {} --slab --caller --alloc stat".split(), ["kmem:kmalloc"]),
    ("kmem-stat-page-caller", "kmem", "kmem -i {} --page --caller --alloc stat".split(), ["kmem:mm_page_alloc"]),
    ("kwork-report", "kwork", "kwork report -i {}".split(), None),
    ("kwork-latency", "kwork", "kwork latency -i {}".split(), None),
    ("kwork-timehist", "kwork", "kwork timehist -i {}".split(), None),
    ("lock-report", "lock", "lock report -i {}".split(), ["lock:lock_acquire"]),
    ("lock-contention", "lock", "lock contention -i {}".split(), ["lock:contention_begin"]),
    ("trace", "main", "trace -i {}".split(), ["raw_syscalls:sys_enter"]),
    ("trace-summary", "main", "trace -s -i {}".split(), ["raw_syscalls:sys_enter"]),
    ("evlist-v", "main", "evlist -v -i {}".split(), None),
    ("evlist-trace-fields", "main", "evlist --trace-fields -i {}".split(), None),
    ("report-comm,trace", "main", R + ["--sort", "comm,trace"], None),
    ("report-comm,trace-raw", "main", R + ["--sort", "comm,trace", "--raw-trace"], None),
    ("report-trace_fields", "main", R + ["--sort", "trace_fields"], None),
    ("report-trace_fields-raw", "main", R + ["--sort", "trace_fields", "--raw-trace"], None),
    ("report-prev_comm", "main", R + ["--sort", "sched:sched_switch.prev_comm"], ["sched:sched_switch"]),
    ("report-prev_comm-raw", "main", R + ["--sort", "sched:sched_switch.prev_comm", "--raw-trace"],
     ["sched:sched_switch"]),
    ("report-prev_state,next_comm", "main",
     R + ["--sort", "sched:sched_switch.prev_state,sched:sched_switch.next_comm"], ["sched:sched_switch"]),
    ("report-prev_state,next_comm-raw", "main",
     R + ["--sort", "sched:sched_switch.prev_state,sched:sched_switch.next_comm", "--raw-trace"],
     ["sched:sched_switch"]),
    ("report-gfp_flags-raw", "main", R + ["--sort", "kmem:kmalloc.gfp_flags", "--raw-trace"], ["kmem:kmalloc"]),
    ("report-sys_enter.args-raw", "main", R + ["--sort", "raw_syscalls:sys_enter.args", "--raw-trace"],
     ["raw_syscalls:sys_enter"]),
]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--perf", required=True, help="the perf binary build-perf.sh made")
    p.add_argument("--ref-lib", required=True)
    p.add_argument("--ref-plugins", required=True)
    p.add_argument("--lib", required=True)
    p.add_argument("--plugins", required=True)
    p.add_argument("--preload", default="", help="LD_PRELOAD for our runs (sanitizer runtime)")
    p.add_argument("--ref-preload", default="", help="LD_PRELOAD for upstream's runs (zero-filling malloc)")
    p.add_argument("--build-command", default=BUILD_SCRIPT, help="named in the skip message")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--data", help="a perf.data to analyse")
    src.add_argument("--live", metavar="WORKDIR", help="record into WORKDIR, then analyse")
    p.add_argument("--only", default="", help="comma-separated analysis names")
    p.add_argument("--in-namespace", action="store_true", help=argparse.SUPPRESS)
    return p.parse_args()


def skip(message):
    print("SKIP: " + message)
    sys.exit(SKIP)


def builtin_plugin_dirs(lib_dir):
    """The plugin dirs compiled into a libtraceevent.so.1 (its strings ending in /traceevent/plugins)."""
    with open(os.path.join(lib_dir, "libtraceevent.so.1"), "rb") as f:
        names = re.findall(rb"\0(/[\w.+/-]*/traceevent/plugins)/?\0", f.read())
    return {n.decode() for n in names}


def hide_plugin_dirs(args):
    """Re-executes in a mount namespace with the built-in plugin dirs covered (root only)."""
    dirs = sorted({d for lib in (args.ref_lib, args.lib) for d in builtin_plugin_dirs(lib) if os.path.isdir(d)})
    if args.in_namespace or not dirs:
        return
    if os.geteuid() != 0:
        print("note: not root, built-in plugin dirs stay visible: %s" % " ".join(dirs))
        return
    print("hiding the built-in plugin dirs %s (private mount namespace)" % " ".join(dirs))
    sys.stdout.flush()
    empty = tempfile.mkdtemp(prefix="no-plugins-")
    mounts = " && ".join("mount --bind %s %s" % (shlex.quote(empty), shlex.quote(d)) for d in dirs)
    cmd = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
           mounts + ' && exec "$0" "$@"', sys.executable, os.path.abspath(__file__)] + sys.argv[1:] + \
          ["--in-namespace"]
    status = subprocess.call(cmd)
    os.rmdir(empty)
    sys.exit(status)


def events_in(perf, ref, data):
    """The event names a perf.data holds (perf evlist on the reference)."""
    r = run(ref, [perf, "evlist", "-i", data])
    return set(r.stdout.decode(errors="replace").split()) if r.status == 0 else set()


def kernel_lacks(events):
    """Says which of the events this kernel does not have, if any."""
    gone = [e for e in events if not os.path.isdir("/sys/kernel/tracing/events/" + e.replace(":", "/"))]
    return "this kernel has no %s" % ", ".join(gone) if gone else ""


def can_record():
    if os.geteuid() != 0:
        return "not root"
    if not os.path.isdir("/sys/kernel/tracing/events/sched"):
        return "no tracefs at /sys/kernel/tracing"
    return ""


def record(perf, ref, workdir):
    """Runs each recorder once; returns {name: perf.data} for those that worked."""
    files = {}
    for name, argv in RECORDERS.items():
        out = os.path.join(workdir, name + ".data")
        if os.path.exists(out):
            os.unlink(out)
        r = run(ref, [perf] + argv + ["-o", out, "--", perf] + WORKLOAD, cwd=workdir, timeout=120)
        if r.status == 0 and os.path.exists(out):
            files[name] = out
            print("recorded   %s: %s (%d KB)" % (name, " ".join(argv), os.path.getsize(out) // 1024))
        else:
            print("not recorded %s (exit %s): %s" % (name, r.status, r.stderr.decode(errors="replace")[-400:]))
    return files


def main():
    args = parse_args()
    if not os.access(args.perf, os.X_OK):
        skip("no perf 6.1 at %s: build it with %s (2-12 minutes, see tests/consumers/perf/README-perf.md)"
             % (args.perf, args.build_command))
    if not os.path.exists(os.path.join(args.ref_lib, "libtraceevent.so.1")):
        skip("no reference library in %r (meson setup -Doracle=DIR)" % args.ref_lib)
    ref = Library("upstream", args.ref_lib, args.ref_plugins,
                  {"LD_PRELOAD": args.ref_preload} if args.ref_preload else {})
    # Sanitizer runs: perf (not instrumented) leaks, and its --sort trace_fields compares raw
    # data of different lengths with memcmp (util/sort.c __sort__hde_cmp): strict_memcmp=0 has
    # ASan check only the bytes memcmp reads up to the first difference.
    ours = Library("ours", args.lib, args.plugins,
                   {"LD_PRELOAD": args.preload, "ASAN_OPTIONS": "detect_leaks=0:strict_memcmp=0"}
                   if args.preload else {})
    probe = run(ref, [args.perf, "version"])
    if probe.status != 0:
        skip("%s does not run: %s" % (args.perf, probe.stderr.decode(errors="replace").strip()[-300:]))
    hide_plugin_dirs(args)

    if args.live:
        why = can_record()
        if why:
            skip("cannot record here (%s); the committed perf.data runs in perf-data" % why)
        os.makedirs(args.live, exist_ok=True)
        files = record(args.perf, ref, args.live)
        if "main" not in files:
            skip("perf record failed here; the committed perf.data runs in perf-data")
        label = "perf-live"
    else:
        if not os.path.isfile(args.data):
            skip("no perf.data at %s" % args.data)
        files = {name: args.data for name in RECORDERS}
        label = "perf-data"

    only = set(filter(None, args.only.split(",")))
    cmp = Comparison(ref, ours, label)
    holds = {}
    for name, recording, argv, needs in ANALYSES:
        if only and name not in only:
            continue
        data = files.get(recording)
        if data is None:
            cmp.skip(name, "no %s recording" % recording)
            continue
        if needs:
            if data not in holds:
                holds[data] = events_in(args.perf, ref, data)
            missing = [e for e in needs if e not in holds[data]]
            if missing:
                cmp.skip(name, "%s holds no %s (%s)" % (os.path.basename(data), ", ".join(missing),
                                                        kernel_lacks(missing) or "none recorded"))
                continue
        cmp.case(name, [args.perf] + [data if a == "{}" else a for a in argv])
    return cmp.summary()


if __name__ == "__main__":
    sys.exit(main())
