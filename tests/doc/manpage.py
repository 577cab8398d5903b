#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Reads a man page source of Documentation/man (asciidoc): its title, NAME names and
purpose, sections, listing blocks, and the EXAMPLE program with its arguments and output.
  manpage.py example PAGE.adoc OUT.c    writes the EXAMPLE program (for the doc suite)

In a page, the EXAMPLE section holds one `[source,c]` listing (a whole program), optionally
a `.Output` listing (what it prints on stdout, compared by the doc suite) and comment lines:
  // example-args: ARG...          arguments, paths relative to the source tree
  // example-upstream-differs: WHY  upstream 1.9.0 prints something else (not compared)"""
import re
import sys

TITLE = re.compile(r"^= (\S+)\((\d)\)$")
SECTION = re.compile(r"^== (.+)$")


class PageError(Exception):
    pass


class Listing:
    def __init__(self, style, title, lines, line_no):
        self.style, self.title, self.lines, self.line_no = style, title, lines, line_no

    @property
    def text(self):
        return "".join(line + "\n" for line in self.lines)


class Section:
    def __init__(self, title, line_no):
        self.title, self.line_no = title, line_no
        self.lines = []        # prose, listings excluded
        self.listings = []
        self.comments = []     # `// ...` lines

    @property
    def prose(self):
        return "\n".join(self.lines)


class Page:
    """One parsed source. Raises PageError with "FILE:LINE: what" on malformed input."""

    def __init__(self, path):
        self.path = path
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        m = TITLE.match(lines[0]) if lines else None
        if not m:
            raise PageError("%s:1: first line must be '= NAME(3)'" % path)
        self.title, self.volume = m.group(1), m.group(2)
        self.sections = []
        style = block_title = None
        i = 1
        while i < len(lines):
            line = lines[i]
            m = SECTION.match(line)
            if m:
                self.sections.append(Section(m.group(1), i + 1))
                style = block_title = None
            elif not self.sections:
                if line and not line.startswith(":"):
                    raise PageError("%s:%d: text before the first section" % (path, i + 1))
            elif line == "----":
                start = i + 1
                i += 1
                while i < len(lines) and lines[i] != "----":
                    i += 1
                if i == len(lines):
                    raise PageError("%s:%d: listing block not closed" % (path, start))
                self.sections[-1].listings.append(Listing(style, block_title, lines[start:i], start))
                style = block_title = None
            elif line.startswith("[") and line.endswith("]"):
                style = line[1:-1]
            elif re.match(r"^\.[A-Za-z]", line):
                block_title = line[1:]
            elif line.startswith("//"):
                self.sections[-1].comments.append(line[2:].strip())
            else:
                self.sections[-1].lines.append(line)
            i += 1
        name = self.section("NAME")
        text = " ".join(l.strip() for l in name.lines if l.strip()) if name else ""
        if " - " not in text:
            raise PageError("%s: NAME section must be 'name, name... - purpose'" % path)
        names, self.purpose = text.split(" - ", 1)
        self.names = [n.strip() for n in names.split(",")]

    def section(self, title):
        for s in self.sections:
            if s.title == title:
                return s
        return None

    def example(self):
        """(program listing, [args], expected stdout or None, upstream-differs reason or None)."""
        s = self.section("EXAMPLE")
        if not s:
            raise PageError("%s: no EXAMPLE section" % self.path)
        programs = [l for l in s.listings if l.style == "source,c"]
        if len(programs) != 1:
            raise PageError("%s:%d: EXAMPLE needs exactly one [source,c] listing" % (self.path, s.line_no))
        outputs = [l for l in s.listings if l.title == "Output"]
        args, differs = [], None
        for c in s.comments:
            if c.startswith("example-args:"):
                args = c.split(":", 1)[1].split()
            elif c.startswith("example-upstream-differs:"):
                differs = c.split(":", 1)[1].strip()
        return programs[0], args, outputs[0].text if outputs else None, differs


def main():
    if len(sys.argv) != 4 or sys.argv[1] != "example":
        print(__doc__, file=sys.stderr)
        return 2
    try:
        program = Page(sys.argv[2]).example()[0]
    except PageError as e:
        print(e, file=sys.stderr)
        return 1
    with open(sys.argv[3], "w", encoding="utf-8") as f:
        # Compiler messages point into the page source.
        f.write('#line %d "%s"\n' % (program.line_no + 1, sys.argv[2]))
        f.write(program.text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
