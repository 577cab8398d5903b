# SPDX-License-Identifier: LGPL-2.1
"""libkshark (Debian's libkshark2, KernelShark's data library) through kshark_driver.c: every
entry of each trace as KernelShark's table shows it (event, task, pid, CPU, time, latency,
info), every event's fields, task/event/CPU filters and advanced (tep) filter strings, and
KernelShark's installed plugins that work without its GUI, processing the entries.
Masked: the heap address libtraceevent prints for a filter of the wrong type
("[ERROR IN EXPRESSION TYPE] <number>", see Documentation/differences.md)."""
import glob
import os
import re

from consumers import Case

CONSUMER = "libkshark"
PLUGIN_DIR = "/usr/lib/x86_64-linux-gnu/kernelshark/plugins"
# Their init opens a Qt dialog: they run inside KernelShark only (the kernelshark case).
GUI_PLUGINS = {"event_field_plot", "latency_plot"}


def driver(ctx):
    return os.path.join(ctx.drivers, "kshark_driver")


def programs(ctx):
    return [driver(ctx)]


def skip_reason(ctx):
    if not os.path.exists(driver(ctx)):
        return "kshark_driver not built (needs Debian's libkshark-dev and libjson-c-dev)"
    return None


def mask_filter_address(data):
    return re.sub(rb"\[ERROR IN EXPRESSION TYPE\] \d+", b"[ERROR IN EXPRESSION TYPE] <address>", data)


def traces(ctx):
    return sorted(glob.glob(os.path.join(ctx.data, "traces", "*.dat"))) + \
        sorted(glob.glob(os.path.join(ctx.consumers_data, "*.dat")))


def cases(ctx):
    run = lambda *args: (lambda side, work: side.run([driver(ctx)] + list(args), work))
    for trace in traces(ctx):
        base = os.path.basename(trace)
        for mode in ("entries", "fields", "filters"):
            yield Case("%s %s" % (mode, base), run(mode, trace), masks=[mask_filter_address])
    plugins = sorted(glob.glob(os.path.join(PLUGIN_DIR, "plugin-*.so")))
    headless = [p for p in plugins if os.path.basename(p)[7:-3] not in GUI_PLUGINS]
    for trace in traces(ctx):
        for plugin in headless:
            yield Case("plugin %s %s" % (os.path.basename(plugin)[7:-3], os.path.basename(trace)),
                       run("plugins", trace, plugin))
        if headless:
            yield Case("plugins all %s %s" % ("+".join(os.path.basename(p)[7:-3] for p in headless),
                                              os.path.basename(trace)), run("plugins", trace, *headless))
