#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# Builds perf 6.1 from Debian's linux-source-6.1 against upstream libtraceevent 1.8.4's
# headers, linked dynamically (LIBTRACEEVENT_DYNAMIC=1), for the perf consumer suite.
#   tests/consumers/perf/build-perf.sh [CACHE_DIR [ORACLE_DIR]]
# CACHE_DIR defaults to /var/cache/libtraceevent-consumers/perf-6.1; ORACLE_DIR (upstream 1.8.4,
# tests/oracle/fetch-oracle.sh) to $ORACLE, else build/oracle of this checkout (fetched if absent).
# Afterwards CACHE_DIR/bin/perf, whose libtraceevent.so.1 the loader resolves at run time
# (no RPATH: LD_LIBRARY_PATH picks the library), and CACHE_DIR/build-info (time, load, size).
# The result is keyed by the source package's version, the headers and the flags below: a second
# run with the same key does nothing. Installs the Debian packages it needs when run as root.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
cache=$(realpath -m "${1:-/var/cache/libtraceevent-consumers/perf-6.1}")
oracle=${2:-${ORACLE:-$repo/build/oracle}}
tarball=/usr/src/linux-source-6.1.tar.xz
deps=(make gcc flex bison pkg-config xz-utils libelf-dev linux-source-6.1)
# Everything optional off: perf keeps tracepoint recording and every analysis the suite runs.
# NO_JEVENTS skips the PMU event tables (and their python3 generator); NO_AUXTRACE the
# Intel PT/CoreSight decoders; NO_LIBBPF the in-tree libbpf. libelf stays for symbols.
flags=(LIBTRACEEVENT_DYNAMIC=1 NO_LIBPYTHON=1 NO_LIBPERL=1 NO_SLANG=1 NO_GTK2=1 NO_LIBBPF=1
	NO_JEVENTS=1 NO_AUXTRACE=1 NO_DWARF=1 NO_LIBDW_DWARF_UNWIND=1 NO_LIBUNWIND=1 NO_LIBNUMA=1
	NO_LIBAUDIT=1 NO_LIBCRYPTO=1 NO_LIBCAP=1 NO_LIBBABELTRACE=1 NO_LIBZSTD=1 NO_LZMA=1 NO_ZLIB=1
	NO_SDT=1 NO_JVMTI=1 NO_DEMANGLE=1 NO_LIBDEBUGINFOD=1 NO_AIO=1 NO_BACKTRACE=1
	NO_PERF_READ_VDSO32=1 NO_PERF_READ_VDSOX32=1 WERROR=0)

missing=()
for p in "${deps[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep 'install ok installed' >/dev/null || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	[ "$(id -u)" = 0 ] || { echo "build-perf: needs ${missing[*]} (apt-get install as root)" >&2; exit 1; }
	echo "build-perf: installing ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ ! -e "$oracle/lib/libtraceevent.so.1" ]; then
	"$repo/tests/oracle/fetch-oracle.sh" "$oracle"
fi
[ -d "$oracle/include/traceevent" ] || { echo "build-perf: no headers in $oracle/include/traceevent" >&2; exit 1; }

version=$(dpkg-query -W -f='${Version}' linux-source-6.1)
key="linux-source-6.1 $version; libtraceevent $(cat "$oracle/VERSION" 2>/dev/null || echo '?')"
key="$key; headers $(cat "$oracle"/include/traceevent/*.h | sha256sum | cut -c1-16); ${flags[*]}"
if [ -x "$cache/bin/perf" ] && [ "$(cat "$cache/key" 2>/dev/null)" = "$key" ]; then
	echo "build-perf: $cache/bin/perf is up to date ($version)"
	exit 0
fi

# A private copy of 1.8.4's headers and library with a pkg-config file, so perf's feature check
# and version test see 1.8.4 and not whatever libtraceevent-dev is installed.
if [ -e "$cache" ] && [ ! -e "$cache/key" ] && [ -n "$(ls -A "$cache")" ]; then
	echo "build-perf: $cache is not empty and not a cache of this script; not touching it" >&2
	exit 1
