#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""`meson install` into a staging DESTDIR puts a drop-in libtraceevent in place: the library
(libtraceevent.so.1 and the libtraceevent.so link), the four public headers under
include/traceevent/, libtraceevent.pc (Name libtraceevent, Version 1.9.0,
Cflags -I${includedir}/traceevent) and the twelve plugins in the plugin directory.
  check_install.py --meson MESON --build BUILDDIR --prefix P --libdir L --includedir I --plugindir D"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HEADERS = ["event-parse.h", "event-utils.h", "kbuffer.h", "trace-seq.h"]
PLUGINS = ["cfg80211", "function", "futex", "hrtimer", "jbd2", "kmem", "kvm", "mac80211", "net",
           "sched_switch", "scsi", "tlb", "xen"]


def under(stage, path):
    return os.path.join(stage, path.lstrip("/"))


def pc_fields(path):
    fields, variables = {}, {}
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if ":" in line and (line.find(":") < line.find("=") or "=" not in line):
            key, value = line.split(":", 1)
            fields[key.strip()] = value.strip()
        elif "=" in line:
            key, value = line.split("=", 1)
            variables[key.strip()] = value.strip()
    return fields, variables


def main():
    p = argparse.ArgumentParser()
    for opt in ("--meson", "--build", "--prefix", "--libdir", "--includedir", "--plugindir"):
        p.add_argument(opt, required=True)
    args = p.parse_args()
    libdir = os.path.join(args.prefix, args.libdir)
    includedir = os.path.join(args.prefix, args.includedir)
    plugindir = os.path.join(args.prefix, args.plugindir)
    stage = tempfile.mkdtemp(prefix="tep-install.")
    problems = []
    try:
        run = subprocess.run(args.meson.split() + ["install", "-C", args.build, "--no-rebuild",
                                                   "--destdir", stage],
                             capture_output=True, text=True)
        if run.returncode:
            print(run.stdout[-3000:], run.stderr[-3000:])
            print("FAIL: meson install exited %d" % run.returncode)
            return 1
        lib = under(stage, os.path.join(libdir, "libtraceevent.so.1"))
        if not os.path.exists(lib):
            problems.append("no %s" % lib)
        link = under(stage, os.path.join(libdir, "libtraceevent.so"))
        if not os.path.islink(link) or not os.path.exists(link):
            problems.append("no libtraceevent.so link to the library")
        for h in HEADERS:
            if not os.path.isfile(under(stage, os.path.join(includedir, "traceevent", h))):
                problems.append("header %s not installed under include/traceevent/" % h)
        pc = under(stage, os.path.join(libdir, "pkgconfig", "libtraceevent.pc"))
        if not os.path.isfile(pc):
            problems.append("no pkgconfig/libtraceevent.pc")
        else:
            fields, variables = pc_fields(pc)
            if fields.get("Name") != "libtraceevent":
                problems.append("pc Name is %r" % fields.get("Name"))
            if fields.get("Version") != "1.9.0":
                problems.append("pc Version is %r" % fields.get("Version"))
            if "-I${includedir}/traceevent" not in fields.get("Cflags", "").split():
                problems.append("pc Cflags %r lacks -I${includedir}/traceevent" % fields.get("Cflags"))
            if "-ltraceevent" not in fields.get("Libs", "").split():
                problems.append("pc Libs %r lacks -ltraceevent" % fields.get("Libs"))
            # What a consumer's build gets, resolved by pkg-config itself.
            if shutil.which("pkg-config"):
                env = dict(os.environ, PKG_CONFIG_PATH=os.path.dirname(pc), PKG_CONFIG_LIBDIR="")
                cflags = subprocess.run(["pkg-config", "--cflags", "libtraceevent"], env=env,
                                        capture_output=True, text=True).stdout.split()
                want = "-I" + os.path.join(includedir, "traceevent")
                if want not in cflags:
                    problems.append("pkg-config --cflags gives %r, not %s" % (" ".join(cflags), want))
        for name in PLUGINS:
            if not os.path.isfile(under(stage, os.path.join(plugindir, "plugin_%s.so" % name))):
                problems.append("plugin_%s.so not installed in %s" % (name, plugindir))
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    for problem in problems:
        print("FAIL: " + problem)
    if not problems:
        print("install layout OK (library, link, %d headers, libtraceevent.pc, %d plugins)"
              % (len(HEADERS), len(PLUGINS)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
