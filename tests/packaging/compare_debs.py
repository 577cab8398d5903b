#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Our .debs against Debian's packages of the same names: file lists, control fields, SONAME,
shlibs and symbols, version order. References: the installed Debian packages (dpkg -L, the
1.7.1 of Debian 12) and forky's 1.9.0 debs (fetched once with tests/oracle/fetch-oracle.sh
KEEP_DEBS=..., cached in --cache; skipped with a message when the mirror cannot be reached).
  compare_debs.py --debs DIR --version V --cache DIR PACKAGE...
Allowed differences (reported, not failures), each because ours differs on purpose:
  - the library's file name carries its version (libtraceevent.so.1.7.1 / 1.9.0): compared
    with the version replaced by VERSION;
  - Debian's libtraceevent-doc has HTML pages (built with asciidoc), and its man pages are
    Debian's; ours has the man pages `meson install` puts in man3 (the names are compared and
    the difference listed);
  - the lintian override of the plugin package (plugins do not link the library that loads
    them): forky's and ours ship it, Debian 12's does not;
  - Depends: ours adds the C++ runtime (libstdc++6, libgcc-s1) that dpkg-shlibdeps finds;
  - libtraceevent-dev also ships our typed-events headers (event-typed.h, event-typed.hpp),
    new API in new headers beside upstream's four;
  - plugin_net.so, upstream's thirteenth plugin since 1.9.0: Debian 12's 1.7.1 lacks it
    (forky's 1.9.0 list, compared too, has it).
Exit 1 on any other difference."""
import argparse
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIELDS = ["Architecture", "Multi-Arch", "Section", "Priority", "Source"]
VERSIONED = re.compile(r"libtraceevent\.so\.1\.\d+\.\d+")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def normalize(path):
    path = path.lstrip(".")
    return VERSIONED.sub("libtraceevent.so.1.VERSION", path)


def deb_files(deb):
    """Normalized paths (symlinks as 'path -> target') of a .deb, directories left out."""
    out = run(["dpkg-deb", "-c", deb], check=True).stdout
    files = set()
    for line in out.splitlines():
        perms, rest = line[0], line.split(None, 5)[5]
        if perms == "d":
            continue
        if perms == "l":
            path, target = rest.split(" -> ")
            files.add("%s -> %s" % (normalize(path), normalize(target)))
        else:
            files.add(normalize(rest))
    return files


def installed_files(pkg):
    """Files of an installed package (dpkg -L), in deb_files' form, or None."""
    if run(["dpkg-query", "-W", "-f", "${Status}", pkg]).stdout != "install ok installed":
        return None
    files = set()
    for path in run(["dpkg-query", "-L", pkg], check=True).stdout.splitlines():
        if os.path.isdir(path) and not os.path.islink(path):
            continue
        if os.path.islink(path):
            files.add("%s -> %s" % (normalize(path), normalize(os.readlink(path))))
        else:
            files.add(normalize(path))
    return files


def allowed(path):
    """A difference from Debian's list that is ours on purpose (see the module doc)."""
    return (path.startswith("/usr/share/lintian/overrides/")
            or re.match(r"/usr/share/doc/libtraceevent-doc/.*\.html$", path)
            or path.startswith("/usr/share/man/man3/")
            or re.match(r"/usr/include/traceevent/event-typed\.h(pp)?$", path)
            or re.match(r"/usr/lib/[^/]+/traceevent/plugins/plugin_net\.so$", path))


def control(deb, name):
    """A control member (shlibs, symbols) of a .deb, or ''."""
    out = subprocess.run(["dpkg-deb", "--ctrl-tarfile", deb], check=True, capture_output=True).stdout
    listing = subprocess.run(["tar", "-xO", "./" + name], input=out, capture_output=True)
    return listing.stdout.decode() if listing.returncode == 0 else ""


def depends_names(value):
    return {re.split(r"[\s(:]", d.strip())[0] for d in value.split(",") if d.strip()}


def compare_lists(pkg, ours, theirs, what):
    """Prints the differences (allowed ones counted by kind); True if all are allowed."""
    ok = True
    allowed_counts = {}
    for side, paths in (("ours", sorted(ours - theirs)), (what, sorted(theirs - ours))):
        for p in paths:
            path = p.split(" -> ")[0]
            if allowed(path):
                kind = ("man pages" if "/man3/" in path else "HTML pages" if path.endswith(".html")
                        else os.path.basename(os.path.dirname(path)) + "/" + os.path.basename(path))
                allowed_counts.setdefault((side, kind), []).append(os.path.basename(path))
            else:
                print("  %s: only %s: %s" % (pkg, side, p))
                ok = False
    for (side, kind), names in sorted(allowed_counts.items()):
        print("  %s: only %s: %d %s (allowed), e.g. %s" % (pkg, side, len(names), kind,
                                                           ", ".join(names[:3])))
    if ok:
        print("  %s: file list matches %s (%d entries)" % (pkg, what, len(ours)))
    return ok


def debian_debs(cache):
    """{package: path} of Debian's 1.9.0 debs (forky's), fetched into the cache once."""
    debs_dir = os.path.join(cache, "forky-1.9.0")
    if len(glob.glob(os.path.join(debs_dir, "*.deb"))) < 4:
        env = dict(os.environ, KEEP_DEBS=debs_dir, ORACLE_VERSION="1.9.0")
        fetch = run([os.path.join(HERE, "..", "oracle", "fetch-oracle.sh"),
                     os.path.join(cache, "oracle-1.9.0")], env=env)
        if fetch.returncode:
            print("  forky's debs not reachable (fetch-oracle.sh: %s): that comparison skipped"
                  % fetch.stderr.strip()[-200:])
            return {}
    return {os.path.basename(p).split("_")[0]: p for p in glob.glob(os.path.join(debs_dir, "*.deb"))}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--debs", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--cache", required=True)
    p.add_argument("packages", nargs="+")
    args = p.parse_args()
    ok = True
    ours = {}
    for pkg in args.packages:
        found = glob.glob(os.path.join(args.debs, "%s_%s_*.deb" % (pkg, args.version.split(":")[-1])))
        if len(found) != 1:
            print("FAIL: no %s deb of version %s in %s" % (pkg, args.version, args.debs))
            return 1
        ours[pkg] = found[0]
    debian = debian_debs(args.cache)

    for pkg, deb in ours.items():
        files = deb_files(deb)
        fields = {k: run(["dpkg-deb", "-f", deb, k]).stdout.strip() for k in FIELDS + ["Version", "Depends"]}
        print("%s %s (%s, Multi-Arch: %s): %d files" % (pkg, fields["Version"], fields["Architecture"],
                                                       fields["Multi-Arch"] or "-", len(files)))
        if fields["Version"] != args.version:
            print("FAIL: %s version %s, not %s" % (pkg, fields["Version"], args.version))
            ok = False
        installed = run(["dpkg-query", "-W", "-f", "${Version}", pkg]).stdout.strip()
        if installed:
            newer = run(["dpkg", "--compare-versions", args.version, "gt", installed]).returncode == 0
            print("  installed Debian %s: ours sorts %s it" % (installed, "above" if newer else "NOT above"))
            ok &= newer
        listed = installed_files(pkg)
        if listed is not None:
            ok &= compare_lists(pkg, files, listed, "Debian %s (dpkg -L)" % installed)
        if pkg in debian:
            theirs = debian[pkg]
            tver = run(["dpkg-deb", "-f", theirs, "Version"]).stdout.strip()
            ok &= compare_lists(pkg, files, deb_files(theirs), "forky %s" % tver)
            for k in FIELDS:
                tv = run(["dpkg-deb", "-f", theirs, k]).stdout.strip()
                if tv != fields[k]:
                    print("FAIL: %s %s is %r, forky's %r" % (pkg, k, fields[k], tv))
                    ok = False
            extra = depends_names(fields["Depends"]) - depends_names(
                run(["dpkg-deb", "-f", theirs, "Depends"]).stdout)
            if extra - {"libstdc++6", "libgcc-s1"}:
                print("FAIL: %s depends on more than forky's: %s" % (pkg, ", ".join(sorted(extra))))
                ok = False
            elif extra:
                print("  %s: Depends adds %s (the C++ runtime)" % (pkg, ", ".join(sorted(extra))))
            if pkg == "libtraceevent1":
                ok &= compare_shlibs(deb, theirs)
        if pkg in ("libtraceevent1-plugin", "libtraceevent-dev") and \
                "libtraceevent1 (= %s)" % args.version not in fields["Depends"]:
            print("FAIL: %s does not depend on libtraceevent1 (= %s): %s" % (pkg, args.version, fields["Depends"]))
            ok = False
    ok &= check_soname(ours["libtraceevent1"], args.debs)
    return 0 if ok else 1


