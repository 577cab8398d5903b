#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1
# Runs COMMAND with a usable tracefs, holding the consumer suite's tracefs lock.
#   tracefs-env.sh COMMAND [ARGS...]
# Mounts tracefs at /sys/kernel/tracing when it is not there (needs root). Kernels without
# the function tracer (or that refuse writes to /proc/sys/kernel/ftrace_enabled and the
# set_ftrace_* files) make `trace-cmd record` give up: a private mount namespace binds
# scratch files over those so that it can start; events are recorded as usual.
# Exit 77 when no tracefs can be had. One command at a time holds the lock, so the live
# cases of two test processes never share the global tracing state.
set -eu
t=/sys/kernel/tracing
if [ ! -e $t/events ]; then
	mount -t tracefs nodev $t 2>/dev/null || { echo "tracefs is not mounted at $t and cannot be" >&2; exit 77; }
fi
lock=${CONSUMERS_TRACEFS_LOCK:-/tmp/libtraceevent-consumers-tracefs.lock}
# The lock is fd 9, inherited by COMMAND; every step execs, so that COMMAND's exit status or
# signal is this script's own.
exec 9>"$lock"
flock 9
exec unshare -m sh -c '
set -e
scratch=$(mktemp -d)
if ! (echo 1 > /proc/sys/kernel/ftrace_enabled) 2>/dev/null; then
	echo 1 > $scratch/ftrace_enabled
	mount --bind $scratch/ftrace_enabled /proc/sys/kernel/ftrace_enabled
fi
for dir in /sys/kernel/tracing /sys/kernel/tracing/instances/*; do
	for f in set_ftrace_filter set_ftrace_notrace set_ftrace_pid set_ftrace_notrace_pid set_graph_function set_graph_notrace; do
		if [ -e $dir/$f ] && ! (: > $dir/$f) 2>/dev/null; then
			: > $scratch/$f.${dir##*/} && mount --bind $scratch/$f.${dir##*/} $dir/$f
		fi
	done
done
# CONSUMERS_KALLSYMS=FILE: FILE in place of /proc/kallsyms (libtracefs.py, sanitizer builds).
if [ -n "${CONSUMERS_KALLSYMS:-}" ]; then
	mount --bind "$CONSUMERS_KALLSYMS" /proc/kallsyms
fi
rm -rf $scratch  # the bind mounts keep their files
exec "$@"
' tracefs-env "$@"
