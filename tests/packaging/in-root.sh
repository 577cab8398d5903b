#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# Runs inside check.sh's throwaway root (an overlay of the machine's /), as root:
#   in-root.sh WORK SRC BUILDDIR ORACLE VERSION
# installs WORK's four packages over Debian's with apt-get (no download), then checks what a
# distribution's user would see, with no LD_LIBRARY_PATH anywhere: which library trace-cmd
# loads, which plugins, that -dev links programs (dynamically and statically), and that
# `trace-cmd report` prints what upstream 1.9.0 prints (and the consumers suite, if BUILDDIR
# has one, with CONSUMERS_OURS=system). Exits non-zero if a check fails.
set -uo pipefail
work=$1 src=$2 build=$3 oracle=$4 version=$5
logs=$work/logs
status=0
bad() { echo "  FAIL: $*"; status=1; }
export HOME=/tmp/home LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive
unset LD_LIBRARY_PATH TRACEEVENT_PLUGIN_DIR
mkdir -p "$HOME"
multiarch=$(gcc -print-multiarch)
libdir=/usr/lib/$multiarch
plugindir=$libdir/traceevent/plugins

echo "  before: $(dpkg-query -W -f '${Package}=${Version} ' 'libtraceevent*' 2>/dev/null)"
trace-cmd list -O >"$HOME/list-O.debian" 2>&1

