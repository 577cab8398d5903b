#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Renders the man page sources with one asciidoctor run (Ruby starts once for all pages).
  render.py ASCIIDOCTOR OUTDIR SOURCE_LABEL [-a NAME=VALUE]... PAGE.adoc...
asciidoctor names each page after the first function of its NAME section and writes
`.so NAME.3` stubs for the others; ours are named after the page (libtraceevent-handle.3,
.TH LIBTRACEEVENT-HANDLE) and meson installs a symlink per function instead (Debian
policy prefers symlinks to .so stubs). Any asciidoctor warning fails the build."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

TITLE = re.compile(r'^\.\\"\s+Title: (\S+)$', re.M)
TH = re.compile(r'^\.TH "[^"]*"', re.M)


def main():
    asciidoctor, outdir, source_label, *rest = sys.argv[1:]
    attributes = []
    while len(rest) > 1 and rest[0] == "-a":
        attributes += ["--attribute", rest[1]]
        rest = rest[2:]
    pages = rest
    staging = tempfile.mkdtemp(prefix="man-render.", dir=outdir)
    try:
        run = subprocess.run([asciidoctor, "--backend", "manpage", "--doctype", "manpage",
                              "--failure-level", "WARN", "--safe-mode", "safe",
                              "--attribute", "mansource=" + source_label,
                              "--attribute", "manmanual=libtraceevent Manual",
                              "--attribute", "tabsize=8",
                              "--destination-dir", staging] + attributes + pages)
        if run.returncode:
            print("render.py: asciidoctor failed (its messages above name the page)", file=sys.stderr)
            return 1
        wanted = {os.path.splitext(os.path.basename(p))[0] for p in pages}
        rendered = set()
        for out in os.listdir(staging):
            with open(os.path.join(staging, out), encoding="utf-8") as f:
                text = f.read()
            if text.startswith(".so "):
                continue  # asciidoctor's alias stub: we install symlinks
            title = TITLE.search(text)
            if not title or title.group(1) not in wanted:
                print("render.py: %s: unexpected page title %r" % (out, title and title.group(1)),
                      file=sys.stderr)
                return 1
            name = title.group(1)
            text = TH.sub('.TH "%s"' % name.upper().replace("-", "\\-"), text, count=1)
            with open(os.path.join(outdir, name + ".3"), "w", encoding="utf-8") as f:
                f.write(text)
            rendered.add(name)
        for name in sorted(wanted - rendered):
            print("render.py: %s.adoc produced no page" % name, file=sys.stderr)
        return 0 if rendered == wanted else 1
    finally:
        shutil.rmtree(staging, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
