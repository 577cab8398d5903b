#!/usr/bin/env python3
"""Writes a version script with one anonymous node exporting every name of the lists
(symbols.txt, then typed-symbols.txt):  gen-version-script.py LIST... OUTPUT"""
import sys

names = [line.strip() for path in sys.argv[1:-1] for line in open(path)
         if line.strip() and not line.startswith('#')]
with open(sys.argv[-1], 'w') as out:
    out.write('{\n  global:\n')
    for name in names:
        out.write(f'    {name};\n')
    out.write('  local: *;\n};\n')
