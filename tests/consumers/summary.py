#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Prints the same/different counts the consumer tests of this run left in RESULTS_DIR
(consumers.py --results), one line per consumer, then the cases still listed as expected
differences with their findings. Always exits 0: the consumer tests themselves fail.
  summary.py RESULTS_DIR MODULE...
"""
import json
import os
import sys

from consumers import SAME


def main():
    results, modules = sys.argv[1], sys.argv[2:]
    expected = []
    print("%-28s %6s %10s %9s %8s" % ("consumer", "same", "different", "expected", "skipped"))
    for module in modules:
        path = os.path.join(results, module + ".json")
        if not os.path.exists(path):
            print("%-28s did not run" % module)
            continue
        with open(path, encoding="utf-8") as f:
            r = json.load(f)
        if r["skipped"]:
            print("%-28s skipped: %s" % (r["consumer"], r["skipped"]))
            continue
        same = sum(1 for c in r["cases"] if c["verdict"] in SAME)
        skipped = sum(1 for c in r["cases"] if c["verdict"] == "skipped")
        listed = [c for c in r["cases"] if c["finding"] and c["verdict"] == "different"]
        expected += [(r["consumer"], c) for c in listed]
        print("%-28s %6d %10d %9d %8d" % (r["consumer"], same, len(r["cases"]) - same - skipped, len(listed), skipped))
    by_finding = {}
    for consumer, case in expected:
        by_finding.setdefault(case["finding"].split()[0], []).append("%s [%s]" % (consumer, case["case"]))
    for finding, listed in sorted(by_finding.items()):
        print("  %s: %d case%s still differ, e.g. %s" % (finding, len(listed), "s" if len(listed) > 1 else "",
                                                       "; ".join(listed[:3])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