def compare_shlibs(ours, theirs):
    ok = True
    mine, their = control(ours, "shlibs").strip(), control(theirs, "shlibs").strip()
    print("  shlibs: %s" % mine.replace("\n", " | "))
    if mine != their:
        print("FAIL: shlibs differ from forky's: %r" % their)
        ok = False
    syms = lambda text: {l.split()[0] for l in text.splitlines() if l.startswith(" ")}
    mine, their = syms(control(ours, "symbols")), syms(control(theirs, "symbols"))
    if their - mine:
        print("FAIL: symbols file lacks forky's %s" % " ".join(sorted(their - mine)))
        ok = False
    else:
        print("  symbols file: forky's %d symbols%s" % (len(their), "" if mine == their else
              ", and %d more of ours: %s" % (len(mine - their), " ".join(sorted(mine - their)))))
    return ok


def check_soname(deb, work):
    root = os.path.join(work, "unpacked-libtraceevent1")
    run(["dpkg-deb", "-x", deb, root], check=True)
    lib = glob.glob(os.path.join(root, "usr/lib/*/libtraceevent.so.1.*"))
    out = run(["readelf", "-d", lib[0]]).stdout if lib else ""
    m = re.search(r"\(SONAME\).*\[(.*)\]", out)
    print("  SONAME: %s" % (m.group(1) if m else None))
    return bool(m) and m.group(1) == "libtraceevent.so.1"


if __name__ == "__main__":
    sys.exit(main())
