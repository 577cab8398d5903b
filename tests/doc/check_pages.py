#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""The man pages of Documentation/man, checked as a distribution ships them.
  check_pages.py sources --root SRCDIR --pages PAGE...
      every Documentation/man/*.adoc is listed in its meson.build; each has the title of its
      file, the sections of a library man page in order, a SYNOPSIS whose declarations are
      those of include/traceevent/*.h, a DESCRIPTION naming each of its functions, an
      EXAMPLE, no word about the library's internals; the index page lists every page;
      every name exported in abi/*.txt
      (all lists: future ones included) is in the NAME section of exactly one page.
  check_pages.py render --root SRCDIR --built DIR --version V --pages PAGE...
      each built DIR/PAGE.3 has a .TH line (name upper case, section 3, a date, source
      "libtraceevent V", manual "libtraceevent Manual"), renders at 80 columns without a
      groff warning (lintian's command) and gives lexgrog a whatis line per name.
  check_pages.py install --root SRCDIR --meson MESON --build DIR --mandir MANDIR --pages PAGE...
      `meson install --tags man` into a scratch DESTDIR: man3/ holds the pages and one
      relative symlink per name, and `man -M` finds every exported name, page and link."""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from manpage import Page, PageError  # noqa: E402

INDEX_PAGE = "libtraceevent"
# In this order; NAME, SYNOPSIS, DESCRIPTION, EXAMPLE and SEE ALSO always, RETURN VALUE and
# ERRORS on every page but the index.
SECTION_ORDER = ["NAME", "LIBRARY", "SYNOPSIS", "DESCRIPTION", "RETURN VALUE", "ERRORS",
                 "ENVIRONMENT", "FILES", "NOTES", "BUGS", "EXAMPLE", "SEE ALSO"]
REQUIRED = {"NAME", "LIBRARY", "SYNOPSIS", "DESCRIPTION", "RETURN VALUE", "ERRORS", "EXAMPLE",
            "SEE ALSO"}
INDEX_REQUIRED = REQUIRED - {"RETURN VALUE", "ERRORS"}
# Words about how the library is built inside, which a user's page has no use for.
INTERNALS = re.compile(r"(?<![\w./$])(?:lib|compat)/|\w::\w|\bC\+\+|\bplans?\b|\bcach(?:e|es|ed|ing)\b|"
                       r"\bvtable\b|\bstd\b|\bnamespace\b", re.I)
NO_PROTOTYPE = "not declared in any header"


def abi_names(root):
    """name -> list file, over every abi/*.txt."""
    names = {}
    for path in sorted(glob.glob(os.path.join(root, "abi", "*.txt"))):
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#"):
                names.setdefault(line, os.path.relpath(path, root))
    return names


def verdict(problems, summary):
    """Prints each problem, or the summary when there is none; the exit status."""
    print("\n".join("FAIL: " + p for p in problems) if problems else summary)
    return 1 if problems else 0


def normalize(decl):
    decl = re.sub(r"\s+", " ", decl).strip()
    decl = re.sub(r"\s*([*(),\[\]])\s*", r"\1", decl)
    decl = re.sub(r"^(?:extern |static inline )", "", decl)
    return re.sub(r"__attribute__ ?\(\(.*\)\)$", "", decl).strip()


def header_declarations(root):
    decls = set()
    for path in glob.glob(os.path.join(root, "include", "traceevent", "*.h")):
        text = open(path, encoding="utf-8").read()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"^\s*#.*?(?<!\\)$", " ", text, flags=re.M | re.S)
        text = re.sub(r"__deprecated\([^)]*\)", " ", text)
        for part in re.split(r"[;{}]", text):
            if part.strip():
                decls.add(normalize(part))
    return decls


def synopsis_declarations(listing_text):
    """[(declaration, exempt)] of a SYNOPSIS listing, struct and enum bodies left out; a
    declaration after a comment saying NO_PROTOTYPE is one the headers lack (upstream exports
    it without a prototype)."""
    text = "\n".join(l for l in listing_text.split("\n") if not l.startswith("#"))
    text = re.sub(r"/\*.*?\*/", lambda m: " @EXEMPT@ " if NO_PROTOTYPE in m.group(0) else " ",
                  text, flags=re.S)
    while re.search(r"\{[^{}]*\}", text):
        text = re.sub(r"\{[^{}]*\}", " ", text)
    out = []
    for chunk in text.split(";"):
        if chunk.strip():
            out.append((chunk.replace("@EXEMPT@", "").strip(), "@EXEMPT@" in chunk))
    return out


