#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""ABI diffs with libabigail (abidiff reads the types from DWARF).

  upstream        upstream 1.9.0's interface against our library. Upstream's binaries carry no
                  debug info, so its interface is an ABI stub (tests/abi/stub_gen.py) built with
                  -g from upstream's installed headers. Three checks:
                   1. abidiff stub vs our library (--headers-dir: public types only): every
                      function of abi/symbols.txt keeps its signature and every type they reach
                      its layout; symbols only ours export are additions, listed, not failures;
                   2. abidiff --non-reachable-types between that stub and the same stub built
                      from our headers: every public type, also those no function reaches;
                   3. ELF binding and kind of each listed symbol, ours against upstream's real
                      library (abidiff does not report weak becoming global).
  baseline        abi/libtraceevent.<arch>.abi (abidw of our own library) against the built
                  library: any change fails, additions included, until the baseline is
                  refreshed (`ninja -C BUILD abi-baseline`) and the change reviewed in git.
  write-baseline  writes that baseline.
  selftest        bad input: the checks above must fail, naming what changed, on a stub built
                  from upstream's headers with a function's return type, a struct member, an
                  enum value and a weak binding changed.

Exit 77 (skip, with a message) when abidiff/abidw is not installed, no oracle is configured,
no baseline exists for this architecture, or the library has no debug info."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from check_symbols import dynamic_symbols

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77
# abidw options of the baseline: only what is exported and public, no paths or line numbers
# (they change with every edit and checkout), ids from type hashes (stable across rebuilds).
ABIDW_OPTIONS = ["--exported-interfaces-only", "--drop-private-types", "--no-show-locs",
                 "--no-corpus-path", "--no-comp-dir-path", "--no-elf-needed",
                 "--no-parameter-names", "--type-id-style", "hash"]
SUMMARY = re.compile(r"^(Functions|Variables|Function symbols|Variable symbols|Unreachable types)"
                     r" (?:changes )?summary: (.*)$", re.M)
COUNT = re.compile(r"(\d+) (Removed|Changed|Added|removed|changed|added)")


def names(path):
    with open(path, encoding="utf-8") as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def has_debug_info(lib):
    out = subprocess.run(["readelf", "-S", "-W", lib], capture_output=True, text=True).stdout
    return ".debug_info" in out


# nm's letters for defined dynamic symbols, as (ELF binding, kind).
NM_LETTERS = {"T": ("GLOBAL", "FUNC"), "i": ("GLOBAL", "FUNC"), "W": ("WEAK", "FUNC"),
              "V": ("WEAK", "OBJECT"), "D": ("GLOBAL", "OBJECT"), "B": ("GLOBAL", "OBJECT"),
              "R": ("GLOBAL", "OBJECT")}


def elf_symbols(lib):
    """name -> (binding, kind) of the defined dynamic symbols."""
    return {name: NM_LETTERS.get(letter, (letter, "?"))
            for name, letter in dynamic_symbols(lib).items()}


