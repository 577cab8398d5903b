# SPDX-License-Identifier: LGPL-2.1
"""trace-cmd on trace files: the committed traces of tests/data/traces and the recordings of
tests/data/consumers. dump (every section), split (then report of each piece), convert
(between file versions and compressions: written bytes and their report), restore (a partial
head from this machine's tracefs plus CPU data cut out of a committed trace), hist, report
--stat / -E / --profile / -F (every filter form) and report with ours LD_PRELOADed into a
trace-cmd that otherwise loads the installed library. Nothing is masked but --profile,
compared as per-event totals (trace-cmd orders it by heap address)."""
import atexit
import collections
import glob
import os
import re
import shutil
import tempfile
import threading

from consumers import Case, Outcome

CONSUMER = "trace-cmd files"

DUMP_SECTIONS = ["--all", "--summary", "--head-page", "--head-event", "--ftrace-events", "--systems",
                 "--events", "--kallsyms", "--printk", "--cmd-lines", "--options", "--flyrecord",
                 "--clock", "-v"]

# Filter forms of `trace-cmd report -F` (libtraceevent's tep_filter_add_filter_str), on
# sched_irq.dat: name -> arguments.
FILTERS = {
    "number-eq": ["-F", "sched_switch: prev_pid == 4021"],
    "number-ne-hex": ["-F", "sched_switch: next_pid != 0x0"],
    "number-lt-ge": ["-F", "sched_switch: prev_prio < 120 || next_prio >= 139"],
    "number-negative": ["-F", "sched_wakeup: target_cpu > -1"],
    "number-bitand": ["-F", "sched_switch: prev_state & 1"],
    "string-eq": ["-F", 'sched_switch: next_comm == "cc1plus"'],
    "string-ne": ["-F", 'sched_switch: prev_comm != "cc1plus"'],
    "string-regex": ["-F", 'sched_switch: next_comm =~ "^(sh|ls)"'],
    "string-not-regex": ["-F", 'sched_switch: prev_comm !~ "^cc1"'],
    "string-glob": ["-F", 'sched_waking: comm == "kworker*"'],
    "and-or": ["-F", "sched_switch: (prev_pid > 0 && next_pid > 0) || prev_prio == 100"],
    "not": ["-F", "sched_switch: !(prev_pid == 3766)"],
    "not-not-or": ["-F", "sched_switch: !(!(prev_pid == 3766) || next_pid == 4022)"],
    "field-vs-field": ["-F", "sched_switch: prev_prio == next_prio"],
    "field-vs-field-lt": ["-F", "sched_switch: prev_pid < next_pid"],
    "common-pid": ["-F", ".*: common_pid == 15"],
    "common-flags": ["-F", "irq/.*: common_flags & 1"],
    "comm-pseudo": ["-F", 'sched/.*: COMM == "sh"'],
    "cpu-pseudo": ["-F", "sched_switch: CPU == 1"],
    "event-only": ["-F", "irq_handler_entry"],
    "event-list": ["-F", "sched_switch,sched_wakeup"],
    "system-regex": ["-F", "sched/sched_w.*"],
    "two-filters": ["-F", "sched_switch: prev_pid == 3766", "-F", "sched_waking: pid > 10"],
    "inverted": ["-v", "-F", "sched_switch: prev_pid == 3766"],
    "bad-no-event": ["-F", "common_pid != 0"],
    "bad-unknown-event": ["-F", "no_such_event: pid == 1"],
    "bad-unknown-field": ["-F", "sched_switch: no_such_field == 1"],
    "bad-dangling-op": ["-F", "sched_switch: prev_pid >"],
    "bad-unbalanced": ["-F", "sched_switch: (prev_pid == 1"],
    "bad-string-vs-number": ["-F", "sched_switch: prev_comm == 5"],
    "bad-number-vs-string": ["-F", 'sched_switch: prev_pid == "x"'],
    "bad-unterminated": ["-F", 'sched_switch: prev_comm == "abc'],
    "bad-regex": ["-F", 'sched_switch: prev_comm =~ "("'],
    "bad-empty": ["-F", ""],
}

