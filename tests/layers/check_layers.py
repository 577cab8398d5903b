#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""The include graph against the layer list of Documentation/design.md.

Usage: check_layers.py SOURCE_ROOT

Reads the "## Layers" table (a layer number, then the folders in backquotes)
and checks every #include "folder/file" in lib/ and compat/: a folder may include
its own headers and those of lower layers only. Every folder of lib/ must be in
the table. Plugins and the Python module may include only the public headers
(include/traceevent/) and their own. Folder = namespace: a file of lib/FOLDER
opens `tep::FOLDER` (or a namespace inside it), never another folder's. No file of lib/ calls an
exported C function (abi/symbols.txt, abi/typed-symbols.txt) but logging
(tep_warning, tep_info and the hooks of abi/weak-symbols.txt, lib/base/log.h):
the shim calls down, never the other way round.
Prints each violation; exit 1 if any.
"""
import pathlib
import re
import sys


def read_layers(design):
    """{folder: layer} from the rows of the Layers table: '| 3 | `lib/print_args/` | ...'."""
    text = design.read_text()
    section = text.split("\n## Layers\n", 1)
    if len(section) != 2:
        sys.exit(f"{design}: no '## Layers' section")
    layers = {}
    for line in section[1].split("\n## ", 1)[0].splitlines():
        row = re.match(r"\|\s*(\d+)\s*\|([^|]*)\|", line)
        if not row:
            continue
        for folder in re.findall(r"`((?:lib/)?[a-z_]+)/`", row.group(2)):
            layers[folder] = int(row.group(1))
    if not layers:
        sys.exit(f"{design}: the Layers table lists no folder")
    return layers

NAMESPACE = re.compile(r"^\s*namespace\s+([A-Za-z_][A-Za-z0-9_:]*)\s*\{", re.M)


def namespace_errors(root, lib_folders):
    errors = []
    for folder in lib_folders:
        own = f"tep::{folder}"
        for path in sources(root / "lib" / folder):
            for name in NAMESPACE.findall(path.read_text()):
                if name == own or name.startswith(own + "::"):
                    continue
                # A nested helper namespace is the file's own, unless it is another
                # folder's name (a declaration reaching into that folder).
                if not name.startswith("tep") and name not in lib_folders:
                    continue
                errors.append(f"{path.relative_to(root)}: opens namespace {name}, not {own}")
    return errors


def symbol_names(path):
    if not path.exists():
        return set()
    return {l.split("#")[0].split()[0] for l in path.read_text().splitlines() if l.split("#")[0].strip()}


def exported_call_errors(root):
    abi = root / "abi"
    logging = symbol_names(abi / "weak-symbols.txt") | {"tep_warning", "tep_info"}
    exported = (symbol_names(abi / "symbols.txt") | symbol_names(abi / "typed-symbols.txt")) - logging
    if not exported:
        return [f"{abi}: no exported names"]
    call = re.compile(r"(?<![\w.>:])(" + "|".join(sorted(exported, key=len, reverse=True)) + r")\s*\(")
    errors = []
    for path in sources(root / "lib"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for m in call.finditer(line.split("//")[0]):
                errors.append(f"{path.relative_to(root)}:{number}: calls the exported {m.group(1)}()")
    return errors


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources(directory):
    return sorted(p for p in directory.rglob("*") if p.suffix in (".h", ".cc", ".c", ".hpp"))


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    layers = read_layers(root / "Documentation" / "design.md")
    errors = []

    lib_folders = sorted(p.name for p in (root / "lib").iterdir() if p.is_dir())
    for name in lib_folders:
        if f"lib/{name}" not in layers:
            errors.append(f"lib/{name}/ is not in the Layers table of Documentation/design.md")

    def folder_of(header):
        first = header.split("/", 1)[0]
        if "/" in header and first in lib_folders:
            return f"lib/{first}"
        if header.startswith("compat/"):
            return "compat"
        return None  # a public header or a file of the same directory

    edges = 0
    for top in ["lib", "compat"]:
        for path in sources(root / top):
            rel = path.relative_to(root)
            mine = "compat" if top == "compat" else f"lib/{rel.parts[1]}"
            if mine not in layers:
                continue
            for header in INCLUDE.findall(path.read_text()):
                theirs = folder_of(header)
                if theirs is None or theirs == mine:
                    continue
                edges += 1
                if theirs not in layers:
                    errors.append(f"{rel}: includes {header} from a folder not in the table")
                elif layers[theirs] >= layers[mine]:
                    errors.append(f"{rel}: includes {header} ({theirs}/, layer {layers[theirs]}) "
                                  f"from layer {layers[mine]}")

    # Plugins see the public headers only; the Python module also the trace.dat
    # reader's and the base's (it links the library in, reads files with
    # lib/trace_dat, and shares base's per-thread state and sanitizer test).
    public = {p.name for p in (root / "include" / "traceevent").iterdir()}
    for top, also in [("plugins", ()), ("python", ("trace_dat/", "base/"))]:
        for path in sources(root / top):
            for header in INCLUDE.findall(path.read_text()):
                if header in public or (path.parent / header).exists() or (root / top / header).exists():
                    continue
                if header.startswith(also):
                    continue
                errors.append(f"{path.relative_to(root)}: includes {header}, not a public header")

    errors += namespace_errors(root, lib_folders)
    errors += exported_call_errors(root)
    for e in errors:
        print(e)
    print(f"{len(layers)} folders in {len(set(layers.values()))} layers, {edges} includes across "
          f"folders checked, {len(errors)} violations")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
