# SPDX-License-Identifier: LGPL-2.1
"""The Python examples of Documentation/typed-events.md and README.md: each runs from the
source tree and prints the output block that follows it."""
import os
import re
import subprocess
import sys

import pytest

SOURCE = os.environ.get("TRACEEVENT_TEST_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))


def python_example(doc):
    """The first ```python block of the document's "## Python" section, and the ```text block after it."""
    text = open(os.path.join(SOURCE, doc), encoding="utf-8").read()
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    m = re.search(r"```python\n(.*?)```.*?```text\n(.*?)```", section, re.S)
    assert m, "%s: no python example with its output" % doc
    return m.group(1), m.group(2)


@pytest.mark.parametrize("doc", ["Documentation/typed-events.md", "README.md"])
def test_example_prints_its_output(doc):
    code, expected = python_example(doc)
    run = subprocess.run([sys.executable, "-c", code], cwd=SOURCE, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and not run.stderr, run.stderr
    assert run.stdout == expected
