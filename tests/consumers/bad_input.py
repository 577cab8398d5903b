# SPDX-License-Identifier: LGPL-2.1
"""Consumers on truncated trace files: committed traces cut at several offsets (inside the
header, the formats, kallsyms, between and inside the CPU data, one byte short), also
zero-filled from there to full size and with 256 scrambled bytes there, read by
trace-cmd report / report -R / dump --all and by libkshark (kshark_driver entries). Outputs
are compared byte for byte (scrambled ones: see cases()); where upstream crashes or hangs,
ours only has to end normally.
(The libtracefs driver's "iterate destroy" and "null N" cases cover the other bad input:
an instance removed mid-iteration, NULL and empty arguments.)"""
import atexit
import os
import shutil
import tempfile

from consumers import Case

CONSUMER = "bad input"
TRACES = ["sched_irq.dat", "sched_irq_v7.dat", "sched_irq_v7zstd.dat", "marker.dat"]
# fractions of the file, and absolute offsets from the start and the end
CUTS = [("start", 0), ("start", 8), ("start", 60), ("start", 700), ("start", 5000), ("frac", 0.25),
        ("frac", 0.5), ("frac", 0.75), ("frac", 0.9), ("end", 4097), ("end", 1)]


def programs(ctx):
    return [ctx.trace_cmd]


def truncated(ctx):
    directory = tempfile.mkdtemp(prefix="consumers-truncated.")
    atexit.register(shutil.rmtree, directory, True)
    files = []
    for name in TRACES:
        path = os.path.join(ctx.data, "traces", name)
        if not os.path.exists(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        for kind, value in CUTS:
            cut = {"start": lambda v: v, "frac": lambda v: int(len(data) * v),
                   "end": lambda v: len(data) - v}[kind](value)
            if not 0 <= cut < len(data):
                continue
            # trace-cmd checks a file's size before it reads one: a cut file only tests that;
            # the same cut zero-filled to the full size, or 256 scrambled bytes there, reach
            # the library with formats and pages that end early or hold garbage.
            scrambled = bytes((i * 167 + 13) & 0xff for i in range(min(256, len(data) - cut)))
            for label, content in (("cut", data[:cut]), ("zeroed", data[:cut] + bytes(len(data) - cut)),
                                   ("scrambled", data[:cut] + scrambled + data[cut + len(scrambled):])):
                out = os.path.join(directory, "%s.%s%d" % (name[:-4], label, cut))
                with open(out, "wb") as f:
                    f.write(content)
                files.append(out)
    return files


def cases(ctx):
    kshark = os.path.join(ctx.drivers, "kshark_driver")
    for path in truncated(ctx):
        base = os.path.basename(path)
        # garbage makes upstream read past fields and records (a char[16] comm printed up to
        # the next NUL, wherever that is): there, only a normal end of ours is required
        robust = ".scrambled" in base
        for opts in (["report", "-L"], ["report", "-L", "-R"], ["dump", "--all"]):
            yield Case("trace-cmd %s %s" % (" ".join(opts), base),
                       lambda side, work, o=opts, p=path: side.run([ctx.trace_cmd] + o + ["-i", p], work, timeout=60),
                       robustness_only=robust)
        if os.path.exists(kshark):
            yield Case("kshark entries %s" % base,
                       lambda side, work, p=path: side.run([kshark, "entries", p], work, timeout=60),
                       robustness_only=robust)
