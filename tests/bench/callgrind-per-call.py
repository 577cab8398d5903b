#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
# Instructions per call of named functions, from a callgrind output file:
#   callgrind-per-call.py callgrind.out.N tep_print_event [more functions...]
# prints "function calls inclusive_Ir Ir_per_call" for each. Inclusive cost is
# summed over the call sites (callgrind writes it after each "calls=" line);
# a function's calls to itself are not counted twice.
import re
import sys

NAME = re.compile(r'^\((\d+)\)(?: (.*))?$')


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__ if __doc__ else 'usage: callgrind-per-call.py FILE FUNCTION...')
    wanted = set(sys.argv[2:])
    names = {}
    calls = {w: 0 for w in wanted}
    cost = {w: 0 for w in wanted}
    current = callee = None
    pending_calls = None

    def resolve(text):
        m = NAME.match(text)
        if not m:
            return text
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), '?')

    with open(sys.argv[1], errors='replace') as f:
        for line in f:
            line = line.rstrip('\n')
            if pending_calls is not None:
                fields = line.split()
                if callee in wanted and callee != current and len(fields) > 1:
                    calls[callee] += pending_calls
                    cost[callee] += int(fields[1])
                pending_calls = None
            elif line.startswith('fn='):
                current = resolve(line[3:])
            elif line.startswith('cfn='):
                callee = resolve(line[4:])
            elif line.startswith('calls='):
                pending_calls = int(line[6:].split()[0])
    for w in sys.argv[2:]:
        per = cost[w] / calls[w] if calls[w] else 0
        print(f'{w} {calls[w]} {cost[w]} {per:.1f}')


if __name__ == '__main__':
    main()
