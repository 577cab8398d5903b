# SPDX-License-Identifier: LGPL-2.1
"""rtla and ndctl's cxl. Both need kernel features this machine may lack: rtla the osnoise
and timerlat tracers, `cxl monitor` CXL trace events. Where present they run for real (their
numbers masked: latencies and counts differ per run); where absent the case says why and
skips. Either way rtla_cxl_driver.c makes the libtraceevent calls they make, in their pattern
(see the driver), on committed formats (tests/data/consumers/formats) and built records.
cxl-short cuts the records short: upstream then reads past record->size (what it prints
depends on memory it does not own), so there only a normal end of ours is required."""
import os
import re

from consumers import Case, HERE

CONSUMER = "rtla/cxl"
TRACEFS_ENV = os.path.join(HERE, "tracefs-env.sh")
TRACING = "/sys/kernel/tracing"


def driver(ctx):
    return os.path.join(ctx.drivers, "rtla_cxl_driver")


def programs(ctx):
    return [driver(ctx)]


def skip_reason(ctx):
    return None if os.path.exists(driver(ctx)) else "rtla_cxl_driver not built"


def mask_numbers(data):
    return re.sub(rb"\d+", b"N", data)


def tracers():
    try:
        with open(os.path.join(TRACING, "available_tracers")) as f:
            return f.read().split()
    except OSError:
        return []


def cases(ctx):
    formats = os.path.join(ctx.consumers_data, "formats")
    for mode in ("rtla", "cxl"):
        yield Case("%s pattern driver" % mode, lambda side, work, m=mode: side.run([driver(ctx), m, formats], work))
    yield Case("cxl pattern driver, short records", lambda side, work: side.run([driver(ctx), "cxl-short", formats], work),
               robustness_only=True)
    live = lambda *cmd: (lambda side, work: side.run(["sh", TRACEFS_ENV] + list(cmd), work))
    for tracer, cmd in (("timerlat", ["rtla", "timerlat", "top", "-d", "2", "-q"]),
                        ("osnoise", ["rtla", "osnoise", "top", "-d", "2", "-q"])):
        name = " ".join(cmd[:3]) + " (live)"
        if not os.path.exists("/usr/bin/rtla"):
            yield Case(name, skip="rtla is not installed")
        elif tracer not in tracers():
            yield Case(name, skip="this kernel has no %s tracer (available: %s)" % (tracer, " ".join(tracers())))
        else:
            yield Case(name, live(*cmd), masks=[mask_numbers])
    name = "cxl monitor (live)"
    if not os.path.exists("/usr/bin/cxl"):
        yield Case(name, skip="ndctl's cxl is not installed")
    elif not os.path.isdir(os.path.join(TRACING, "events", "cxl")):
        yield Case(name, skip="this kernel has no CXL trace events (no events/cxl in tracefs)")
    else:
        yield Case(name, live("timeout", "-s", "INT", "2", "cxl", "monitor"), masks=[mask_numbers])
