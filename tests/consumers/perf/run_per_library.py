# SPDX-License-Identifier: LGPL-2.1
"""Runs one consumer command once per libtraceevent and compares the runs byte for byte.

Minimal stand-in for the consumer suite's shared runner (branch `consumers`): Library, run(),
Comparison. Each run is its own process with exactly one library and one plugin dir:
  LD_LIBRARY_PATH=LIB TRACEEVENT_PLUGIN_DIR=PLUGINS HOME=<scratch> LC_ALL=C TZ=UTC argv...
A case is the same when stdout, stderr and the exit status are all identical.
"""
import dataclasses
import difflib
import os
import resource
import shutil
import subprocess
import tempfile

EXCERPT_LINES = 8
LINE_CLIP = 200


@dataclasses.dataclass
class Library:
    name: str         # "upstream", "ours": what messages call it
    lib_dir: str      # holds libtraceevent.so.1
    plugin_dir: str   # TRACEEVENT_PLUGIN_DIR for this library
    env: dict = dataclasses.field(default_factory=dict)   # more environment (LD_PRELOAD)


@dataclasses.dataclass
class Run:
    stdout: bytes
    stderr: bytes
    status: int       # exit status; negative: killed by that signal; None: timed out

    def same_as(self, other):
        return (self.stdout, self.stderr, self.status) == (other.stdout, other.stderr, other.status)


def _no_core():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run(lib, argv, cwd=None, timeout=300, env_extra=None):
    """Runs argv on `lib` in a fresh scratch HOME; returns a Run."""
    home = tempfile.mkdtemp(prefix="consumer-home-")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LC_ALL": "C", "TZ": "UTC",
           "LD_LIBRARY_PATH": lib.lib_dir, "TRACEEVENT_PLUGIN_DIR": lib.plugin_dir}
    env.update(lib.env)
    env.update(env_extra or {})
    try:
        p = subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=timeout, preexec_fn=_no_core)
        return Run(p.stdout, p.stderr, p.returncode)
    except subprocess.TimeoutExpired as e:
        return Run(e.stdout or b"", e.stderr or b"", None)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _excerpt(a, b, label_a, label_b):
    lines = difflib.unified_diff(a.decode(errors="replace").splitlines(),
                                 b.decode(errors="replace").splitlines(), label_a, label_b, n=1, lineterm="")
    out = [line[:LINE_CLIP] for _, line in zip(range(EXCERPT_LINES + 2), lines)]
    return "\n".join("      " + line for line in out)


def describe(ref_lib, ref, cand_lib, cand):
    """What differs between two runs, briefly."""
    parts = []
    if ref.status != cand.status:
        parts.append("    exit status: %s %s, %s %s" % (ref_lib.name, ref.status, cand_lib.name, cand.status))
    for stream in ("stdout", "stderr"):
        a, b = getattr(ref, stream), getattr(cand, stream)
        if a != b:
            parts.append("    %s differs (%d vs %d bytes):" % (stream, len(a), len(b)))
            parts.append(_excerpt(a, b, ref_lib.name, cand_lib.name))
    return "\n".join(parts)


class Comparison:
    """Counts cases and prints one line per case, details for the ones that differ."""

    def __init__(self, ref, cand, label):
        self.ref, self.cand, self.label = ref, cand, label
        self.same, self.different, self.skipped = [], [], []

    def case(self, name, argv, cwd=None, normalise=None, timeout=300):
        """Runs argv on both libraries; `normalise` (bytes -> bytes) is applied to both outputs."""
        ref = run(self.ref, argv, cwd, timeout)
        cand = run(self.cand, argv, cwd, timeout)
        if normalise:
            for r in (ref, cand):
                r.stdout, r.stderr = normalise(r.stdout), normalise(r.stderr)
        if ref.same_as(cand):
            self.same.append(name)
            print("same       %s (exit %s, %d bytes)" % (name, ref.status, len(ref.stdout) + len(ref.stderr)))
            return True
        self.different.append(name)
        print("DIFFERENT  %s\n%s" % (name, describe(self.ref, ref, self.cand, cand)))
        return False

    def skip(self, name, reason):
        self.skipped.append(name)
        print("skipped    %s: %s" % (name, reason))

    def summary(self):
        cases = len(self.same) + len(self.different)
        print("%s: %d cases, %d same, %d different, %d skipped (%s vs %s)"
              % (self.label, cases, len(self.same), len(self.different), len(self.skipped),
                 self.ref.name, self.cand.name))
        return 0 if not self.different else 1
