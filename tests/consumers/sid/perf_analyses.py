# SPDX-License-Identifier: LGPL-2.1
"""perf's analyses of tracepoint recordings that the sid consumer suite runs on Debian's perf
(sid_consumers.py perf_cases), each once per library: perf script with several field sets,
perf sched, kmem, kwork, lock, trace, evlist and report with trace sort keys."""

# (name, recording it was made for, perf arguments ("{}" is the perf.data), events it needs or None).
R = "report --stdio -i {}".split()
ANALYSES = [
    ("script", "main", "script -i {}".split(), None),
    ("script-F-trace", "main", "script -F trace -i {}".split(), None),
    ("script-F-comm,tid,cpu,time,event,trace", "main",
     "script -F comm,tid,cpu,time,event,trace -i {}".split(), None),
    ("script-F-ns-flags", "main", "script -F comm,pid,time,event,flags,trace --ns -i {}".split(), None),
    ("script-fields-trace:", "main", "script --fields trace:cpu,event,trace -i {}".split(), None),
    ("script-fields-ip,sym", "main", "script --fields comm,event,ip,sym,trace -i {}".split(), None),
    ("sched-latency", "sched", "sched latency -i {}".split(), None),
    ("sched-latency-max", "sched", "sched latency -s max -i {}".split(), None),
    ("sched-timehist", "sched", "sched timehist -i {}".split(), None),
    ("sched-timehist-wakeups", "sched", "sched timehist -w --state -i {}".split(), None),
    ("sched-timehist-summary", "sched", "sched timehist -S -i {}".split(), None),
    ("sched-script", "sched", "sched script -i {}".split(), None),
    ("sched-map", "sched", "sched map -i {}".split(), None),
    # perf kmem takes its options before the subcommand
    ("kmem-stat", "kmem", "kmem -i {} stat".split(), ["kmem:kmalloc"]),
    ("kmem-stat-caller-alloc", "kmem", "kmem -i {} --slab --caller --alloc stat".split(), ["kmem:kmalloc"]),
    ("kmem-stat-page-caller", "kmem", "kmem -i {} --page --caller --alloc stat".split(), ["kmem:mm_page_alloc"]),
    ("kwork-report", "kwork", "kwork report -i {}".split(), None),
    ("kwork-latency", "kwork", "kwork latency -i {}".split(), None),
    ("kwork-timehist", "kwork", "kwork timehist -i {}".split(), None),
    ("lock-report", "lock", "lock report -i {}".split(), ["lock:lock_acquire"]),
    ("lock-contention", "lock", "lock contention -i {}".split(), ["lock:contention_begin"]),
    ("trace", "main", "trace -i {}".split(), ["raw_syscalls:sys_enter"]),
    ("trace-summary", "main", "trace -s -i {}".split(), ["raw_syscalls:sys_enter"]),
    ("evlist-v", "main", "evlist -v -i {}".split(), None),
    ("evlist-trace-fields", "main", "evlist --trace-fields -i {}".split(), None),
    ("report-comm,trace", "main", R + ["--sort", "comm,trace"], None),
    ("report-comm,trace-raw", "main", R + ["--sort", "comm,trace", "--raw-trace"], None),
    ("report-trace_fields", "main", R + ["--sort", "trace_fields"], None),
    ("report-trace_fields-raw", "main", R + ["--sort", "trace_fields", "--raw-trace"], None),
    ("report-prev_comm", "main", R + ["--sort", "sched:sched_switch.prev_comm"], ["sched:sched_switch"]),
    ("report-prev_comm-raw", "main", R + ["--sort", "sched:sched_switch.prev_comm", "--raw-trace"],
     ["sched:sched_switch"]),
    ("report-prev_state,next_comm", "main",
     R + ["--sort", "sched:sched_switch.prev_state,sched:sched_switch.next_comm"], ["sched:sched_switch"]),
    ("report-prev_state,next_comm-raw", "main",
     R + ["--sort", "sched:sched_switch.prev_state,sched:sched_switch.next_comm", "--raw-trace"],
     ["sched:sched_switch"]),
    ("report-gfp_flags-raw", "main", R + ["--sort", "kmem:kmalloc.gfp_flags", "--raw-trace"], ["kmem:kmalloc"]),
    ("report-sys_enter.args-raw", "main", R + ["--sort", "raw_syscalls:sys_enter.args", "--raw-trace"],
     ["raw_syscalls:sys_enter"]),
]