PROFILE_EVENT = re.compile(rb"^  Event: (.*) \((\d+)\)")



def programs(ctx):
    return [ctx.trace_cmd]

def profile_totals(data):
    """--profile as "Event: key count" summed over tasks; other lines dropped (they follow
    trace-cmd's heap-ordered task grouping)."""
    counts = collections.Counter()
    for line in data.splitlines():
        m = PROFILE_EVENT.match(line)
        if m:
            counts[m.group(1)] += int(m.group(2))
    return b"".join(b"%s %d\n" % (k, counts[k]) for k in sorted(counts))


def traces(ctx):
    found = sorted(glob.glob(os.path.join(ctx.data, "traces", "*.dat")))
    return found + sorted(glob.glob(os.path.join(ctx.consumers_data, "*.dat")))


def report(ctx, side, work, trace, opts=(), name=None, env=None):
    # options before -i: trace-cmd 3.1 ignores a -F given after the input file
    return side.run([ctx.trace_cmd, "report", "-L"] + list(opts) + ["-i", trace], work, name=name, env=env)


def tc(ctx, *args):
    """A case running one trace-cmd command line."""
    return lambda side, work: side.run([ctx.trace_cmd] + list(args), work)


def split_case(ctx, trace, opts):
    def run(side, work):
        out = side.run([ctx.trace_cmd, "split", "-i", trace, "-o", "piece"] + opts, work, name="split")
        for piece in sorted(f for f in os.listdir(work) if f.startswith("piece")):
            out.add_file(piece, os.path.join(work, piece))
            out.extend(report(ctx, side, work, piece, name="report " + piece))
        return out
    return run


def convert_case(ctx, trace, opts):
    def run(side, work):
        out = side.run([ctx.trace_cmd, "convert", "-i", trace, "-o", "out.dat"] + opts, work, name="convert")
        out.add_file("out.dat", os.path.join(work, "out.dat"))
        return out.extend(report(ctx, side, work, "out.dat", name="report"))
    return run


class PartialHead:
    """One partial head (`restore -c`: formats, kallsyms, saved comms) from this machine's
    tracefs for both sides: the saved comms change from one second to the next."""

    def __init__(self, ctx):
        self.ctx, self.lock, self.made = ctx, threading.Lock(), None
        self.dir = tempfile.mkdtemp(prefix="consumers-restore-head.")
        atexit.register(shutil.rmtree, self.dir, True)

    def get(self):
        with self.lock:
            if self.made is None:
                path = os.path.join(self.dir, "head.dat")
                out = self.ctx.ref.run([self.ctx.trace_cmd, "restore", "-c", "-o", path], self.dir)
                self.made = (path, out)
            return self.made


def restore_case(ctx, trace, head):
    """CPU data cut out of the committed trace (its flyrecord offsets, read from `trace-cmd
    dump --flyrecord` on this side) joined by `restore -i` to the partial head made once
    (PartialHead), then reported; and `restore -c` on this side, its output compared."""
    def run(side, work):
        out = side.run([ctx.trace_cmd, "dump", "--flyrecord", "-i", trace], work, name="dump")
        cpus = re.findall(rb"^\s+(\d+)\s+(\d+)\s+\[offset, size of cpu (\d+)\]",
                          out.streams["dump.stdout"], re.M)
        files = []
        with open(trace, "rb") as f:
            for offset, size, cpu in cpus:
                f.seek(int(offset))
                name = "cpu%d" % int(cpu)
                with open(os.path.join(work, name), "wb") as o:
                    o.write(f.read(int(size)))
                files.append(name)
        out.add("cpu files", b"%d\n" % len(files))
        out.extend(side.run([ctx.trace_cmd, "restore", "-c", "-o", "own-head.dat"], work, name="restore -c"))
        path, made = head.get()
        out.add("shared head made", made.status.encode())
        out.extend(side.run([ctx.trace_cmd, "restore", "-i", path, "-o", "restored.dat"] + files,
                            work, name="restore"))
        out.add_file("restored.dat size", os.path.join(work, "restored.dat"))
        out.streams["restored.dat size"] = b"%d" % len(out.streams["restored.dat size"])
        return out.extend(report(ctx, side, work, "restored.dat", ["--cpu", "0"], name="report"))
    return run


