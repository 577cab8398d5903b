#!/usr/bin/env python3
"""Writes a version script with one anonymous node exporting every name in symbols.txt."""
import sys

names = [line.strip() for line in open(sys.argv[1]) if line.strip() and not line.startswith('#')]
with open(sys.argv[2], 'w') as out:
    out.write('{\n  global:\n')
    for name in names:
        out.write(f'    {name};\n')
    out.write('  local: *;\n};\n')