def declared_name(decl):
    """The function (or typedef) a declaration declares."""
    m = re.search(r"\(\s*\*?\s*(\w+)\s*\)\s*\(", decl) if decl.startswith("typedef") else None
    if m:
        return m.group(1)
    m = re.search(r"(\w+)\s*\(", decl)
    return m.group(1) if m else None


def check_sources(args):
    problems = []
    man_dir = os.path.join(args.root, "Documentation", "man")
    on_disk = {os.path.basename(p)[:-5] for p in glob.glob(os.path.join(man_dir, "*.adoc"))}
    for name in sorted(on_disk - set(args.pages)):
        problems.append("Documentation/man/%s.adoc is not listed in Documentation/man/meson.build"
                        % name)
    headers = header_declarations(args.root)
    owner = {}
    for page_name in args.pages:
        rel = "Documentation/man/%s.adoc" % page_name
        try:
            page = Page(os.path.join(args.root, rel))
            page.example()
        except (OSError, PageError) as e:
            problems.append(str(e).replace(args.root + "/", ""))
            continue
        if page.title != page_name or page.volume != "3":
            problems.append("%s: title is %s(%s), not %s(3)" % (rel, page.title, page.volume, page_name))
        titles = [s.title for s in page.sections]
        required = INDEX_REQUIRED if page_name == INDEX_PAGE else REQUIRED
        for t in titles:
            if t not in SECTION_ORDER:
                problems.append("%s: unknown section %r (known: %s)" % (rel, t, ", ".join(SECTION_ORDER)))
        for t in sorted(required - set(titles)):
            problems.append("%s: no %s section" % (rel, t))
        known = [t for t in titles if t in SECTION_ORDER]
        if known != sorted(known, key=SECTION_ORDER.index) or len(set(known)) != len(known):
            problems.append("%s: sections out of order or repeated: %s" % (rel, ", ".join(titles)))
        for n in page.names:
            if n in owner:
                problems.append("%s: %s is already in the NAME section of %s" % (rel, n, owner[n]))
            owner[n] = rel
        for s in page.sections:
            for i, line in enumerate(s.lines):
                m = INTERNALS.search(line)
                if m:
                    problems.append("%s: section %s: internal detail %r in: %s"
                                    % (rel, s.title, m.group(0), line.strip()))
        synopsis = page.section("SYNOPSIS")
        listings = synopsis.listings if synopsis else []
        if synopsis and (len(listings) != 1 or "#include <" not in listings[0].text):
            problems.append("%s: SYNOPSIS needs one listing with the #include lines" % rel)
        declared = set()
        for l in listings[:1]:
            for decl, exempt in synopsis_declarations(l.text):
                declared.add(declared_name(decl))
                if not exempt and normalize(decl) not in headers:
                    problems.append("%s: SYNOPSIS declaration not in include/traceevent/*.h: %s"
                                    % (rel, " ".join(decl.split())))
        description = page.section("DESCRIPTION")
        prose = description.prose if description else ""
        if page_name == INDEX_PAGE:
            for other in args.pages:
                if other != INDEX_PAGE and "*%s*(3)" % other not in prose:
                    problems.append("%s: DESCRIPTION does not list %s(3)" % (rel, other))
        for n in page.names:
            if page_name == INDEX_PAGE:
                continue
            if n not in declared:
                problems.append("%s: %s is in NAME but not declared in SYNOPSIS" % (rel, n))
            if not re.search(r"\b%s\b" % re.escape(n), prose):
                problems.append("%s: DESCRIPTION does not mention %s" % (rel, n))
    exported = abi_names(args.root)
    for n, listed in sorted(exported.items()):
        if n not in owner:
            problems.append("%s: %s has no man page (no NAME section lists it)" % (listed, n))
    return verdict(problems, "%d page sources OK; %d exported names (abi/*.txt) all documented, "
                   "%d names in all" % (len(args.pages), len(exported), len(owner)))


def man_env():
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "TMPDIR")}
    env.update(LC_ALL="C.UTF-8", MANWIDTH="80", MANROFFSEQ="", MAN_DISABLE_SECCOMP="1")
    return env


