#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1
# The C++ of lib/, compat/ and python/ as .clang-format (Debian 12's
# clang-format 14) lays it out: prints where it differs; exit 1 if anywhere.
# Skips (exit 77) without clang-format. Fix with:
#   clang-format -i lib/*/*.cc lib/*/*.h compat/*.cc compat/*.h python/*.cc python/*.h
root=${1:-.}
cf=$(command -v clang-format-14 || command -v clang-format) || { echo "no clang-format: skipped"; exit 77; }
cd "$root" || exit 2
# One run over every file: a process per file takes minutes on a loaded machine.
"$cf" --dry-run --Werror lib/*/*.cc lib/*/*.h compat/*.cc compat/*.h python/*.cc python/*.h 2>&1 |
	grep -E '^[^ ]+:[0-9]+:[0-9]+: error' | sed 's/: error:.*//; s/:[0-9]*:[0-9]*$//' | sort -u |
	sed 's/$/: not as .clang-format lays it out/' | grep . && exit 1
exit 0