def preload_case(ctx, trace, opts):
    """Ours by LD_PRELOAD: trace-cmd's loader still resolves libtraceevent.so.1 to the
    installed 1.7.1 (no LD_LIBRARY_PATH), but every tep_* binds to the preloaded library."""
    def run(side, work):
        if side.name == "upstream" or side.so is None:
            return report(ctx, side, work, trace, opts)
        env = {"LD_LIBRARY_PATH": "", "LD_PRELOAD": " ".join(p for p in (side.preload, side.so) if p)}
        return report(ctx, side, work, trace, opts, env=env)
    return run


def cases(ctx):
    all_traces = traces(ctx)
    sched = os.path.join(ctx.data, "traces", "sched_irq.dat")
    for trace in all_traces:
        base = os.path.basename(trace)
        for section in ("--all", "--summary"):
            yield Case("dump %s %s" % (section, base), tc(ctx, "dump", section, "-i", trace))
        yield Case("report --stat %s" % base, tc(ctx, "report", "-L", "--stat", "-i", trace))
        yield Case("report -E %s" % base, tc(ctx, "report", "-L", "-E", "-i", trace))
        yield Case("report --profile %s" % base, tc(ctx, "report", "-L", "--profile", "-i", trace),
                   masks=[profile_totals])
        yield Case("hist %s" % base, tc(ctx, "hist", "-i", trace))
        # without -L: the built-in plugin dir too (the system's plugins), then TRACEEVENT_PLUGIN_DIR's
        yield Case("report, built-in plugins too %s" % base, tc(ctx, "report", "-i", trace))
        yield Case("split -r -e 100 %s" % base, split_case(ctx, trace, ["-r", "-e", "100"]))
        yield Case("LD_PRELOAD report %s" % base, preload_case(ctx, trace, []))
        yield Case("LD_PRELOAD report -R %s" % base, preload_case(ctx, trace, ["-R"]))
    for section in DUMP_SECTIONS[2:]:
        yield Case("dump %s sched_irq.dat" % section, tc(ctx, "dump", section, "-i", sched))
        yield Case("dump %s sched_irq_v7zstd.dat" % section,
                   tc(ctx, "dump", section, "-i", os.path.join(ctx.data, "traces", "sched_irq_v7zstd.dat")))
    yield Case("split -c -p 2 sched_irq.dat", split_case(ctx, sched, ["-c", "-p", "2"]))
    yield Case("split -m 5 sched_irq.dat", split_case(ctx, sched, ["-m", "5"]))
    yield Case("split -e 300 sched_irq_v7zstd.dat",
               split_case(ctx, os.path.join(ctx.data, "traces", "sched_irq_v7zstd.dat"), ["-e", "300"]))
    conversions = {"v7 zstd": ["--file-version", "7", "--compression", "zstd"],
                   "v7 none": ["--file-version", "7", "--compression", "none"],
                   "v7 any": ["--file-version", "7", "--compression", "any"],
                   "v6": ["--file-version", "6"]}
    for trace in all_traces:
        for label, opts in conversions.items():
            yield Case("convert %s %s" % (label, os.path.basename(trace)), convert_case(ctx, trace, opts))
    if os.path.isdir("/sys/kernel/tracing/events"):
        yield Case("restore sched_irq.dat", restore_case(ctx, sched, PartialHead(ctx)))
    for name, opts in FILTERS.items():
        yield Case("report -F %s" % name, tc(ctx, "report", "-L", *opts, "-i", sched))
    yield Case("LD_PRELOAD report -F and-or", preload_case(ctx, sched, FILTERS["and-or"]))