fi
rm -rf "$cache"
mkdir -p "$cache/bin" "$cache/traceevent/lib/pkgconfig" "$cache/traceevent/include"
echo "incomplete" > "$cache/key"   # marks the dir as ours until the build succeeds
cp -a "$oracle/include/traceevent" "$cache/traceevent/include/"
cp -a "$oracle"/lib/*.so* "$cache/traceevent/lib/"
ln -s libtraceevent.so.1 "$cache/traceevent/lib/libtraceevent.so"
te_version=$(sed 's/^[0-9]*://; s/-.*//' "$oracle/VERSION" 2>/dev/null || echo 1.8.4)
cat > "$cache/traceevent/lib/pkgconfig/libtraceevent.pc" <<PC
prefix=$cache/traceevent
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: libtraceevent
Description: upstream libtraceevent $te_version headers (perf consumer suite)
Version: $te_version
Libs: -L\${libdir} -ltraceevent
Cflags: -I\${includedir}/traceevent
PC

work=$(mktemp -d "${TMPDIR:-/var/tmp}/build-perf.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
log=$cache/build.log
start=$(date +%s)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
# What tools/perf/MANIFEST names lives under tools/ but for three files; one pass over the xz.
tar xJf "$tarball" -C "$work" linux-source-6.1/Makefile linux-source-6.1/tools \
	linux-source-6.1/scripts/bpf_doc.py linux-source-6.1/kernel/bpf/disasm.c linux-source-6.1/kernel/bpf/disasm.h
mkdir -p "$work/out"
src=$work/linux-source-6.1
# Without git, perf takes its version from the top Makefile's kernelversion target, which needs
# most of scripts/: give it the version file it reads first instead.
kversion=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p' "$src/Makefile" | paste -sd.)
echo "#define PERF_VERSION \"$kversion\"" > "$src/PERF-VERSION-FILE"
# perf puts tools/lib/ on the include path, where 6.1's own copy of the headers lives; 1.8.4's
# come first through EXTRA_CFLAGS (checked below from the dependency files).
export PKG_CONFIG_PATH=$cache/traceevent/lib/pkgconfig
jobs=${JOBS:-$(nproc)}
TIMEFORMAT='%R %U %S'
if ! { time make -C "$src/tools/perf" O="$work/out" -j"$jobs" "${flags[@]}" \
	EXTRA_CFLAGS="-I$cache/traceevent/include" LDFLAGS="-L$cache/traceevent/lib" \
	prefix=/usr perf >"$log" 2>&1; } 2>"$work/make-time"; then
	tail -40 "$log" >&2
	echo "build-perf: make failed, log in $log" >&2
	exit 1
fi
end=$(date +%s)
read -r make_wall make_user make_sys < "$work/make-time"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# Checks: the event-parse.h perf compiled against is 1.8.4's, and the library is found by the
# loader (NEEDED, no RPATH/RUNPATH).
grep -q "$cache/traceevent/include/traceevent/event-parse.h" "$work"/out/util/.evsel.o.d "$work"/out/util/.evsel.o.cmd 2>/dev/null \
	|| grep -rqs "$cache/traceevent/include/traceevent/event-parse.h" "$work/out/util/" \
	|| { echo "build-perf: perf did not compile against $cache/traceevent/include" >&2; exit 1; }
readelf -d "$work/out/perf" | grep 'NEEDED.*libtraceevent.so.1' >/dev/null \
	|| { echo "build-perf: perf does not link libtraceevent.so.1 dynamically" >&2; exit 1; }
if readelf -d "$work/out/perf" | grep -E 'RPATH|RUNPATH' >/dev/null; then
	echo "build-perf: perf has an RPATH/RUNPATH" >&2; exit 1
fi
install -m 0755 "$work/out/perf" "$cache/bin/perf"
strip_size=$(stat -c %s "$cache/bin/perf")
{
	echo "perf from linux-source-6.1 $version against libtraceevent $te_version headers"
	echo "build: $((end - start)) s wall (extract + make -j$jobs) on $(nproc) cores, load before $load_before, after $load_after"
	echo "make: $make_wall s wall, $make_user s user + $make_sys s system CPU"
	echo "perf binary: $strip_size bytes; build tree: $(du -sh "$work" | cut -f1)"
	echo "make ${flags[*]}"
} > "$cache/build-info"
printf '%s\n' "$key" > "$cache/key"
cat "$cache/build-info"
