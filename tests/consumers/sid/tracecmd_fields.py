#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""python3-trace-cmd (its `tracecmd` module, which calls libtraceevent through libtracecmd's
SWIG binding) on one trace file: every record, CPU by CPU (Trace.read_event), as str(Event)
prints it, then each
field, common ones first: a number field as its value (Event.num_field: tep_read_number_field),
any other (strings, arrays) as its text (Event.str_field) or, where that is no UTF-8, its raw
bytes (Field.data).
Run inside the sid root by sid_consumers.py:  python3 tracecmd_fields.py TRACE
The count of records ends the output. Not Trace.read_next_event: python3-trace-cmd 3.4's
binding of it crashes (or loops) on kmem.dat with either library, a few thousand records in,
after freeing what it returned (tracecmd_read_next_data's record and CPU out-parameter)."""
import sys

import tracecmd


def main():
    path = sys.argv[1]
    trace = tracecmd.Trace(path)
    print("cpus %d, long size %d" % (trace.cpus, trace.long_size))
    count = 0
    for cpu in range(trace.cpus):
        while True:
            event = trace.read_event(cpu)
            if event is None:
                break
            count += 1
            print(event)
            for key in event:
                number = event.num_field(key)
                if number is not None:
                    print("  %s = %d" % (key, number))
                    continue
                try:
                    print("  %s = %r" % (key, event.str_field(key)))
                except UnicodeDecodeError:
                    print("  %s = bytes %r" % (key, bytes(event[key].data)))
    print("%d records" % count)


if __name__ == "__main__":
    main()
