#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1
# Maintainer tool (tests only read the .dat files it made): records the small real traces of this
# folder on the running kernel, as root, then shrinks each (shrink-trace.py) and derives v7 copies.
#   make-traces.sh [RECORD_SCRIPT]
# RECORD_SCRIPT runs `trace-cmd record -o OUT.dat OPTS -- CMD` where the kernel lacks the
# function tracer; default: the shared tools' record-trace.sh beside the repository.
# ORACLE=DIR (fetch-oracle.sh output, default /tmp/oracle) decodes the records to find the
# kernel addresses whose symbols are kept; KEEP=DIR keeps the intermediate files there.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
record=${1:-$here/../../../../shared/tools/record-trace.sh}
oracle=${ORACLE:-/tmp/oracle}
work=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

report() { env -u TRACEEVENT_PLUGIN_DIR LD_LIBRARY_PATH="$oracle/lib" TRACEEVENT_PLUGIN_DIR="$oracle/plugins" \
	HOME="$work" trace-cmd report -L "$@"; }

# Every number in the decoded records that looks like a kernel address, as hex.
addresses() {
	{ report -i "$1"; report -R -i "$1"; } 2>/dev/null | grep -oE '(0x)?[0-9a-f]{8,16}|[0-9]{19,20}' |
	python3 -c '
import sys
for w in sys.stdin.read().split():
    try:
        v = int(w, 16) if w.startswith("0x") or any(c in "abcdef" for c in w) or len(w) == 16 else int(w)
    except ValueError:
        continue
    if v >= 0xffff800000000000:
        print("%x" % v)' | sort -u
}

# name, record options, workload
rec() {
	name=$1; shift
	opts=""
	while [ "$1" != "--" ]; do opts="$opts $1"; shift; done
	shift
	# shellcheck disable=SC2086
	"$record" "$work/$name.raw.dat" $opts -- "$@" >"$work/$name.log" 2>&1
	trace-cmd convert --file-version 6 --compression none -i "$work/$name.raw.dat" -o "$work/$name.v6.dat" >/dev/null 2>&1
	addresses "$work/$name.v6.dat" > "$work/$name.addr"
	python3 "$here/shrink-trace.py" "$work/$name.v6.dat" "$here/$name.dat" "$work/$name.addr"
}

busy='ls -R /usr/share/doc >/dev/null; cat /proc/cpuinfo >/dev/null; sleep 0.05'
rec sched_irq -m 48 -e sched -e irq -- sh -c "$busy"
rec marker -e sched:sched_process_exec -e sched:sched_process_exit -- sh -c 'm=/sys/kernel/tracing/trace_marker; for i in 1 2 3 4 5 6 7 8; do echo "mark $i: hello" > $m; done; printf "fmt chars %%s %%d \\ \" tab\tend\n" > $m; printf "no newline" > $m; printf "%0300d\n" 7 > $m; sleep 0.05'
rec syscalls -e raw_syscalls -e syscalls:sys_enter_openat -e syscalls:sys_exit_openat -e syscalls:sys_enter_read -- ls /usr
rec kmem -e kmem:kmalloc -e kmem:kfree -e kmem:mm_page_alloc -e kmem:mm_page_free -- sleep 0.05
rec timer -e timer -- sleep 0.2
rec misc -e workqueue -e signal -e task -e sched:sched_process_exec -e sched:sched_process_exit -- sh -c "$busy; sh -c 'kill -USR1 \$\$' || true"

# The same records in the other file layouts: v7 uncompressed and v7 zstd-compressed.
trace-cmd convert --file-version 7 --compression none -i "$here/sched_irq.dat" -o "$here/sched_irq_v7.dat" >/dev/null
trace-cmd convert --file-version 7 --compression zstd -i "$here/sched_irq.dat" -o "$here/sched_irq_v7zstd.dat" >/dev/null
ls -l "$here"/*.dat
