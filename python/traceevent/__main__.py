# SPDX-License-Identifier: LGPL-2.1
"""python3 -m traceevent: a trace.dat file's records as JSON lines, or its summary.

    python3 -m traceevent json TRACE [-o OUT] [-e EVENT ...] [-F FILTER]
    python3 -m traceevent summary TRACE
"""
import argparse
import os
import sys

import traceevent


def _json(args):
    with traceevent.open(args.trace) as trace:
        if args.output == "-":
            # to_jsonl writes a path: standard output is /dev/stdout.
            sys.stdout.flush()
            trace.to_jsonl("/dev/stdout", events=args.event or None, filter=args.filter)
        else:
            trace.to_jsonl(args.output, events=args.event or None, filter=args.filter)


def _summary(args):
    import pandas as pd

    with traceevent.open(args.trace) as trace:
        frame = trace.summary()
    with pd.option_context("display.max_rows", None, "display.width", 200):
        print(frame.to_string(index=False))
    lost = frame.attrs["lost_events"]
    unknown = frame.attrs["lost_unknown"]
    for cpu in sorted(lost):
        if lost[cpu] or unknown[cpu]:
            more = f" (and {unknown[cpu]} losses of unknown size)" if unknown[cpu] else ""
            print(f"cpu {cpu}: {lost[cpu]} events lost{more}")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m traceevent", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    json_cmd = commands.add_parser("json", help="one JSON object per record (Documentation/typed-events.md)")
    json_cmd.add_argument("trace")
    json_cmd.add_argument("-o", "--output", default="-", help="the file to write (default: standard output)")
    json_cmd.add_argument("-e", "--event", action="append", help="only this event (system:name); repeatable")
    json_cmd.add_argument("-F", "--filter", default="", help="an upstream filter string")
    json_cmd.set_defaults(run=_json)
    summary_cmd = commands.add_parser("summary", help="records per event and CPU, first/last timestamps, losses")
    summary_cmd.add_argument("trace")
    summary_cmd.set_defaults(run=_summary)
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except BrokenPipeError:  # a reader such as head went away
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (OSError, KeyError, ValueError) as e:
        print(f"traceevent: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