def check_render(args):
    problems = []
    th = re.compile(r'^\.TH "([^"]*)" "(\d)" "([^"]*)" "([^"]*)" "([^"]*)"$', re.M)
    for page_name in args.pages:
        path = os.path.join(args.built, page_name + ".3")
        rel = page_name + ".3"
        if not os.path.isfile(path):
            problems.append("%s was not built (%s)" % (rel, path))
            continue
        m = th.search(open(path, encoding="utf-8").read())
        want = (page_name.upper().replace("-", "\\-"), "3", None,
                "libtraceevent " + args.version, "libtraceevent Manual")
        if not m:
            problems.append("%s: no .TH line" % rel)
        else:
            for got, expected, what in zip(m.groups(), want, ("name", "section", "date", "source", "manual")):
                if expected is None and not re.match(r"^\d{4}-\d\d-\d\d$", got):
                    problems.append("%s: .TH date %r is not YYYY-MM-DD" % (rel, got))
                elif expected is not None and got != expected:
                    problems.append("%s: .TH %s is %r, not %r" % (rel, what, got, expected))
        run = subprocess.run(["man", "--warnings=all", "-E", "UTF-8", "-l", "-Tutf8", "-Z", path],
                             env=man_env(), capture_output=True, text=True)
        if run.returncode or run.stderr.strip():
            problems.append("%s: man --warnings=all (MANWIDTH=80) says: %s"
                            % (rel, run.stderr.strip() or "exit %d" % run.returncode))
        run = subprocess.run(["lexgrog", path], env=man_env(), capture_output=True, text=True)
        names = Page(os.path.join(args.root, "Documentation", "man", page_name + ".adoc")).names
        whatis = set(re.findall(r'^[^:]+: "(\S+) - .+"$', run.stdout, re.M))
        if run.returncode or whatis != set(names):
            problems.append("%s: lexgrog gives whatis names %s, not %s (exit %d %s)"
                            % (rel, sorted(whatis), sorted(names), run.returncode, run.stderr.strip()))
    return verdict(problems, "%d pages render without warnings, with .TH and whatis lines"
                   % len(args.pages))


def check_install(args):
    problems = []
    stage = tempfile.mkdtemp(prefix="tep-man-install.")
    try:
        run = subprocess.run(args.meson.split() + ["install", "-C", args.build, "--no-rebuild",
                                                   "--tags", "man", "--destdir", stage],
                             capture_output=True, text=True)
        if run.returncode:
            print(run.stdout[-3000:], run.stderr[-3000:])
            print("FAIL: meson install --tags man exited %d" % run.returncode)
            return 1
        manpath = os.path.join(stage, args.mandir.lstrip("/"))
        man3 = os.path.join(manpath, "man3")
        if not os.path.isdir(man3):
            print("FAIL: nothing installed in %s" % man3)
            return 1
        for entry in sorted(os.listdir(manpath)):
            if entry != "man3":
                problems.append("unexpected %s/%s next to man3/" % (args.mandir, entry))
        pages = set(args.pages)
        names = {}
        for page_name in args.pages:
            for n in Page(os.path.join(args.root, "Documentation", "man", page_name + ".adoc")).names:
                names[n] = page_name
        for entry in sorted(os.listdir(man3)):
            path = os.path.join(man3, entry)
            base = entry[:-2] if entry.endswith(".3") else None
            if os.path.islink(path):
                target = os.readlink(path)
                if base not in names or target != names[base] + ".3":
                    problems.append("man3/%s -> %s: not a link from a NAME entry to its page" % (entry, target))
                elif not os.path.isfile(path):
                    problems.append("man3/%s -> %s is dangling" % (entry, target))
            elif base not in pages:
                problems.append("man3/%s: not a page of Documentation/man" % entry)
            elif open(path, encoding="utf-8").read(4) == ".so ":
                problems.append("man3/%s is a .so stub" % entry)
        wanted = set(abi_names(args.root)) | set(names) | pages
        for n in sorted(wanted):
            run = subprocess.run(["man", "-M", manpath, "-w", "3", n], env=man_env(),
                                 capture_output=True, text=True)
            found = run.stdout.strip()
            want = os.path.join(man3, (names.get(n) or n) + ".3")
            if run.returncode or not found or os.path.realpath(found) != os.path.realpath(want):
                problems.append("man -M %s 3 %s: %s" % (args.mandir, n, found or run.stderr.strip()
                                                         or "exit %d" % run.returncode))
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return verdict(problems, "installed %d pages and %d links; man 3 NAME finds all %d names"
                   % (len(pages), len(names) - len(pages & set(names)), len(wanted)))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=["sources", "render", "install"])
    p.add_argument("--root", required=True)
    p.add_argument("--pages", nargs="+", required=True)
    p.add_argument("--built")
    p.add_argument("--version")
    p.add_argument("--meson")
    p.add_argument("--build")
    p.add_argument("--mandir")
    args = p.parse_args()
    args.root = os.path.abspath(args.root)
    return {"sources": check_sources, "render": check_render, "install": check_install}[args.what](args)


if __name__ == "__main__":
    sys.exit(main())