def abidiff(tool, old, new, extra):
    run = subprocess.run([tool] + extra + [old, new], capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def verdict(what, code, report, additions_fail):
    """Prints abidiff's report; True when it shows no removal or change (nor an addition, if
    additions_fail). abidiff's exit code says 'some change' (4) for additions too, so the
    summary lines decide; a change they do not count (SONAME, architecture) fails."""
    if code & 3:
        print("FAIL: %s: abidiff could not compare (exit %d):\n%s" % (what, code, report))
        return False
    removed_changed = added = 0
    for _kind, counts in SUMMARY.findall(report):
        for n, k in COUNT.findall(counts):
            if k.lower() == "added":
                added += int(n)
            else:
                removed_changed += int(n)
    ok = code == 0 or (removed_changed == 0 and added > 0 and not additions_fail)
    if code == 0:
        print("%s: no ABI change" % what)
    else:
        print("%s:\n%s" % (what, "\n".join("  " + l for l in report.rstrip().splitlines())))
        if ok:
            print("%s: %d addition(s), not failures (added symbols and types)" % (what, added))
        else:
            print("FAIL: %s: ABI changed (see the report above)" % what)
    return ok


def bindings_match(what, reference, ours, wanted):
    """Each wanted symbol has the same ELF binding (weak/global) and kind in ours."""
    ok = True
    for name in wanted:
        if name not in reference:
            print("FAIL: %s: %s is not exported by the reference" % (what, name))
            ok = False
        elif name not in ours:
            print("FAIL: %s: %s is not exported" % (what, name))
            ok = False
        elif reference[name] != ours[name]:
            print("FAIL: %s: %s is %s %s in the reference, %s %s in ours"
                  % ((what, name) + reference[name] + ours[name]))
            ok = False
    if ok:
        print("%s: %d symbols, same binding and kind" % (what, len(wanted)))
    return ok


def build_stub(cc, headers, symbols, weak, out_dir, tag):
    """libstub-TAG.so: the stub_gen.py stub of HEADERS, compiled with every type in DWARF."""
    source = os.path.join(out_dir, "stub-%s.c" % tag)
    lib = os.path.join(out_dir, "libstub-%s.so" % tag)
    subprocess.run([sys.executable, os.path.join(HERE, "stub_gen.py"), "--headers", headers,
                    "--symbols", symbols, "--weak", weak,
                    "--extra", os.path.join(HERE, "stub_unlisted.h"), "--cc", " ".join(cc),
                    "--out", source], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(cc + ["-std=gnu2x", "-g", "-O0", "-fPIC", "-shared",
                         "-fno-eliminate-unused-debug-types", "-Wno-return-type", "-I", headers,
                         "-Wl,-soname,libtraceevent.so.1", "-o", lib, source], check=True)
    return lib


def check_upstream(args, lib, our_headers, work):
    """The three checks of 'upstream' (see the module doc); True when all pass."""
    cc = args.cc.split()
    wanted = names(args.symbols)
    up_headers = args.oracle_headers
    stub = build_stub(cc, up_headers, args.symbols, args.weak, work, "upstream")
    ours_stub = build_stub(cc, our_headers, args.symbols, args.weak, work, "ours")
    code, report = abidiff(args.abidiff, stub, lib,
                           ["--exported-interfaces-only", "--headers-dir1", up_headers,
                            "--headers-dir2", our_headers])
    ok = verdict("functions of abi/symbols.txt and the types they reach (upstream stub vs %s)"
                 % os.path.basename(lib), code, report, additions_fail=False)
    # All types are loaded here (no --exported-interfaces-only), reachable or not.
    code, report = abidiff(args.abidiff, stub, ours_stub,
                           ["--non-reachable-types", "--headers-dir1", up_headers,
                            "--headers-dir2", our_headers])
    ok &= verdict("all public types (stub of upstream's headers vs stub of ours)", code, report,
                  additions_fail=False)
    ok &= bindings_match("ELF bindings against upstream's %s" % os.path.basename(args.oracle_lib),
                         elf_symbols(args.oracle_lib), elf_symbols(lib), wanted)
    return ok


def baseline_bindings(path):
    """name -> (binding, kind) as the abidw baseline records them."""
    binding = {"global-binding": "GLOBAL", "weak-binding": "WEAK"}
    kind = {"func-type": "FUNC", "object-type": "OBJECT"}
    syms = {}
    for m in re.finditer(r"<elf-symbol name='([^']+)' type='([^']+)' binding='([^']+)'[^>]*"
                         r"is-defined='yes'", open(path, encoding="utf-8").read()):
        syms[m.group(1)] = (binding.get(m.group(3), m.group(3)), kind.get(m.group(2), m.group(2)))
    return syms


def check_baseline(args, lib):
    suppr = []
    for path in args.suppr:
        suppr += ["--suppressions", path]
    # No --headers-dir2: the baseline has no source locations, so abidiff would take every
    # type of it for private and filter its changes out. Private types are declaration-only
    # in the baseline (--drop-private-types when written), and abidiff takes a declaration
    # equal to our library's internal definition of it.
    code, report = abidiff(args.abidiff, args.baseline, lib,
                           ["--exported-interfaces-only", "--no-show-locs"] + suppr)
    ok = verdict("%s vs %s" % (os.path.relpath(args.baseline), os.path.basename(lib)), code, report,
                 additions_fail=True)
    recorded = baseline_bindings(args.baseline)
    ok &= bindings_match("ELF bindings against the baseline", recorded, elf_symbols(lib),
                         sorted(recorded))
    if not ok:
        print("If the change is intended: ninja -C BUILD abi-baseline, review `git diff abi/`, "
              "commit it with the reason.")
    return ok


def write_baseline(abidw, lib, headers, out):
    tmp = out + ".tmp"
    subprocess.run([abidw] + ABIDW_OPTIONS + ["--headers-dir", headers, "--out-file", tmp, lib],
                   check=True)
    os.replace(tmp, out)
    print("wrote %s (%d functions)" % (out, open(out, encoding="utf-8").read().count("<function-decl")))


# Bad input for the selftest: (file, upstream text, replacement, what the report must name).
MUTATIONS = [
    ("event-parse.h", r"\bint tep_get_long_size\(", "long tep_get_long_size(", "tep_get_long_size"),
    ("event-parse.h", r"(struct tep_record \{[^}]*?)\bint(\s+record_size;)", r"\1long\2", "tep_record"),
    ("event-parse.h", r"(enum trace_flag_type \{\s*\w+\s*=\s*)0x01", r"\g<1>0x40", "trace_flag_type"),
]


def selftest(args, work):
    mutated = os.path.join(work, "mutated")
    shutil.copytree(args.oracle_headers, mutated)
    for name, pattern, repl, _ in MUTATIONS:
        path = os.path.join(mutated, name)
        text = open(path, encoding="utf-8").read()
        new, n = re.subn(pattern, repl, text, count=1)
        if n != 1:
            print("FAIL: selftest: %r not found in upstream's %s" % (pattern, name))
            return False
        open(path, "w", encoding="utf-8").write(new)
    weak = [w for w in names(args.weak) if w != "tep_vprint"]
    weak_file = os.path.join(work, "weak-mutated.txt")
    open(weak_file, "w", encoding="utf-8").write("\n".join(weak) + "\n")
    bad = build_stub(args.cc.split(), mutated, args.symbols, weak_file, work, "mutated")

    def expect_failure(what, run):
        out = subprocess.run(run, capture_output=True, text=True)
        text = out.stdout + out.stderr
        needed = [m[3] for m in MUTATIONS] + ["tep_vprint"]
        if what == "baseline":
            needed = [m[3] for m in MUTATIONS[:2]] + ["tep_vprint"]  # reachable types only
        missing = [n for n in needed if n not in text]
        if out.returncode != 1 or missing:
            print("FAIL: selftest %s: exit %d (want 1), not named: %s\n%s"
                  % (what, out.returncode, " ".join(missing) or "-", text))
            return False
        print("selftest %s: fails as it should, naming %s" % (what, ", ".join(needed)))
        return True

    me = [sys.executable, os.path.abspath(__file__)]
    common = ["--abidiff", args.abidiff, "--lib", bad, "--headers", mutated]
    ok = expect_failure("upstream", me + ["upstream"] + common + [
        "--cc", args.cc, "--oracle-headers", args.oracle_headers, "--oracle-lib", args.oracle_lib,
        "--symbols", args.symbols, "--weak", args.weak])
    good = build_stub(args.cc.split(), args.oracle_headers, args.symbols, args.weak, work, "good")
    baseline = os.path.join(work, "stub.abi")
    write_baseline(args.abidw, good, args.oracle_headers, baseline)
    ok &= expect_failure("baseline", me + ["baseline"] + common + ["--baseline", baseline])
    return ok


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["upstream", "baseline", "write-baseline", "selftest"])
    p.add_argument("--abidiff", default="")
    p.add_argument("--abidw", default="")
    p.add_argument("--lib", default="")
    p.add_argument("--headers", default="", help="our public headers")
    p.add_argument("--cc", default="cc", help="C compiler command for the stubs (may hold spaces)")
    p.add_argument("--oracle-headers", default="")
    p.add_argument("--oracle-lib", default="")
    p.add_argument("--symbols", default="")
    p.add_argument("--weak", default="")
    p.add_argument("--baseline", default="")
    p.add_argument("--suppr", action="append", default=[])
    args = p.parse_args()

    tools = {"write-baseline": [args.abidw], "selftest": [args.abidiff, args.abidw]}
    for tool in tools.get(args.mode, [args.abidiff]):
        if not tool or not os.access(tool, os.X_OK):
            print("SKIP: libabigail's abidiff/abidw not installed (apt-get install abigail-tools)")
            return SKIP
    if args.mode in ("upstream", "selftest") and not (
            args.oracle_headers and os.path.isfile(os.path.join(args.oracle_headers, "event-parse.h"))
            and os.path.isfile(args.oracle_lib)):
        print("SKIP: no upstream oracle (headers %r, library %r); configure -Doracle=DIR"
              % (args.oracle_headers, args.oracle_lib))
        return SKIP
    if args.mode == "baseline" and not os.path.isfile(args.baseline):
        print("SKIP: no baseline %s for this architecture: ninja -C BUILD abi-baseline, then "
              "review and commit it" % args.baseline)
        return SKIP
    if args.mode != "selftest" and not has_debug_info(args.lib):
        print("SKIP: %s has no debug info (a release build?): the ABI diff needs -g, e.g. "
              "meson configure -Ddebug=true" % args.lib)
        return SKIP

    if args.mode == "write-baseline":
        write_baseline(args.abidw, args.lib, args.headers, args.baseline)
        return 0
    if args.mode == "baseline":
        return 0 if check_baseline(args, args.lib) else 1
    work = tempfile.mkdtemp(prefix="abidiff.")
    try:
        if args.mode == "upstream":
            return 0 if check_upstream(args, args.lib, args.headers, work) else 1
        return 0 if selftest(args, work) else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
