#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1
# The C++ of lib/, compat/ and python/ as .clang-format (Debian 12's
# clang-format 14) lays it out: prints the files that differ; exit 1 if any.
# Skips (exit 77) without clang-format. Fix with:
#   clang-format -i $(git ls-files 'lib/*.cc' 'lib/*.h' 'compat/*.cc' 'compat/*.h' 'python/*.cc' 'python/*.h')
root=${1:-.}
cf=$(command -v clang-format-14 || command -v clang-format) || { echo "no clang-format: skipped"; exit 77; }
cd "$root" || exit 2
status=0
for f in lib/*/*.cc lib/*/*.h compat/*.cc compat/*.h python/*.cc python/*.h; do
	[ -f "$f" ] || continue
	if ! "$cf" --dry-run --Werror "$f" >/dev/null 2>&1; then
		echo "$f: not as .clang-format lays it out"
		status=1
	fi
done
exit $status
