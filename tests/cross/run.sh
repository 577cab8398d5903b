#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# Cross builds: configures, builds and tests the library, our plugins and every test that does
# not need trace-cmd for other architectures, with Debian's cross compilers
# (cross/ARCH-linux-gnu.ini: aarch64 and s390x run under qemu-user, i686 natively through its
# sysroot's loader; binfmt is not needed; skipped, with a message, on a kernel that runs no
# 32-bit programs).
#   tests/cross/run.sh [ARCH...] [-- MESON-TEST-OPTIONS...]
# ARCH: i686 (32-bit long), aarch64, s390x (big-endian); none: all three. Into build-cross-ARCH
# of the source tree. The upstream oracle of that architecture (1.9.0: Debian forky's debs,
# patched by tests/oracle/fetch-oracle.sh) goes to build-cross-ARCH/oracle; when it cannot be
# fetched the differential tests skip. Needs g++-ARCH-linux-gnu, qemu-user, googletest, patchelf.
# Environment: CROSS_SETUP_OPTIONS (extra meson setup options), CROSS_ORACLE=0 (no oracle).
# Prints each phase's duration and the test counts; exits non-zero if anything failed.
# With MESON-TEST-OPTIONS (a subset, e.g. CI's) only the targets those tests need are built.
set -uo pipefail
cd "$(dirname "$0")/../.."
src=$PWD
arches=() test_opts=()
while [ $# -gt 0 ]; do
	case $1 in
		--) shift; test_opts=("$@"); break ;;
		*) arches+=("$1"); shift ;;
	esac
done
[ ${#arches[@]} -gt 0 ] || arches=(i686 aarch64 s390x)
status=0

# Seconds since $1 (date +%s).
since() { echo $(($(date +%s) - $1)); }

# Whether a 32-bit x86 program runs here (through the i686 sysroot's loader, as the tests do).
runs_32bit() {
	local tmp status
	tmp=$(mktemp -d)
	echo 'int main(void) { return 0; }' >"$tmp/t.c"
	i686-linux-gnu-gcc "$tmp/t.c" -o "$tmp/t" 2>/dev/null \
		&& LD_LIBRARY_PATH=/usr/i686-linux-gnu/lib /usr/i686-linux-gnu/lib/ld-linux.so.2 "$tmp/t" 2>/dev/null
	status=$?
	rm -rf "$tmp"
	return $status
}

for arch in "${arches[@]}"; do
	case $arch in
		i686) deb_arch=i386 ;;
		aarch64) deb_arch=arm64 ;;
		s390x) deb_arch=s390x ;;
		*) echo "cross: unknown architecture $arch (i686, aarch64, s390x)"; status=1; continue ;;
	esac
	dir=$src/build-cross-$arch
	echo "=== $arch: $dir ($(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg))"
	# i686 runs natively (its cross file says why not under qemu): a kernel built without
	# 32-bit emulation (CONFIG_IA32_EMULATION, or ia32_emulation=0) cannot run it at all.
	if [ "$arch" = i686 ] && ! runs_32bit; then
		echo "cross: i686: SKIPPED, this kernel runs no 32-bit x86 programs (no IA32 emulation)"
		continue
	fi
	mkdir -p "$dir"
	oracle=
	if [ "${CROSS_ORACLE:-1}" != 0 ]; then
		start=$(date +%s)
		if tests/oracle/fetch-oracle.sh "$dir/oracle" "$deb_arch" >"$dir/cross-oracle.log" 2>&1; then
			oracle=$dir/oracle
		else
			tail -5 "$dir/cross-oracle.log"
			echo "cross: $arch: no oracle, the differential tests skip"
		fi
		echo "$arch: oracle $(since "$start") s"
	fi
	start=$(date +%s)
	# shellcheck disable=SC2086
	if [ -f "$dir/build.ninja" ]; then
		meson configure "$dir" -Doracle="$oracle" ${CROSS_SETUP_OPTIONS:-} >/dev/null
	else
		meson setup "$dir" --cross-file "cross/$arch-linux-gnu.ini" -Dbenchmarks=false \
			-Doracle="$oracle" ${CROSS_SETUP_OPTIONS:-} >"$dir/cross-setup.log" 2>&1 \
			|| { tail -30 "$dir/cross-setup.log"; false; }
	fi || { echo "cross: $arch: meson setup failed"; status=1; continue; }
	echo "$arch: configure $(since "$start") s"
	start=$(date +%s)
	rebuild=(--no-rebuild)
	if [ ${#test_opts[@]} -eq 0 ]; then
		ninja -C "$dir" -j2 >"$dir/cross-ninja.log" 2>&1 \
			|| { tail -40 "$dir/cross-ninja.log"; echo "cross: $arch: build failed"; status=1; continue; }
		echo "$arch: build $(since "$start") s"
		start=$(date +%s)
	else
		rebuild=()  # meson test builds what the selected tests need
	fi
	# qemu runs the target code several times slower than the host.
	meson test -C "$dir" "${rebuild[@]}" --num-processes 2 --timeout-multiplier 4 --print-errorlogs \
		"${test_opts[@]}" 2>&1 | tail -n 200
	[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "cross: $arch: tests failed"; status=1; }
	if [ ${#rebuild[@]} -gt 0 ]; then echo "$arch: test $(since "$start") s"; else echo "$arch: build and test $(since "$start") s"; fi
	python3 - "$arch" "$dir/meson-logs/testlog.json" <<'EOF'
import json, sys
counts = {}
for line in open(sys.argv[2], encoding="utf-8"):
    r = json.loads(line).get("result", "")
    counts[r] = counts.get(r, 0) + 1
print("%s: %d tests: %d passed, %d failed, %d skipped" % (
    sys.argv[1], sum(counts.values()), counts.get("OK", 0) + counts.get("EXPECTEDFAIL", 0),
    sum(v for k, v in counts.items() if k not in ("OK", "EXPECTEDFAIL", "SKIP")),
    counts.get("SKIP", 0)))
EOF
done
exit $status
