# SPDX-License-Identifier: LGPL-2.1
"""libtracefs (Debian's libtracefs1) through tracefs_driver.c on this machine's tracefs (via
tracefs-env.sh: the suite's lock held): every local event walked (fields, print fmt and its
parsed argument tree), systems and events, raw records of a private instance iterated and
printed with tep_print_event (also stopped, and the instance removed, mid-iteration),
synth/sql/hist echo strings, filter strings verified and applied, eprobe/uprobe events
(kprobes where the kernel has them), and calls with NULL or empty arguments (those upstream
crashes on one a process).
Masked: pids in the records the driver's own fork makes (`pid=N`), and the pid libtracefs
puts into the names of synthetic variables (`__arg_PID_2`)."""
import atexit
import functools
import os
import re
import tempfile

from consumers import Case, HERE

CONSUMER = "libtracefs"
TRACEFS_ENV = os.path.join(HERE, "tracefs-env.sh")
# tracefs_driver's NULL/empty-argument calls: one process for those upstream 1.9.0 survives,
# one each for those it crashes on (4, 10, 11, 13: SIGSEGV inside upstream).
NULL_CALL_GROUPS = ["0,1,2,3,5,6,7,8,9,12,14", "4", "10", "11", "13"]


@functools.cache
def short_kallsyms():
    """A copy of the first 2,000 lines of /proc/kallsyms (removed at exit), or None where it
    cannot be read."""
    if not os.access("/proc/kallsyms", os.R_OK):
        return None
    fd, path = tempfile.mkstemp(prefix="consumers-kallsyms.")
    atexit.register(os.unlink, path)
    with open("/proc/kallsyms", "rb") as full, os.fdopen(fd, "wb") as short:
        short.writelines(line for _, line in zip(range(2000), full))
    return path


def driver_env(ctx):
    """The driver's environment on both sides. Under a sanitizer, whose realloc always moves
    the block, libtracefs reading /proc/kallsyms 4 KB at a time costs seconds a run (5.4 MB
    here: 3.5 s, and the suite has 24 runs); tracefs-env.sh binds a shortened copy over it
    then. Plain builds read the whole file."""
    path = (ctx.args.preload or os.environ.get("ASAN_OPTIONS")) and short_kallsyms()
    return {"CONSUMERS_KALLSYMS": path} if path else {}


def driver(ctx):
    return os.path.join(ctx.drivers, "tracefs_driver")


def programs(ctx):
    return [driver(ctx)]


def skip_reason(ctx):
    if not os.path.exists(driver(ctx)):
        return "tracefs_driver not built (needs Debian's libtracefs-dev)"
    out = ctx.ref.run(["sh", TRACEFS_ENV, "true"], "/tmp")
    if out.status != "0":
        return "no usable tracefs here: %s" % out.streams["stderr"].decode(errors="replace").strip()
    return None


def mask_pids(data):
    data = re.sub(rb"\b(pid|child_pid)=\d+", rb"\1=PID", data)
    return re.sub(rb"(__[a-z_]+?_)\d+(_\d+)", rb"\1PID\2", data)


def cases(ctx):
    def run(*args):
        return lambda side, work: side.run(["sh", TRACEFS_ENV, driver(ctx)] + list(args), work,
                                           env=driver_env(ctx))
    for mode in (["events"], ["systems"], ["iterate"], ["iterate", "stop"], ["iterate", "destroy"],
                 ["commands"], ["dynevents"]):
        yield Case(" ".join(mode), run(*mode), masks=[mask_pids])
    for calls in NULL_CALL_GROUPS:
        yield Case("null %s" % calls, run("null", calls))
