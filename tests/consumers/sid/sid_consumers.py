#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Today's consumers of libtraceevent, as Debian sid ships them, on our library installed as a
distribution would install it, against the same root on Debian's own libtraceevent 1.9.0.

  sid_consumers.py --root DIR --debs DIR [--results DIR] [--consumer NAME,...] [--only GLOB]
                   [--keep DIR] [--jobs N] [--timeout S]

--root is the cached sid root (sid-root.sh; never written to), --debs holds our packages
(tests/packaging/build-debs.sh). Needs root: the script re-runs itself in a private mount
namespace, where a tmpfs holds two overlays (copy-on-write views) of the root:
  debian  the root as it is: libtraceevent1 1:1.9.0-2 (Debian's build of upstream 1.9.0);
  ours    the root after `dpkg -i` of our libtraceevent1, libtraceevent1-plugin and
          libtraceevent-dev (nothing in the environment: no LD_LIBRARY_PATH, the plugins of
          the built-in dir).
Both see this source tree and one scratch dir at the paths they have here, and the consumer
suite's tracefs lock file; everything goes with the namespace. Drivers (tests/consumers/
tracefs_driver.c, kshark_driver.c) are built once in `debian` with its gcc against sid's
headers, and the same binary runs in both.

Each case runs the consumer once per root (its own process tree: chroot, env -i, scratch
HOME, LC_ALL=C, TZ=UTC, timeout) and compares stdout, stderr, exit status and the files the
case collects, byte for byte after the case's masks (tests/consumers/consumers.py's rules:
where Debian's side crashes, ours must only end normally). Consumers: trace-cmd 3.4,
python3-trace-cmd, perf, libtracefs, libkshark, kernelshark (GUI under Xvfb, the frame buffer
compared pixel for pixel), rtla, uftrace, rasdaemon, cxl, and `linkage`: every ELF object of
the root that uses libtraceevent resolves all its symbols on each side (ldd -r; plugins, whose
tep_* the loading process resolves, against the library's exports).
A differing case listed in expected-differences.txt beside this file (CONSUMER<tab>CASE-GLOB
<tab>REASON) is reported and does not fail. One summary line per consumer; the last line
counts all. Exit 0 when nothing differs unexpectedly, 1 otherwise, 77 when --root is missing.
"""
import argparse
import fnmatch
import glob
import hashlib
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
CONSUMERS_DIR = os.path.dirname(HERE)
SRC = os.path.dirname(os.path.dirname(CONSUMERS_DIR))
sys.path.insert(0, CONSUMERS_DIR)
import consumers  # noqa: E402  (Outcome, Case, run_case, masks: the consumer suite's runner)
import libtracefs  # noqa: E402
import report_diff  # noqa: E402  (its OPTION_SETS: the differential suite's report matrix)
import tracecmd_live  # noqa: E402  (how two live recordings are compared)
from consumers import Case, Outcome, SkipCase  # noqa: E402

SKIP = 77
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
TRACEFS_ENV = os.path.join(CONSUMERS_DIR, "tracefs-env.sh")
TRACEFS_LOCK = "/tmp/libtraceevent-consumers-tracefs.lock"  # tracefs-env.sh's default
MULTIARCH = "x86_64-linux-gnu"
LIBDIR = "/usr/lib/" + MULTIARCH
OUR_PACKAGES = ["libtraceevent1", "libtraceevent1-plugin", "libtraceevent-dev"]
SIDES = (("upstream", "debian"), ("ours", "ours"))  # consumers.run_case's names, overlay names


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--root", default="/var/cache/libtraceevent-consumers/sid-root")
    p.add_argument("--debs", required=True, help="dir holding our libtraceevent*.deb")
    p.add_argument("--results", default="", help="dir for counts (sid.json), screenshots and logs")
    p.add_argument("--consumer", default="all", help="comma-separated consumers, or all (%s)" % ", ".join(CONSUMERS))
    p.add_argument("--only", default="*", help="run the cases matching this glob")
    p.add_argument("--keep", default="", help="dir to write every case's streams to (CASE/SIDE/STREAM)")
    p.add_argument("--expected", default=os.path.join(HERE, "expected-differences.txt"))
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=120.0)
    return p.parse_args(argv)


# ---------------------------------------------------------------------------------------------
# The two roots

def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, stdin=subprocess.DEVNULL, **kw)


class Roots:
    """Two overlays of the cached root in a tmpfs, with the tree and one scratch dir bound in at
    their own paths. Lives as long as this process's private mount namespace."""

    def __init__(self, cache_root, layer):
        self.cache, self.layer = cache_root, layer
        sh(["mount", "-t", "tmpfs", "-o", "size=6g", "tmpfs", self.layer])
        self.shared = os.path.join(self.layer, "shared")
        os.makedirs(self.shared)
        open(TRACEFS_LOCK, "a").close()
        self.paths = {}
        for _, name in SIDES:
            base = os.path.join(self.layer, name)
            for sub in ("upper", "work", "root"):
                os.makedirs(os.path.join(base, sub))
            root = os.path.join(base, "root")
            sh(["mount", "-t", "overlay", "overlay", "-o", "lowerdir=%s,upperdir=%s/upper,workdir=%s/work"
                % (cache_root, base, base), root])
            sh(["mount", "-t", "proc", "proc", root + "/proc"])
            sh(["mount", "--rbind", "/sys", root + "/sys"])
            sh(["mount", "--rbind", "/dev", root + "/dev"])
            for path, ro in ((SRC, True), (self.shared, False)):
                os.makedirs(root + path, exist_ok=True)
                sh(["mount", "--bind", path, root + path])
                if ro:
                    sh(["mount", "-o", "remount,bind,ro", root + path])
            os.makedirs(root + os.path.dirname(TRACEFS_LOCK), exist_ok=True)
            open(root + TRACEFS_LOCK, "a").close()
            sh(["mount", "--bind", TRACEFS_LOCK, root + TRACEFS_LOCK])
            self.paths[name] = root

    def chroot(self, name, cmd, **kw):
        """One command in a root, as root, with a clean environment; returns CompletedProcess."""
        full = ["chroot", self.paths[name], "/usr/bin/env", "-i", "PATH=" + PATH, "HOME=/root",
                "LC_ALL=C", "DEBIAN_FRONTEND=noninteractive"] + cmd
        return subprocess.run(full, stdin=subprocess.DEVNULL, capture_output=True, text=True, **kw)


class Side:
    """One root; run() has consumers.Side.run's interface (tests/consumers/*.py cases use it)."""

    def __init__(self, name, label, root, timeout):
        self.name, self.label, self.root, self.timeout = name, label, root, timeout
        self.lib = self.plugins = self.so = None  # installed mode: what the loader finds
        self.preload = ""

    def run(self, cmd, work, stdin=None, timeout=None, env=None, name=None):
        home = tempfile.mkdtemp(dir=work, prefix=".home.")
        variables = {"PATH": PATH, "HOME": home, "LC_ALL": "C", "TZ": "UTC", "TERM": "dumb"}
        variables.update(env or {})
        full = (["chroot", self.root, "/usr/bin/env", "-i", "-C", work]
                + ["%s=%s" % kv for kv in variables.items()] + list(cmd))
        prefix = name + "." if name else ""
        out = Outcome()
        with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe:
            if stdin is not None:
                fi = tempfile.TemporaryFile()
                fi.write(stdin)
                fi.seek(0)
            else:
                fi = open(os.devnull, "rb")
            with fi:
                out.status = report_diff.execute(full, {"PATH": PATH}, "/", fo, fe, timeout or self.timeout, fi)
            fo.seek(0)
            fe.seek(0)
            out.add(prefix + "stdout", fo.read()).add(prefix + "stderr", fe.read())
        shutil.rmtree(home, ignore_errors=True)
        if name:
            out.add(prefix + "status", out.status.encode())
        return out

    def host_path(self, path):
        return self.root + path


def install_ours(roots, debs):
    """dpkg -i our packages in `ours`; then what a distribution's user would check: the versions,
    dpkg's consistency, and that trace-cmd loads the packaged C++ library. Returns problems."""
    problems = []
    inbox = os.path.join(roots.shared, "debs")
    os.makedirs(inbox)
    files = []
    for pkg in OUR_PACKAGES:
        found = sorted(glob.glob(os.path.join(debs, "%s_*_amd64.deb" % pkg)))
        if not found:
            return ["no %s deb in %s" % (pkg, debs)]
        shutil.copy(found[-1], inbox)
        files.append(os.path.join(inbox, os.path.basename(found[-1])))
    before = roots.chroot("ours", ["dpkg-query", "-W", "-f", "${Package}=${Version} ", "libtraceevent*"]).stdout
    res = roots.chroot("ours", ["dpkg", "-i"] + files)
    print("ours: dpkg -i %s" % " ".join(os.path.basename(f) for f in files))
    for line in res.stdout.splitlines() + res.stderr.splitlines():
        if re.match(r"(Unpacking|Setting up|dpkg: )", line):
            print("  " + line)
    if res.returncode != 0:
        problems.append("dpkg -i exited %d" % res.returncode)
    after = roots.chroot("ours", ["dpkg-query", "-W", "-f", "${Package}=${Version} ", "libtraceevent*"]).stdout
    print("  before: %s\n  after:  %s" % (before, after))
    version = subprocess.run(["dpkg-deb", "-f", files[0], "Version"], capture_output=True, text=True).stdout.strip()
    for pkg in OUR_PACKAGES:
        got = roots.chroot("ours", ["dpkg-query", "-W", "-f", "${Version}", pkg]).stdout
        if got != version:
            problems.append("%s is at %s, not %s" % (pkg, got, version))
    for check in (["dpkg", "--audit"], ["apt-get", "check", "-q"]):
        res = roots.chroot("ours", check)
        if res.returncode != 0 or (check[1] == "--audit" and res.stdout.strip()):
            problems.append("%s: %s" % (" ".join(check), (res.stdout + res.stderr).strip()))
    for name in ("debian", "ours"):
        ldd = roots.chroot(name, ["ldd", "/usr/bin/trace-cmd"]).stdout
        m = re.search(r"libtraceevent\.so\.1 => (\S+)", ldd)
        real = roots.chroot(name, ["readlink", "-f", m.group(1)]).stdout.strip() if m else "?"
        owner = roots.chroot(name, ["dpkg", "-S", real]).stdout.strip()
        cxx = "libstdc++" in roots.chroot(name, ["readelf", "-d", real]).stdout
        version = roots.chroot(name, ["dpkg-query", "-W", "-f", "${Version}", "libtraceevent1"]).stdout
        print("%s: trace-cmd loads %s (%s %s, %s)" % (name, real, owner, version, "C++" if cxx else "C"))
        if cxx != (name == "ours"):
            problems.append("%s's trace-cmd loads %s, %s library" % (name, real, "the C++" if cxx else "a C"))
    return problems


def build_drivers(roots, bindir):
    """tests/consumers' drivers, built in `debian` with sid's gcc and headers (built once: the
    same binary runs on both libraries). Returns {name: path or None}, printing failures."""
    os.makedirs(bindir, exist_ok=True)
    builds = {
        "tracefs_driver": ["gcc", "-O1", "-o", bindir + "/tracefs_driver", CONSUMERS_DIR + "/tracefs_driver.c",
                           "-I/usr/include/tracefs", "-I/usr/include/traceevent", "-ltracefs", "-ltraceevent"],
        "kshark_driver": ["sh", "-c", "gcc -O1 -o %s/kshark_driver %s/kshark_driver.c -I/usr/include/kernelshark "
                          "$(pkg-config --cflags --libs json-c) -lkshark" % (bindir, CONSUMERS_DIR)],
        "uftrace_target": ["gcc", "-pg", "-O0", "-o", bindir + "/uftrace_target", HERE + "/uftrace_target.c"],
        "btf_probe": ["gcc", "-O1", "-o", bindir + "/btf_probe", HERE + "/btf_probe.c",
                      "-I/usr/include/traceevent", "-ltraceevent"],
        "zero_malloc.so": ["gcc", "-shared", "-fPIC", "-O1", "-o", bindir + "/zero_malloc.so",
                           SRC + "/tests/differential/zero_size_malloc.c"],
    }
    built = {}
    for name, cmd in builds.items():
        res = roots.chroot("debian", cmd)
        built[name] = bindir + "/" + name if res.returncode == 0 else None
        if res.returncode != 0:
            print("note: %s not built in the sid root: %s" % (name, res.stderr.strip()[-400:]))
    return built


# ---------------------------------------------------------------------------------------------
# Context shared by the consumers' cases

class Context:
    def __init__(self, args, roots, drivers):
        self.args, self.roots = args, roots
        self.ref = Side("upstream", "Debian's 1.9.0", roots.paths["debian"], args.timeout)
        self.ours = Side("ours", "ours", roots.paths["ours"], args.timeout)
        self.sides = (self.ref, self.ours)
        self.data = os.path.join(SRC, "tests", "data")
        self.consumers_data = os.path.join(self.data, "consumers")
        self.traces = sorted(glob.glob(os.path.join(self.data, "traces", "*.dat")))
        self.drivers = os.path.join(roots.shared, "bin")
        self.built = drivers
        self.trace_cmd = "trace-cmd"
        self.shared = roots.shared
        # consumers.Context's args, as the reused modules read them
        args.preload = ""

    def side(self, overlay):
        return self.ref if overlay == "debian" else self.ours


class Once:
    """A value made once, by the first case that needs it (thread-safe)."""

    def __init__(self, make):
        self.make, self.lock, self.done, self.value = make, threading.Lock(), False, None

    def get(self):
        with self.lock:
            if not self.done:
                self.value, self.done = self.make(), True
            return self.value


def live(side, work, cmd, **kw):
    """cmd with tracefs mounted and the consumer suites' tracefs lock held (tracefs-env.sh)."""
    return side.run(["sh", TRACEFS_ENV] + list(cmd), work, **kw)


def numbers_masked(data):
    return re.sub(rb"\d+", b"N", data)


# ---------------------------------------------------------------------------------------------
# trace-cmd 3.4

RECORD_EVENTS = ["-e", "sched", "-e", "syscalls"]
PROFILE = "--profile"


def tracecmd_cases(ctx):
    for trace in ctx.traces:
        base = os.path.basename(trace)
        for option, opts in report_diff.OPTION_SETS.items():
            # options before -i (trace-cmd applies -F to the inputs that follow it); no -L:
            # the plugins of each root's built-in dir, as its users get them
            yield Case("report %s %s" % (option, base),
                       lambda side, work, o=opts, t=trace: side.run(["trace-cmd", "report"] + o + ["-i", t], work),
                       masks=[consumers_profile] if option == PROFILE else [])
        for section in ("--all", "--summary"):
            yield Case("dump %s %s" % (section, base),
                       lambda side, work, s=section, t=trace: side.run(["trace-cmd", "dump", s, "-i", t], work))
        yield Case("split -r -e 100 %s" % base, split_case(trace, ["-r", "-e", "100"]))
        for label, opts in (("v7 zstd", ["--file-version", "7", "--compression", "zstd"]),
                            ("v6", ["--file-version", "6"])):
            yield Case("convert %s %s" % (label, base), convert_case(trace, opts))
    for args in (["list", "-e"], ["list", "-O"], ["check-events"], ["stat"]):
        yield Case(" ".join(args) + " (live)", lambda side, work, a=args: live(side, work, ["trace-cmd"] + a))
    yield Case("list -f vfs_read --proto (live)", proto_case)
    if ctx.built.get("btf_probe"):
        yield Case("what list -f --proto calls: tep_load_btf, tep_btf_list_args (btf_probe.c)",
                   lambda side, work: side.run([ctx.built["btf_probe"], "vfs_read", "do_sys_open",
                                                "schedule", "no_such_function"], work))
    mine = {name: Once(lambda n=name: record_once(ctx, ctx.side(n))) for _, name in SIDES}
    yield Case("record: structure (live)", record_structure_case)
    for maker, once in (("ours", mine["ours"]), ("Debian's", mine["debian"])):
        for cmd in (["report"], ["report", "-R"], ["report", "--stat"], ["report", "-F", "sched_switch"],
                    ["dump", "--all"]):
            yield Case("record through %s, %s" % (maker, " ".join(cmd)),
                       lambda side, work, o=once, c=cmd: read_recording(side, work, o, c),
                       masks=[mask_dump_paths] if cmd[0] == "dump" else [])


def consumers_profile(data):
    """--profile as per-event totals: trace-cmd groups it by heap address (tracecmd_files)."""
    import tracecmd_files
    return tracecmd_files.profile_totals(data)


def split_case(trace, opts):
    def run(side, work):
        out = side.run(["trace-cmd", "split", "-i", trace, "-o", "piece"] + opts, work, name="split")
        for piece in sorted(f for f in os.listdir(work) if f.startswith("piece")):
            out.add_file(piece, os.path.join(work, piece))
            out.extend(side.run(["trace-cmd", "report", "-i", piece], work, name="report " + piece))
        return out
    return run


def convert_case(trace, opts):
    def run(side, work):
        out = side.run(["trace-cmd", "convert", "-i", trace, "-o", "out.dat"] + opts, work, name="convert")
        out.add_file("out.dat", os.path.join(work, "out.dat"))
        return out.extend(side.run(["trace-cmd", "report", "-i", "out.dat"], work, name="report"))
    return run


def proto_case(side, work):
    """`list -f FUNC --proto` calls tep_load_btf with /sys/kernel/btf/vmlinux, then
    tep_btf_list_args per function of available_filter_functions; which of 1.9.0's BTF
    functions trace-cmd bound (called) is a stream of its own (LD_DEBUG=bindings)."""
    out = live(side, work, ["trace-cmd", "list", "-f", "vfs_read", "--proto"], env={"LD_DEBUG": "bindings"})
    called = sorted(set(re.findall(rb"symbol `(tep_(?:load_btf|btf_[a-z_]+))'", out.streams["stderr"])))
    out.streams["stderr"] = b"".join(l + b"\n" for l in out.streams["stderr"].splitlines()
                                     if not re.match(rb"^ *\d+:\t", l))  # the loader's lines
    return out.add("BTF functions called", b" ".join(called) or b"none")


def record_cmd(path):
    return ["trace-cmd", "record", "-o", path] + RECORD_EVENTS + ["-F", "sleep", "0.1"]


def record_once(ctx, side):
    """One recording through this side's library, kept in the shared dir for both to read."""
    where = tempfile.mkdtemp(dir=ctx.shared, prefix="record-%s." % side.name)
    path = os.path.join(where, "trace.dat")
    return path, live(side, where, record_cmd(path))


def read_recording(side, work, once, cmd):
    path, made = once.get()
    out = Outcome().add("recording exit", made.status.encode())
    if made.status != "0":
        out.add("recording stderr", made.streams["stderr"])
        return out
    return out.extend(side.run(["trace-cmd"] + cmd + ["-i", path], work, name=" ".join(cmd)))


def mask_dump_paths(data):
    return re.sub(rb"record-(upstream|ours)\.[^/\s]+", b"record-X", data)


def record_structure_case(side, work):
    out = live(side, work, record_cmd("trace.dat"), name="record")
    for stream in ("record.stdout", "record.stderr"):
        out.streams[stream] = tracecmd_live.mask_record_output(out.streams[stream])
    dump = side.run(["trace-cmd", "dump", "--all", "-i", "trace.dat"], work, name="dump --all")
    dump.streams["dump --all.stdout"] = tracecmd_live.mask_recording(dump.streams["dump --all.stdout"])
    return out.extend(dump)


# ---------------------------------------------------------------------------------------------
# python3-trace-cmd

def python_cases(ctx):
    script = os.path.join(HERE, "tracecmd_fields.py")
    for trace in ctx.traces:
        yield Case("tracecmd fields %s" % os.path.basename(trace),
                   lambda side, work, t=trace: side.run(["python3", script, t], work))


# ---------------------------------------------------------------------------------------------
# perf

PERF_EVENTS = ["sched:sched_switch", "sched:sched_wakeup", "sched:sched_wakeup_new", "sched:sched_waking",
               "sched:sched_migrate_task", "sched:sched_process_fork", "sched:sched_process_exit",
               "sched:sched_process_exec", "kmem:kmalloc", "kmem:kfree", "kmem:kmem_cache_alloc",
               "kmem:kmem_cache_free", "kmem:mm_page_alloc", "kmem:mm_page_free", "lock:contention_begin",
               "lock:contention_end", "irq:irq_handler_entry", "irq:irq_handler_exit", "irq:softirq_raise",
               "irq:softirq_entry", "irq:softirq_exit", "workqueue:workqueue_queue_work",
               "workqueue:workqueue_activate_work", "workqueue:workqueue_execute_start",
               "workqueue:workqueue_execute_end", "timer:hrtimer_start", "timer:hrtimer_expire_entry"]
WORKLOAD = "ls -R /usr/share/doc > /dev/null; sleep 0.2"


def perf_events():
    return [e for e in PERF_EVENTS if os.path.isdir("/sys/kernel/tracing/events/" + e.replace(":", "/"))]


def perf_record(side, where, trace_syscalls=False):
    """A perf recording in `where` through this side's library: the tracepoints above system
    wide while WORKLOAD runs, or (trace_syscalls) `perf trace record` of the workload alone."""
    if trace_syscalls:
        cmd = ["perf", "trace", "record", "-o", "perf.data", "--", "sh", "-c", WORKLOAD]
    else:
        cmd = ["perf", "record", "-o", "perf.data"] + sum((["-e", e] for e in perf_events()), []) + \
              ["-a", "--", "sh", "-c", WORKLOAD]
    return os.path.join(where, "perf.data"), live(side, where, cmd)


def perf_once(ctx, side, trace_syscalls):
    where = tempfile.mkdtemp(dir=ctx.shared, prefix="perf-%s." % side.name)
    return Once(lambda: perf_record(side, where, trace_syscalls))


def mask_perf_report(data):
    """perf report's closing hint is picked at random per run."""
    return re.sub(rb"^# \((Tip: |For a higher level).*\)$", b"# (tip masked)", data, flags=re.M)


def mask_perf_record(data):
    """What a recording caught: its size, and how much it lost on a loaded machine."""
    data = re.sub(rb"Warning:\nProcessed \d+ events and lost \d+ chunks!\n\nCheck IO/CPU overload!\n\n", b"", data)
    data = re.sub(rb"Warning:\nProcessed \d+ samples and lost [\d.]+%!\n\n", b"", data)
    data = re.sub(rb"Captured and wrote [\d.]+ MB .*\(\d+ samples\)", b"Captured and wrote N MB (N samples)", data)
    return re.sub(rb"Woken up \d+ times", b"Woken up N times", data)


def perf_cases(ctx):
    """perf's analyses (perf_analyses.ANALYSES: script, sched, kmem, kwork, lock, trace,
    evlist, report with trace sort keys) of the committed perf.data and of a recording
    made here by Debian's side (perf trace's analyses: of a `perf trace record`), then a
    recording through each side (its messages and evlist) and one through ours read by both."""
    import perf_analyses
    committed = os.path.join(ctx.consumers_data, "perf", "perf.data")
    recordings = {"committed": Once(lambda: (committed, Outcome())),
                  "recorded here": perf_once(ctx, ctx.ref, False)}
    syscalls = perf_once(ctx, ctx.ref, True)

    # Debian's 1.9.0, as upstream 1.8.4, leaves no NUL after a function
    # field printed by name (workqueue_execute_start.function under report --raw-trace): perf
    # prints the heap byte behind it, which differs from run to run. Debian's side of perf
    # report runs with a zero-filling malloc (tests/differential/zero_size_malloc.c), as there.
    zeroed = {"LD_PRELOAD": ctx.built["zero_malloc.so"]} if ctx.built.get("zero_malloc.so") else {}

    def on(once, argv):
        def run(side, work):
            path, made = once.get()
            if made.status != "0":
                raise SkipCase("perf record failed here (exit %s): %s" % (
                    made.status, made.streams["stderr"].decode(errors="replace").strip()[-300:]))
            env = zeroed if side is ctx.ref and argv[0] == "report" else {}
            return side.run(["perf"] + [path if a == "{}" else a for a in argv], work, env=env)
        return run

    for label, once in recordings.items():
        for name, _, argv, needs in perf_analyses.ANALYSES:
            source = syscalls if label != "committed" and argv[0] == "trace" else once
            yield Case("%s (%s)" % (name, label), on(source, argv),
                       masks=[mask_perf_report] if argv[0] == "report" else [])
    yield Case("script (recorded here by perf trace record)", on(syscalls, "script -i {}".split()))

    def record_structure(side, work):
        path, out = perf_record(side, work)
        for stream in ("stdout", "stderr"):
            out.streams[stream] = mask_perf_record(out.streams[stream])
        return out.extend(side.run(["perf", "evlist", "-v", "-i", path], work, name="evlist -v"))
    yield Case("record (live): status, messages, evlist -v", record_structure)
    ours_data = perf_once(ctx, ctx.ours, False)
    yield Case("script of a recording through ours", on(ours_data, "script -i {}".split()))


# ---------------------------------------------------------------------------------------------
# libtracefs, libkshark, KernelShark

def tracefs_cases(ctx):
    if not ctx.built.get("tracefs_driver"):
        yield Case("tracefs_driver", skip="not built in the sid root (see the note above)")
        return
    reason = libtracefs.skip_reason(ctx)
    if reason:
        yield Case("tracefs_driver", skip=reason)
        return
    yield from libtracefs.cases(ctx)


KSHARK_PLUGINS = LIBDIR + "/kernelshark/plugins"
KSHARK_GUI_PLUGINS = {"event_field_plot", "latency_plot"}  # their init opens a Qt dialog


def kshark_cases(ctx):
    driver = ctx.built.get("kshark_driver")
    if not driver:
        yield Case("kshark_driver", skip="not built in the sid root (see the note above)")
        return
    import libkshark
    run = lambda *a: (lambda side, work: side.run([driver] + list(a), work))
    plugins = sorted(p[len(ctx.ref.root):] for p in glob.glob(ctx.ref.root + KSHARK_PLUGINS + "/plugin-*.so"))
    headless = [p for p in plugins if os.path.basename(p)[7:-3] not in KSHARK_GUI_PLUGINS]
    for trace in ctx.traces:
        base = os.path.basename(trace)
        for mode in ("entries", "fields", "filters"):
            yield Case("%s %s" % (mode, base), run(mode, trace), masks=[libkshark.mask_filter_address])
        if headless:
            yield Case("plugins %s %s" % ("+".join(os.path.basename(p)[7:-3] for p in headless), base),
                       run("plugins", trace, *headless))


GUI_TRACES = ["sched_irq.dat", "marker.dat", "timer.dat"]
SETTLE_TRIES = 40


def xvfb_frame(side, fbdir):
    """The screen's pixels from Xvfb's frame buffer file (an XWD image): its header and colour
    map skipped, and at 32 bits per pixel the byte no colour mask covers zeroed (it holds
    whatever the last drawing left there, which differs between two runs of one picture)."""
    with open(side.host_path(os.path.join(fbdir, "Xvfb_screen0")), "rb") as f:
        raw = f.read()
    if len(raw) < 100:
        return b""
    fields = struct.unpack(">25I", raw[:100])
    header_size, byte_order, bits_per_pixel, ncolors = fields[0], fields[7], fields[11], fields[19]
    data = bytearray(raw[header_size + 12 * ncolors:])
    if bits_per_pixel == 32:
        used = fields[14] | fields[15] | fields[16]
        for i in range(4):
            shift = 8 * i if byte_order == 0 else 8 * (3 - i)  # 0: LSBFirst
            if not (used >> shift) & 0xff:
                data[i::4] = bytes(len(data[i::4]))
    return raw[:header_size + 12 * ncolors], bytes(data)


def kernelshark_case(ctx, trace):
    """KernelShark 2.4 in this root on its own Xvfb (-fbdir: the frame buffer is a file, an XWD
    image, read from outside), captured once two frames in a row are equal and not black."""
    def run(side, work):
        cache = os.path.join(work, "cache")
        fbdir = os.path.join(work, "fb")
        os.makedirs(cache)
        os.makedirs(fbdir)
        with open(os.path.join(cache, "setting.ini"), "w") as f:
            f.write("[General]\nnoRootWarn=true\n")
        read, write = os.pipe()
        xvfb = subprocess.Popen(["chroot", side.root, "/usr/bin/env", "-i", "PATH=" + PATH, "Xvfb", "-displayfd",
                                 str(write), "-screen", "0", "1280x800x24", "-fbdir", fbdir, "-nolisten", "tcp"],
                                pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        os.close(write)
        with os.fdopen(read) as f:
            display = ":" + f.readline().strip()
        out = Outcome()
        try:
            home = tempfile.mkdtemp(dir=work, prefix=".home.")
            log = open(os.path.join(work, "kernelshark.log"), "wb")
            ks = subprocess.Popen(["chroot", side.root, "/usr/bin/env", "-i", "-C", work, "PATH=" + PATH,
                                   "HOME=" + home, "LC_ALL=C", "TZ=UTC", "DISPLAY=" + display,
                                   "KS_USER_CACHE_DIR=" + cache, "QT_QPA_PLATFORM=xcb",
                                   "kernelshark", "-geometry", "1270x790+0+0", trace],
                                  stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
            previous, pixels, header = None, b"", b""
            for _ in range(SETTLE_TRIES):
                time.sleep(0.5)
                if ks.poll() is not None:
                    break
                header, pixels = xvfb_frame(side, fbdir)
                if pixels == previous and pixels.strip(b"\0"):
                    break
                previous = pixels
            status = ks.poll()
            out.add("running when captured", b"yes" if status is None else b"no, exit %d" % status)
            if status is None:
                os.killpg(ks.pid, signal.SIGKILL)
            ks.wait()
            log.close()
            out.add("screen sha256", hashlib.sha256(pixels).hexdigest().encode())
            if ctx.args.results and pixels:
                shot = os.path.join(ctx.args.results, "kernelshark-%s-%s.xwd" % (os.path.basename(trace)[:-4],
                                                                                side.name))
                with open(shot, "wb") as f:
                    f.write(header + pixels)
                if shutil.which("convert"):
                    subprocess.run(["convert", "xwd:" + shot, shot[:-4] + ".png"], capture_output=True)
                    os.unlink(shot)
        finally:
            os.killpg(xvfb.pid, signal.SIGTERM)
            xvfb.wait()
        return out
    return run


def kernelshark_cases(ctx):
    for name in GUI_TRACES:
        trace = os.path.join(ctx.data, "traces", name)
        yield Case("window %s" % name, kernelshark_case(ctx, trace))


# ---------------------------------------------------------------------------------------------
# Linkage: every object using libtraceevent resolves its symbols on both libraries

USES_TEP = re.compile(rb"libtraceevent\.so\.1\0|\0(tep_[a-z_]+|trace_seq_[a-z_]+|kbuffer_[a-z_]+)\0")
TEP_SYMBOL = re.compile(r"^(tep_|trace_seq_|kbuffer_)")
SEARCH_DIRS = ["/usr/bin", "/usr/sbin", LIBDIR, "/usr/lib/python3/dist-packages", "/usr/lib/perf-core",
               "/usr/libexec"]
OWNERS = [("rtla", re.compile(r"/rtla$|/osnoise$|/timerlat$|/hwnoise$")),
          ("uftrace", re.compile(r"uftrace")),
          ("rasdaemon", re.compile(r"rasdaemon|ras-mc-ctl")),
          ("cxl", re.compile(r"/cxl$|libcxl"))]


def tep_users(root):
    """ELF objects in the root (Debian's side) that name libtraceevent.so.1 or a tep_*,
    trace_seq_* or kbuffer_* symbol: paths inside the root."""
    found = []
    for top in SEARCH_DIRS:
        for dirpath, _, files in os.walk(root + top):
            for name in files:
                path = os.path.join(dirpath, name)
                # (no consumer of libtraceevent is that big: skips libLLVM and the like)
                if os.path.islink(path) or not os.path.isfile(path) or os.path.getsize(path) > 64 << 20:
                    continue
                try:
                    with open(path, "rb") as f:
                        if f.read(4) != b"\x7fELF":
                            continue
                        f.seek(0)
                        if USES_TEP.search(f.read()):
                            found.append(path[len(root):])
                except OSError:
                    continue
    for pattern in INDIRECT_USERS:
        found += [p[len(root):] for p in glob.glob(root + pattern) if not os.path.islink(p)]
    return sorted(set(found))


def owner(path):
    return next((consumer for consumer, pattern in OWNERS if pattern.search(path)), "linkage")


# Objects that use libtraceevent only through another library or the process loading them
# (KernelShark, its libraries and plugins, uftrace's libmcount preloaded into the traced program).
INDIRECT_USERS = ["/usr/bin/kernelshark", LIBDIR + "/libkshark-*.so.*.*", LIBDIR + "/kernelshark/plugins/*.so",
                  LIBDIR + "/uftrace/*.so"]

LINK_SCRIPT = r"""
obj=$1
lib=$(readlink -f /usr/lib/%s/libtraceevent.so.1)
echo "libtraceevent.so.1: $(dpkg -S "$lib" | cut -d: -f1)"
case $obj in
*/traceevent/plugins/*) ;;  # what a plugin leaves undefined is its build's business (ours differ)
*)
	echo "ldd -r with LD_BIND_NOW=1: unresolved symbols, and the libtraceevent loaded"
	LD_BIND_NOW=1 ldd -r "$obj" 2>&1 | grep -E 'undefined symbol|not found|libtraceevent' | sed 's/ (0x[0-9a-f]*)//'
esac
# tep_* left undefined for the process to resolve (plugins): each must be the library's export
nm -D --defined-only "$lib" | awk '{print $3}' | sed 's/@.*//' | sort -u > /tmp/exports.$$
nm -D --undefined-only "$obj" | awk '{print $2}' | sed 's/@.*//' | grep -E '^(tep_|trace_seq_|kbuffer_)' | sort -u > /tmp/wanted.$$
echo "libtraceevent symbols it uses that the library does not export:"
comm -23 /tmp/wanted.$$ /tmp/exports.$$
rm -f /tmp/exports.$$ /tmp/wanted.$$
""" % MULTIARCH


def linkage_case(path):
    def run(side, work):
        return side.run(["sh", "-c", LINK_SCRIPT, "link", path], work)
    return run


def linkage_cases(ctx, consumer):
    for path in ctx.tep_users:
        if owner(path) == consumer:
            yield Case("symbols %s" % path, linkage_case(path))


def run_program_case(*cmd, masks=()):
    return lambda side, work: side.run(list(cmd), work, env={"LD_BIND_NOW": "1"})


def rtla_cases(ctx):
    yield from linkage_cases(ctx, "rtla")
    tracers = open("/sys/kernel/tracing/available_tracers").read().split()
    for tool in ("timerlat", "osnoise", "hwnoise"):
        # This kernel has no osnoise/timerlat tracers (available_tracers): rtla fails to set
        # them up, on either library; its error path is what is compared then.
        tracer = "osnoise" if tool == "hwnoise" else tool
        what = "live" if tracer in tracers else "no %s tracer" % tracer
        cmd = ["rtla", tool, "top", "-d", "1", "-q"]
        yield Case("%s (%s)" % (" ".join(cmd), what),
                   lambda side, work, c=cmd: live(side, work, ["timeout", "-s", "INT", "10"] + c,
                                                  env={"LD_BIND_NOW": "1"}),
                   masks=[numbers_masked])
    yield Case("rtla --help", run_program_case("rtla", "--help"))


def uftrace_cases(ctx):
    yield from linkage_cases(ctx, "uftrace")
    target = ctx.built.get("uftrace_target")
    if not target:
        yield Case("record/replay", skip="uftrace_target not built in the sid root")
        return

    def record(*opts):
        def run(side, work):
            out = side.run(["uftrace", "record", "--no-sched", "-d", "data"] + list(opts) + [target], work,
                           name="record", env={"LD_BIND_NOW": "1"})
            # without the timings, which differ per run (and so does what report and graph sort by)
            for cmd in (["replay", "-f", "none"], ["report", "-s", "call", "-f", "call"], ["graph", "-f", "none"]):
                out.extend(side.run(["uftrace"] + cmd + ["-d", "data"], work, name=" ".join(cmd)))
            return out
        return run
    # the session id in graph's title is random
    yield Case("record, replay/report/graph", record(), masks=[mask_session])
    # -k: kernel functions through the function_graph tracer, read back with libtraceevent;
    # this kernel has no function_graph tracer: uftrace says so and records user space only
    yield Case("record -k (kernel tracing)", record("-k"), masks=[mask_session])


def mask_session(data):
    return re.sub(rb"\(session: [0-9a-f]+\)", b"(session: <id>)", data)


def rasdaemon_cases(ctx):
    yield from linkage_cases(ctx, "rasdaemon")
    # rasdaemon reads ras:* events through debugfs's tracing dir, parsing their formats with
    # libtraceevent; with no hardware error on this machine it records nothing, so its start
    # (events found and enabled, the handlers registered) and clean stop are compared.
    script = ("mount -t debugfs none /sys/kernel/debug 2>/dev/null; mkdir -p /var/lib/rasdaemon; "
              "timeout -s INT 3 rasdaemon -f -r; echo \"exit $?\"")
    yield Case("rasdaemon -f -r (live, 3 s)", lambda side, work: live(side, work, ["sh", "-c", script],
                                                                      env={"LD_BIND_NOW": "1"}),
               masks=[numbers_masked])
    yield Case("ras-mc-ctl --status", run_program_case("ras-mc-ctl", "--status"))


def cxl_cases(ctx):
    yield from linkage_cases(ctx, "cxl")
    yield Case("cxl list", run_program_case("cxl", "list"))
    # cxl monitor enables the cxl trace events: this kernel has none (no events/cxl)
    yield Case("cxl monitor (live, 2 s)",
               lambda side, work: live(side, work, ["timeout", "-s", "INT", "2", "cxl", "monitor"],
                                       env={"LD_BIND_NOW": "1"}), masks=[numbers_masked])


def linkage_other_cases(ctx):
    yield from linkage_cases(ctx, "linkage")
    for cmd in (["trace-cmd", "--version"], ["perf", "version"]):
        yield Case("LD_BIND_NOW=1 %s" % " ".join(cmd), run_program_case(*cmd))
    plugins = LIBDIR + "/traceevent/plugins"
    yield Case("plugins installed in " + plugins, lambda side, work: side.run(["ls", plugins], work))


CONSUMERS = {
    "trace-cmd": tracecmd_cases,
    "python3-trace-cmd": python_cases,
    "perf": perf_cases,
    "libtracefs": tracefs_cases,
    "libkshark": kshark_cases,
    "kernelshark": kernelshark_cases,
    "rtla": rtla_cases,
    "uftrace": uftrace_cases,
    "rasdaemon": rasdaemon_cases,
    "cxl": cxl_cases,
    "linkage": linkage_other_cases,
}


# ---------------------------------------------------------------------------------------------

def run_consumer(ctx, consumer, make_cases, expected):
    cases = [c for c in make_cases(ctx) if fnmatch.fnmatchcase(c.name, ctx.args.only)]
    mine = [(g, f) for m, g, f in expected if m == consumer]
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, ctx.args.jobs)) as pool:
        verdicts = list(pool.map(lambda c: consumers.run_case(ctx, c), cases))
    counts = {"same": 0, "different": 0, "expected": 0, "skipped": 0}
    failures, results = [], []
    print("\n== %s" % consumer)
    for case, (verdict, detail) in zip(cases, verdicts):
        finding = next((f for g, f in mine if fnmatch.fnmatchcase(case.name, g)), None)
        if verdict in consumers.SAME:
            counts["same"] += 1
            note = {"upstream-crashed": "   (Debian's side crashed: %s)" % detail.strip(),
                    "robust": "   (only a normal end compared)"}.get(verdict, "")
            if finding:
                note += "   (listed as expected to differ: %s; remove the entry)" % finding
            print("  same       %s%s" % (case.name, note))
        elif verdict == "skipped":
            counts["skipped"] += 1
            print("  skipped    %s: %s" % (case.name, detail))
        elif verdict == "different" and finding:
            counts["different"] += 1
            counts["expected"] += 1
            print("  different  %s   expected: %s" % (case.name, finding))
            failures.append((case.name, detail, True))
        else:
            counts["different"] += 1
            print("  DIFFERENT  %s%s" % (case.name, "   (harness error)" if verdict != "different" else ""))
            failures.append((case.name, detail, False))
        results.append({"case": case.name, "verdict": verdict, "finding": finding})
    for name, detail, was_expected in failures:
        if not was_expected:
            print("FAIL %s [%s]\n%s" % (consumer, name, detail))
    print("consumer %s: %d same, %d different (%d of them expected), %d skipped, %.1f s"
          % (consumer, counts["same"], counts["different"], counts["expected"], counts["skipped"],
             time.monotonic() - start))
    return counts, results, failures


def in_namespace(argv):
    """Re-runs this script in a private mount namespace (everything mounted goes with it)."""
    if os.environ.get("SID_CONSUMERS_LAYER"):
        return None
    # The tmpfs's mount point, made out here so that it is removed out here afterwards.
    layer = tempfile.mkdtemp(prefix="sid-consumers.")
    try:
        env = dict(os.environ, SID_CONSUMERS_LAYER=layer)
        return subprocess.call(["unshare", "--mount", "--propagation", "private", sys.executable,
                                os.path.abspath(__file__)] + argv, env=env)
    finally:
        os.rmdir(layer)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if not os.path.isfile(os.path.join(args.root, ".complete")):
        print("SKIP sid consumers: no complete sid root in %s (tests/consumers/sid/sid-root.sh)" % args.root)
        return SKIP
    if os.getuid() != 0:
        print("FAIL sid consumers: needs root (mount namespace, overlayfs, chroot)")
        return 1
    rc = in_namespace(argv)
    if rc is not None:
        return rc
    for name in ("root", "debs", "results", "keep", "expected"):
        if getattr(args, name):
            setattr(args, name, os.path.abspath(getattr(args, name)))
    if args.results:
        os.makedirs(args.results, exist_ok=True)
    wanted = list(CONSUMERS) if args.consumer == "all" else args.consumer.split(",")
    unknown = [c for c in wanted if c not in CONSUMERS]
    if unknown:
        print("unknown consumers: %s (known: %s)" % (", ".join(unknown), ", ".join(CONSUMERS)))
        return 2
    start = time.monotonic()
    roots = Roots(args.root, os.environ["SID_CONSUMERS_LAYER"])
    # Every scratch dir of the cases (consumers.run_case's, the sides' homes) in the shared dir,
    # which both roots see at this same path.
    tempfile.tempdir = roots.shared
    problems = install_ours(roots, args.debs)
    drivers = build_drivers(roots, os.path.join(roots.shared, "bin"))
    ctx = Context(args, roots, drivers)
    ctx.tep_users = tep_users(ctx.ref.root)
    print("set-up: %.1f s (overlays, dpkg -i, drivers); %d objects of the root use libtraceevent"
          % (time.monotonic() - start, len(ctx.tep_users)))
    if problems:
        for p in problems:
            print("FAIL install: %s" % p)
        return 1
    expected = consumers.load_expected(args.expected)
    table, all_results, unexpected = {}, {}, 0
    for consumer in wanted:
        counts, results, failures = run_consumer(ctx, consumer, CONSUMERS[consumer], expected)
        table[consumer] = counts
        all_results[consumer] = results
        unexpected += sum(1 for f in failures if not f[2])
    print("\n%-20s %6s %10s %9s %8s" % ("consumer", "same", "different", "expected", "skipped"))
    for consumer, c in table.items():
        print("%-20s %6d %10d %9d %8d" % (consumer, c["same"], c["different"], c["expected"], c["skipped"]))
    if args.results:
        with open(os.path.join(args.results, "sid.json"), "w", encoding="utf-8") as f:
            json.dump(all_results, f, indent=1)
    total = {k: sum(c[k] for c in table.values()) for k in ("same", "different", "expected", "skipped")}
    print("sid consumers: %d same, %d different (%d expected, %d unexpected), %d skipped, %.0f s"
          % (total["same"], total["different"], total["expected"], unexpected, total["skipped"],
             time.monotonic() - start))
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
