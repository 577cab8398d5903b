#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""The viewer page (build-wasm/web) in headless Chromium, driven over the DevTools protocol
(cdp.py), served from 127.0.0.1 by this script:
  browser_test.py --web DIR --lib DIR --plugins DIR [--screenshot-reference PNG] TRACE...
For each trace: it opens (?trace=URL) to data-state="ready" with as many records as
`trace-cmd report -L` (this library, our plugins) prints lines after "cpus=N", its first 50
lines and a sample of 50 more equal trace-cmd's, and a filter keeps as many rows as
`trace-cmd report -F` prints. Then: a damaged file shows data-state="error" or a status with
what came before; zooms and pans redraw the canvases in under 16 ms (median of 20); the first trace's
screenshot matches the reference within a small tolerance (ImageMagick's compare, when
installed). Exit 0 all passed, 1 a failure, 77 no chromium or trace-cmd.
"""
import argparse
import functools
import http.server
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

SKIP = 77
FILTER = "sched_switch"
READY = "['ready','error'].includes(document.body?.dataset.state) && document.body.dataset.state"
failures = []


def check(ok, what):
    print(("ok: " if ok else "FAILED: ") + what)
    if not ok:
        failures.append(what)


def trace_cmd_lines(trace, args, opts=()):
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD",)}
    env.update(LD_LIBRARY_PATH=args.lib, TRACEEVENT_PLUGIN_DIR=args.plugins, HOME=tempfile.gettempdir())
    out = subprocess.run(["trace-cmd", "report", "-L", *opts, "-i", str(trace)], env=env,
                         capture_output=True, check=False)
    return out.returncode, out.stdout.decode(errors="replace").split("\n")[1:-1]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(root):
    handler = functools.partial(QuietHandler, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def open_trace(page, base, name):
    page.navigate("%s/index.html?trace=%s" % (base, name))
    return page.wait_for(READY, 120)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--web", required=True)
    ap.add_argument("--lib", required=True)
    ap.add_argument("--plugins", required=True)
    ap.add_argument("--screenshot-reference")
    ap.add_argument("--screenshot-out", default=os.path.join(tempfile.gettempdir(), "viewer-screenshot.png"))
    ap.add_argument("traces", nargs="+")
    args = ap.parse_args()
    if not cdp.chromium() or not shutil.which("trace-cmd"):
        print("SKIP: needs chromium and trace-cmd")
        return SKIP
    root = tempfile.mkdtemp(prefix="tev-web-")
    for f in os.listdir(args.web):
        if f.endswith((".mjs", ".js", ".html", ".css", ".wasm")):
            os.symlink(os.path.abspath(os.path.join(args.web, f)), os.path.join(root, f))
    traces = [pathlib.Path(t) for t in args.traces]
    for t in traces:
        os.symlink(t.resolve(), os.path.join(root, t.name))
    damaged = os.path.join(root, "damaged.dat")
    with open(traces[0], "rb") as f, open(damaged, "wb") as out:
        data = f.read()
        out.write(data[: len(data) * 2 // 3])
    with open(os.path.join(root, "not-a-trace.dat"), "wb") as out:
        out.write(b"hello, this is not a trace.dat\n" * 10)
    server = serve(root)
    base = "http://127.0.0.1:%d" % server.server_address[1]
    with cdp.Browser() as browser:
        page = browser.new_page()
        for i, trace in enumerate(traces):
            _, want = trace_cmd_lines(trace, args)
            state = open_trace(page, base, trace.name)
            events = page.evaluate("Number(document.body.dataset.events)")
            check(state == "ready" and events == len(want),
                  "%s: ready with %s records (trace-cmd: %d lines), %s ms" %
                  (trace.name, events, len(want), page.evaluate("document.body.dataset.loadMs")))
            if state != "ready":
                continue
            got = page.evaluate("tevViewer.lines(0, 50)")
            check(got == want[:50], "%s: the first %d lines equal trace-cmd's" % (trace.name, len(got)))
            rng = random.Random(trace.name)
            sample = sorted(rng.sample(range(len(want)), min(50, len(want))))
            got = [page.evaluate("tevViewer.lines(%d, 1)" % k)[0] for k in sample]
            check(got == [want[k] for k in sample], "%s: 50 sampled lines equal trace-cmd's" % trace.name)
            rc, filtered = trace_cmd_lines(trace, args, ["-F", FILTER])
            if rc == 0:
                shown = page.evaluate("tevViewer.applyFilter(%r).then(() => tevViewer.shown.length)" % FILTER)
                check(shown == len(filtered), "%s: filter %r keeps %s rows (trace-cmd -F: %d)" %
                      (trace.name, FILTER, shown, len(filtered)))
            if i == 0:
                page.evaluate("tevViewer.applyFilter('')")
                times = page.evaluate("""(() => {
                    const v = tevViewer.viewport, out = [];
                    tevViewer.redraw(); tevViewer.redraw();  // warm: the first draws compile the code
                    for (let k = 0; k < 10; k++) {
                      v.zoom(0.7, (v.start + v.end) / 2); tevViewer.redraw(); out.push(Number(document.body.dataset.drawMs));
                      v.pan((v.end - v.start) / 10); tevViewer.redraw(); out.push(Number(document.body.dataset.drawMs));
                    }
                    return out; })()""")
                # The median: one slow frame on a loaded 2-core machine says little.
                median = sorted(times)[len(times) // 2]
                check(median < 16, "%s: zoom and pan redraw in %.2f ms (median of %d; max %.2f)" %
                      (trace.name, median, len(times), max(times)))
                page.evaluate("tevViewer.viewport.reset(tevViewer.data.rows.ts); tevViewer.redraw()")
                page.screenshot(args.screenshot_out)
                if args.screenshot_reference and shutil.which("compare"):
                    cmp = subprocess.run(["compare", "-metric", "RMSE", args.screenshot_out,
                                          args.screenshot_reference, "null:"], capture_output=True, text=True)
                    rmse = float(cmp.stderr.split("(")[-1].rstrip(")\n") or 1) if "(" in cmp.stderr else 1.0
                    check(rmse < 0.05, "screenshot within tolerance of %s (normalised RMSE %.4f)" %
                          (args.screenshot_reference, rmse))
        state = open_trace(page, base, "not-a-trace.dat")
        check(state == "error", "not-a-trace.dat: data-state=%s (%s)" %
              (state, page.evaluate("document.body.dataset.error")))
        state = open_trace(page, base, "damaged.dat")
        status = page.evaluate("document.body.dataset.status || document.body.dataset.error")
        check(state == "error" or (state == "ready" and status != "0"),
              "damaged.dat (%s cut to two thirds): data-state=%s, %s" % (traces[0].name, state, status))
    server.shutdown()
    shutil.rmtree(root, ignore_errors=True)
    print("browser: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
