#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""python3-trace-cmd (its `tracecmd` module, which calls libtraceevent through libtracecmd's
SWIG binding) on one trace file: every record in file order, as str(Event) prints it, then each
field, common ones first, as a number (Event.num_field: tep_read_number_field, None where the
field is not a number) and as text (Event.str_field, repr'd: bytes of arrays and strings).
Run inside the sid root by sid_consumers.py:  python3 tracecmd_fields.py TRACE [LIMIT]
LIMIT (default 3000) bounds the records printed; the count of all records ends the output."""
import sys

import tracecmd


def main():
    path = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    trace = tracecmd.Trace(path)
    print("cpus %d, long size %d" % (trace.cpus, trace.long_size))
    count = 0
    while True:
        event = trace.read_next_event()
        if event is None:
            break
        count += 1
        if count > limit:
            continue
        print(event)
        for key in event:
            print("  %s = %r %r" % (key, event.num_field(key), event.str_field(key)))
    print("%d records" % count)


if __name__ == "__main__":
    main()
