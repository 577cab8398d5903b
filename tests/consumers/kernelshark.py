# SPDX-License-Identifier: LGPL-2.1
"""KernelShark itself (Debian's kernelshark 2.2) on committed traces, under Xvfb: its window
(1270x790, no window manager) captured once the picture stops changing, compared pixel for
pixel (the stream is the digest of the raw RGB screen; the PNGs of both sides are left in
the results dir, kernelshark-TRACE-SIDE.png, to look at). The root-privileges dialog is
turned off through the scratch cache dir (KS_USER_CACHE_DIR/setting.ini, noRootWarn).
Needs xvfb and imagemagick's `import`; skips without them."""
import hashlib
import os
import shutil
import signal
import subprocess
import time

from consumers import Case, Outcome

CONSUMER = "KernelShark"
TRACES = ["sched_irq.dat", "marker.dat", "timer.dat"]
SETTLE_TRIES = 40


def programs(ctx):
    return [shutil.which("kernelshark")]


def skip_reason(ctx):
    for tool in ("kernelshark", "Xvfb", "import"):
        if not shutil.which(tool):
            return "%s is not installed (apt-get install kernelshark xvfb imagemagick)" % tool
    return None


def start_xvfb(work):
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=work)
    os.close(write)
    with os.fdopen(read) as f:
        display = f.readline().strip()
    return xvfb, ":" + display


def screen(display, path):
    """The screen's raw pixels (and a PNG of it at path)."""
    env = dict(os.environ, DISPLAY=display)
    raw = subprocess.run(["import", "-window", "root", "-depth", "8", "rgb:-"], env=env, capture_output=True).stdout
    subprocess.run(["import", "-window", "root", path], env=env, capture_output=True)
    return raw


def run_kernelshark(ctx, side, work, trace):
    cache = os.path.join(work, "cache")
    os.makedirs(cache)
    with open(os.path.join(cache, "setting.ini"), "w") as f:
        f.write("[General]\nnoRootWarn=true\n")
    xvfb, display = start_xvfb(work)
    out = Outcome()
    try:
        env = side.env(work)
        env.update(DISPLAY=display, KS_USER_CACHE_DIR=cache)
        log = open(os.path.join(work, "kernelshark.log"), "wb")
        ks = subprocess.Popen(["kernelshark", "-geometry", "1270x790+0+0", trace], env=env, cwd=work,
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        png = os.path.join(work, "screen.png")
        previous, pixels = None, b""
        for _ in range(SETTLE_TRIES):  # loaded and drawn: two equal, non-black pictures in a row
            time.sleep(0.5)
            if ks.poll() is not None:
                break
            pixels = screen(display, png)
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
        if ctx.args.results and os.path.exists(png):
            os.makedirs(ctx.args.results, exist_ok=True)
            shutil.copy(png, os.path.join(ctx.args.results, "kernelshark-%s-%s.png"
                                          % (os.path.basename(trace)[:-4], side.name)))
    finally:
        xvfb.send_signal(signal.SIGTERM)
        xvfb.wait()
    return out


def cases(ctx):
    for name in TRACES:
        trace = os.path.join(ctx.data, "traces", name)
        if os.path.exists(trace):
            yield Case("window %s" % name, lambda side, work, t=trace: run_kernelshark(ctx, side, work, t))