# apt, not dpkg -i: it must take them as upgrades of Debian's, with dependencies met by what
# is installed: anything it fetches fails the check (no man-db trigger run for the doc package).
echo 'man-db man-db/auto-update boolean false' | debconf-set-selections
debs=()
for pkg in libtraceevent1 libtraceevent1-plugin libtraceevent-dev libtraceevent-doc; do
	debs+=("$(ls "$work/${pkg}_${version#*:}"_*.deb)")
done
if apt-get install -y "${debs[@]}" >"$logs/apt.log" 2>&1; then
	awk '/^The following (NEW packages will be installed|packages will be upgraded)/ { show = 1; print; next }
		/^  / && show { print; next } { show = 0 } /^[0-9]+ upgraded/' "$logs/apt.log" | sed 's/^/  apt: /'
	# (apt lists the local .debs as 'Get:N /path'; a 'Get:N http...' line is a download.)
	! grep -Eq '^Get:[0-9]+ [a-z]+:' "$logs/apt.log" || bad "apt-get downloaded: $(grep -E '^Get:[0-9]+ [a-z]+:' "$logs/apt.log")"
else
	tail -20 "$logs/apt.log"; bad "apt-get install"
fi
echo "  after:  $(dpkg-query -W -f '${Package}=${Version} ' 'libtraceevent*')"
for pkg in libtraceevent1 libtraceevent1-plugin libtraceevent-dev libtraceevent-doc; do
	[ "$(dpkg-query -W -f '${Version}' "$pkg" 2>/dev/null)" = "$version" ] || bad "$pkg is not at $version"
	dpkg --verify "$pkg" || bad "dpkg --verify $pkg: files differ from the package"
done
[ -z "$(dpkg --audit)" ] || { dpkg --audit; bad "dpkg --audit"; }

# trace-cmd resolves libtraceevent.so.1 to the packaged file (ours: the one needing libstdc++).
resolved=$(ldd "$(command -v trace-cmd)" | awk '$1 == "libtraceevent.so.1" { print $3 }')
real=$(readlink -f "$resolved")
echo "  ldd trace-cmd: libtraceevent.so.1 => $resolved ($real, $(dpkg -S "$real" 2>/dev/null | cut -d: -f1))"
[ "$(dpkg -S "$real" 2>/dev/null | cut -d: -f1)" = libtraceevent1 ] || bad "trace-cmd's libtraceevent.so.1 is not libtraceevent1's"
readelf -d "$real" | grep 'NEEDED.*libstdc++' >/dev/null || bad "$real is not the C++ library"

# trace-cmd list -O: the plugins it opens are the packaged ones, and their options are listed.
LD_DEBUG=files trace-cmd list -O >"$HOME/list-O.ours" 2>"$HOME/ld-debug.txt"
opened=$(grep -o "file=$plugindir/plugin_[a-z0-9_]*\.so" "$HOME/ld-debug.txt" | sort -u | wc -l)
packaged=$(dpkg -L libtraceevent1-plugin | grep -c '/plugin_.*\.so$')
echo "  trace-cmd list -O: opened $opened of the $packaged packaged plugins in $plugindir;" \
	"$(grep -c '^  plugin:' "$HOME/list-O.ours") options listed"
if [ "$opened" -ne "$packaged" ] || [ "$packaged" -ne 13 ]; then bad "trace-cmd did not load the 13 packaged plugins"; fi
if cmp -s "$HOME/list-O.debian" "$HOME/list-O.ours"; then
	echo "  trace-cmd list -O: same as with Debian's packages"
else
	diff "$HOME/list-O.debian" "$HOME/list-O.ours" | sed 's/^/    /' | head -20
	bad "trace-cmd list -O differs from Debian's packages'"
fi

# libtraceevent-dev: a program built with pkg-config, linked dynamically and statically.
cat >"$HOME/probe.c" <<'EOF'
#include <event-parse.h>
#include <stdio.h>
int main(void)
{
	struct tep_handle *tep = tep_alloc();
	struct trace_seq s;
	tep_set_page_size(tep, 4096);
	trace_seq_init(&s);
	trace_seq_printf(&s, "page size %d", tep_get_page_size(tep));
	trace_seq_terminate(&s);
	puts(s.buffer);
	trace_seq_destroy(&s);
	tep_free(tep);
	return 0;
}
EOF
cd "$HOME" || exit 1
# shellcheck disable=SC2046
gcc -o probe-dynamic probe.c $(pkg-config --cflags --libs libtraceevent) || bad "dynamic link"
private=$(pkg-config --static --libs libtraceevent | sed 's/-ltraceevent//')
# shellcheck disable=SC2046,SC2086
gcc -o probe-static probe.c $(pkg-config --cflags libtraceevent) -Wl,-Bstatic -ltraceevent -Wl,-Bdynamic $private \
	|| bad "static link against libtraceevent.a"
for probe in probe-dynamic probe-static; do
	out=$(./"$probe" 2>&1)
	linked=$(ldd "./$probe" | awk '$1 == "libtraceevent.so.1" { print $3 }')
	echo "  $probe: '$out', libtraceevent.so.1 => ${linked:-(none: linked in)}"
	[ "$out" = "page size 4096" ] || bad "$probe printed '$out'"
done
ldd ./probe-dynamic | grep libtraceevent.so.1 >/dev/null || bad "probe-dynamic does not use libtraceevent.so.1"
! ldd ./probe-static | grep libtraceevent >/dev/null || bad "probe-static still needs libtraceevent.so.1"

# trace-cmd report on the committed traces: the installed library and plugins (nothing in the
# environment) against upstream 1.9.0 (the oracle, as the differential suite runs it).
if [ -n "$oracle" ] && [ -e "$oracle/lib/libtraceevent.so.1" ]; then
	same=0 total=0
	for trace in "$src"/tests/data/traces/*.dat; do
		name=$(basename "$trace" .dat)
		total=$((total + 1))
		trace-cmd report -i "$trace" >"$HOME/$name.ours" 2>&1; echo "exit $?" >>"$HOME/$name.ours"
		LD_LIBRARY_PATH=$oracle/lib TRACEEVENT_PLUGIN_DIR=$oracle/plugins \
			trace-cmd report -L -i "$trace" >"$HOME/$name.upstream" 2>&1; echo "exit $?" >>"$HOME/$name.upstream"
		if cmp -s "$HOME/$name.ours" "$HOME/$name.upstream"; then
			same=$((same + 1))
		else
			diff "$HOME/$name.upstream" "$HOME/$name.ours" >"$logs/report-$name.diff"
			bad "trace-cmd report -i $name.dat differs from upstream's (logs/report-$name.diff)"
		fi
	done
	echo "  trace-cmd report: $same of $total committed traces identical to upstream 1.9.0's"
else
	echo "  trace-cmd report against upstream: skipped (no oracle configured in $build)"
fi

# The consumers suite, running 'ours' as the system's library, where the build has it.
consumers=$([ -f "$build/build.ninja" ] && meson test -C "$build" --list --suite consumers 2>/dev/null)
if grep -q ' / ' <<<"$consumers"; then
	CONSUMERS_OURS=system meson test -C "$build" --no-rebuild --suite consumers --print-errorlogs \
		>"$logs/consumers.log" 2>&1 || bad "consumers suite (logs/consumers.log)"
	grep -E '^(Ok|Fail|Skipped):' "$logs/consumers.log" | sed 's/^/  consumers: /'
	# What failed, in this output (the log stays in the throwaway work dir of a CI machine).
	grep -E ' (FAIL|TIMEOUT) ' "$logs/consumers.log" | sed 's/^ */  consumers failed: /'
	grep -E -A6 '^(  DIFFERENT|FAIL )' "$logs/consumers.log" | head -60 | sed 's/^/  consumers: /'
else
	echo "  consumers suite: not in $build (yet): trace-cmd report above stands for it"
fi
exit $status
