#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""The browser module's speed and memory (Documentation/benchmarks.md, "The browser module"):
  load_bench.py --web build-wasm/web [--native build] [--runs 3] TRACE
In headless Chromium (cdp.py): from the bytes in the page to data-state="ready" (the page's
data-load-ms), the peak resident memory of all Chromium processes while it loads (sampled
every 20 ms from /proc), and the report's lines per second in the worker (200,000 lines in
blocks of 20,000, after one warm-up block). With --native: the same lines per second of
lib/trace_view natively (trace_view_report: whole report minus the index-only run).
"""
import argparse
import functools
import http.server
import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

READY = "['ready','error'].includes(document.body?.dataset.state) && document.body.dataset.state"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def tree_pss(root_pid):
    """Proportional set size of a process and its descendants: shared pages (the browser's
    libraries, shared memory between its processes) counted once, not once per process."""
    children = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/stat" % pid) as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(pid))
        except (OSError, IndexError, ValueError):
            pass
    total, todo = 0, [root_pid]
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            with open("/proc/%d/smaps_rollup" % pid) as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--web", required=True)
    ap.add_argument("--native")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("trace")
    args = ap.parse_args()
    root = tempfile.mkdtemp(prefix="tev-bench-")
    for f in os.listdir(args.web):
        if f.endswith((".mjs", ".js", ".html", ".css", ".wasm")):
            os.symlink(os.path.abspath(os.path.join(args.web, f)), os.path.join(root, f))
    os.symlink(os.path.abspath(args.trace), os.path.join(root, "trace.dat"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=root))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/index.html?trace=trace.dat" % server.server_address[1]
    size = os.path.getsize(args.trace)
    with cdp.Browser(timeout=300) as browser:
        page = browser.new_page()
        for run in range(args.runs):
            page.navigate("about:blank")
            time.sleep(1)
            before = tree_pss(browser.proc.pid)
            peak, done = [0], threading.Event()

            def sample():
                while not done.is_set():
                    peak[0] = max(peak[0], tree_pss(browser.proc.pid))
                    time.sleep(0.02)
            sampler = threading.Thread(target=sample)
            sampler.start()
            page.navigate(url)
            time.sleep(0.2)
            state = page.wait_for(READY, 300)
            done.set()
            sampler.join()
            info = page.evaluate("JSON.stringify(document.body.dataset)")
            print("run %d: %s, %.1f MB file: %s; peak memory (PSS) of chromium %.0f MB (%.0f MB before)" %
                  (run + 1, state, size / 1e6, info, peak[0] / 1e6, before / 1e6))
        per_s = page.evaluate("""(async () => {
            await tevViewer.lines(0, 20000);
            const t0 = performance.now(); let n = 0;
            for (let s = 20000; s < 220000; s += 20000) n += (await tevViewer.lines(s, 20000)).length;
            return n / ((performance.now() - t0) / 1000); })()""", 300)
        print("report in the worker: %.0f lines/s" % per_s)
        # The redraws browser_test.py times on a small trace, here on this one: from the
        # whole trace in view, zoomed in 10 times and panned.
        times = page.evaluate("""(() => {
            const v = tevViewer.viewport, out = [];
            v.reset(tevViewer.data.rows.ts); tevViewer.redraw(); tevViewer.redraw();
            for (let k = 0; k < 10; k++) {
              v.zoom(0.7, (v.start + v.end) / 2); tevViewer.redraw(); out.push(Number(document.body.dataset.drawMs));
              v.pan((v.end - v.start) / 10); tevViewer.redraw(); out.push(Number(document.body.dataset.drawMs));
            }
            return out; })()""")
        times.sort()
        print("zoom and pan redraws: median %.2f ms, max %.2f ms (of %d)" % (times[len(times) // 2], times[-1], len(times)))
    node_script = """
      import fs from 'node:fs';
      const { openTrace } = await import(process.argv[1] + '/traceevent.mjs');
      const wasmBinary = fs.readFileSync(process.argv[1] + '/traceevent_wasm.wasm');
      const trace = await openTrace(fs.readFileSync(process.argv[2]), { wasmBinary });
      let best = 0;
      for (let k = 0; k < 2; k++) {
        const t0 = performance.now();
        for (let s = 0; s < trace.count; s += 65536) trace.report(s, 65536);
        best = Math.max(best, trace.count / ((performance.now() - t0) / 1000));
      }
      console.log(Math.round(best));"""
    node = subprocess.run(["node", "--input-type=module", "-e", node_script, os.path.abspath(args.web),
                           os.path.abspath(args.trace)], capture_output=True, text=True)
    print("report() under node: %s lines/s" % node.stdout.strip() or node.stderr[-300:])
    if args.native:
        driver = os.path.join(args.native, "tests", "trace_view", "trace_view_report")
        best_full = best_index = None
        for _ in range(args.runs):
            t = time.monotonic()
            subprocess.run([driver, args.trace], stdout=subprocess.DEVNULL, check=True)
            full = time.monotonic() - t
            t = time.monotonic()
            subprocess.run([driver, "-F", "no_such_field_filter_matches_nothing", args.trace],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            index = time.monotonic() - t
            best_full = full if best_full is None else min(best_full, full)
            best_index = index if best_index is None else min(best_index, index)
        count = sum(1 for _ in subprocess.run([driver, args.trace], capture_output=True, check=True).stdout.splitlines()) - 1
        print("native lib/trace_view: %.0f lines/s (%d lines, %.2f s whole, %.2f s index only)" %
              (count / max(1e-9, best_full - best_index), count, best_full, best_index))
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
